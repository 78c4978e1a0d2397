/**
 * Boxes and radios with no form keep the button that says it saves or sends them ("Save"), whatever
 * the rule for filters (form-groups.ts) drops beside a search box or lists. A regression test
 * written here: that rule, added for Gentelella's inbox and user list, first dropped "Save" beside
 * a row of boxes (a button whose click a script listens for), and the tool only ticked them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openExternal, useExternalEnv } from './external-env';

const PAGE = `<!doctype html><html lang="en"><head><title>Preferences</title></head><body>
<div class="prefs"><h2>Notifications</h2>
  <label><input type="checkbox" name="email"> E-mail me</label>
  <label><input type="checkbox" name="sms"> Text me</label>
  <button type="button" id="save">Save</button>
</div>
<script>
  document.getElementById('save').addEventListener('click', () => {
    window.saved = [...document.querySelectorAll('.prefs input:checked')].map((i) => i.name);
  });
</script></body></html>`;

const site = mkdtempSync(join(tmpdir(), 'pagemap-choice-buttons-'));
writeFileSync(join(site, 'index.html'), PAGE);
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test('a row of boxes with no form is sent with the button that says Save', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const tool = p.map.tools.find((t) => t.tool.params.some((q) => q.name === 'email'))?.tool;
    expect(tool?.description).not.toMatch(/nothing is sent/);
    const out = await p.run(tool!.name, { email: true });
    expect(out.result).toMatchObject({ success: true });
    expect(await p.page.evaluate(() => (window as unknown as { saved?: string[] }).saved)).toEqual(['email']);
  } finally {
    await p.close();
  }
});

/**
 * A box over a hidden textarea that collects items, on a page written by others (The National
 * Archives' textarea example "itemised rows": an item counts once added with Enter or "Add to
 * list"): typing into the box alone leaves the textarea the form sends empty, so the tool fails
 * with FIELD_NOT_SET and sends nothing, instead of answering success.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openExternal, useExternalEnv } from './external-env';
import { renderTnaExamples } from './external-tna';

const site = mkdtempSync(join(tmpdir(), 'pagemap-tna-'));
let page = '';
beforeAll(() => {
  [page] = renderTnaExamples(site, 'textarea', ['itemised rows']) as [string];
});
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test('text typed into the box but not added fails with FIELD_NOT_SET, and the form is not sent', async () => {
  const p = await openExternal(env(), page);
  try {
    const tool = p.map.tools.find((t) => t.tool.params.some((q) => /Enter your feedback/.test(q.description)))!.tool;
    const param = tool.params.find((q) => /Enter your feedback/.test(q.description))!;
    const out = await p.run(tool.name, { [param.name]: '4 Quay Street, Galway' });
    expect(out.result.success).toBe(false);
    expect(out.result.error?.code).toBe('FIELD_NOT_SET');
    expect(out.result.error?.message).toMatch(/would send nothing/);
    const state = await p.page.evaluate(() => ({
      sent: (document.querySelector('textarea[name="feedback"]') as HTMLTextAreaElement).value,
      search: location.search,
    }));
    expect(state).toEqual({ sent: '', search: '' });
  } finally {
    await p.close();
  }
});

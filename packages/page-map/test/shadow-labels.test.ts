/**
 * A web component's control named from inside its shadow root: a switch (role=switch) whose
 * `aria-labelledby` points at a label in the same shadow root, whose text is the light DOM slotted
 * into it (`<label id="l"><slot></slot></label>`), as Generic Components' switch is built. The ID
 * is looked up in the control's own tree and the label read through its slot, so the switch is a
 * click target by the words a person reads beside it. (The external page, that package's demo, is
 * in ext-bench.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openExternal, useExternalEnv } from './external-env';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Settings</title></head><body>
<h1>Settings</h1>
<x-switch>Dark mode</x-switch>
<x-switch>Notifications</x-switch>
<script>
customElements.define('x-switch', class extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = '<label id="l"><slot></slot></label> <div role="switch" tabindex="0" aria-checked="false" aria-labelledby="l" style="display:inline-block;width:30px;height:14px;background:#ccc"></div>';
    const sw = root.querySelector('[role=switch]');
    sw.addEventListener('click', () => {
      const on = sw.getAttribute('aria-checked') !== 'true';
      sw.setAttribute('aria-checked', String(on));
      this.toggleAttribute('checked', on);
    });
  }
});
</script></body></html>`;

const site = mkdtempSync(join(tmpdir(), 'pm-shadow-labels-'));
writeFileSync(join(site, 'index.html'), PAGE);
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test('a switch labelled inside its shadow root through a slot is a click target by that text, and the click acts', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const click = p.map.tools.find((t) => t.tool.name === 'click')?.tool;
    expect(click?.params[0]?.options).toEqual(expect.arrayContaining(['Dark mode', 'Notifications']));
    const out = await p.run('click', { target: 'Notifications' });
    expect(out.result.success).toBe(true);
    const checked = await p.page.$$eval('x-switch', (els) => els.map((e) => e.hasAttribute('checked')));
    expect(checked).toEqual([false, true]);
  } finally {
    await p.close();
  }
});

/**
 * The listener marking on a page with a same-origin frame: the frame's elements live in another
 * JavaScript world, and marking them in one call with the top's failed, which left the whole page
 * without marks (no element found by its listener, in the frame or out of it). Regression check of
 * listeners.ts with two plain pages written here; the mechanisms themselves are proven on pages
 * written by others (external-listeners.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openExternal, useExternalEnv } from './external-env';

const site = mkdtempSync(join(tmpdir(), 'pagemap-frames-'));
const listened = (id: string, text: string) =>
  `<div id="${id}">${text}</div><script>document.getElementById('${id}').addEventListener('click', (e) => { e.target.textContent = '${text} clicked'; });</script>`;
writeFileSync(join(site, 'inner.html'), `<!doctype html><body>${listened('inner', 'Inner item')}</body>`);
writeFileSync(
  join(site, 'index.html'),
  `<!doctype html><body><h1>Top</h1>${listened('top', 'Top item')}<iframe src="inner.html" width="400" height="200"></iframe></body>`,
);
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test('elements with click listeners are found in the page and in its same-origin frame', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const options = p.map.tools.find((t) => t.tool.name === 'click')?.tool.params[0]?.options ?? [];
    expect(options).toEqual(expect.arrayContaining(['Top item', 'Inner item']));
    const out = await p.run('click', { target: 'Top item' });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(() => document.getElementById('top')?.textContent === 'Top item clicked');
  } finally {
    await p.close();
  }
});

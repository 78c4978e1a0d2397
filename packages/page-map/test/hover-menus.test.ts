/**
 * Controls revealed only on hover: a menu whose submenu the page's CSS shows on `li:hover` (no
 * navigation region, no ARIA, no script), and the same in a same-origin frame. The `hover` tool
 * offers the element that shows more, moves the pointer onto it as a person does, and leaves it
 * there: the submenu is shown, and the next page map offers its item, whose click acts. (The
 * external pages that needed it, Superfish's menus and Selenium's test page, are in ext-bench.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractPageMap, runTool } from '../src';
import { openExternal, useExternalEnv } from './external-env';

const MENU_CSS = `
.menu { list-style: none; display: flex; gap: 3em; padding: 0; margin: 0 0 4em; }
.menu li { position: relative; cursor: default; }
.menu ul { display: none; position: absolute; top: 1.2em; left: 0; list-style: none; padding: 0; background: #fff; }
.menu li:hover > ul { display: block; }
a:hover { color: red; }`;

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<style>${MENU_CSS}</style></head><body>
<h1>Shop</h1>
<ul class="menu">
  <li><span>Products</span>
    <ul>
      <li onclick="document.getElementById('out').textContent = 'laptops'">Laptops</li>
      <li>Phones<ul><li onclick="document.getElementById('out').textContent = 'android'">Android</li></ul></li>
    </ul>
  </li>
  <li><span>About us</span></li>
</ul>
<p id="out">nothing chosen</p>
<p><a href="#top">Back to the top</a></p>
<iframe src="frame.html" title="help" width="400" height="200"></iframe>
</body></html>`;

const FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help</title>
<style>${MENU_CSS}</style></head><body>
<ul class="menu"><li><span>Help</span><ul><li onclick="document.body.dataset.chosen = 'contact'">Contact us</li></ul></li></ul>
</body></html>`;

function writeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pm-hover-'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'frame.html'), FRAME);
  return dir;
}

const site = writeSite();
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

const submenuShown = `getComputedStyle(document.querySelector('.menu > li > ul')).display === 'block'`;

test('the element that shows a submenu on hover is offered by hover; what it hides and what shows nothing are not', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const hover = p.map.tools.find((t) => t.tool.name === 'hover')?.tool;
    expect(hover?.description).toMatch(/hover/);
    const options = hover?.params[0]?.options ?? [];
    expect(options).toEqual(expect.arrayContaining(['Products', 'Help']));
    expect(options).not.toContain('About us');
    expect(options).not.toContain('Laptops');
    expect(options).not.toContain('Back to the top');
  } finally {
    await p.close();
  }
});

test('hovering shows the submenu; the next map offers its item and a click on it acts', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const out = await p.run('hover', { target: 'Products' });
    expect(out.result.success).toBe(true);
    expect(await p.page.evaluate(submenuShown)).toBe(true);
    const map = await extractPageMap(p.page, { includeContent: false });
    const click = map.tools.find((t) => t.tool.name === 'click')?.tool;
    expect(click?.params[0]?.options).toContain('Laptops');
    // The nested submenu's item is now a hoverable of its own.
    expect(map.tools.find((t) => t.tool.name === 'hover')?.tool.params[0]?.options).toContain('Phones');
    const res = await runTool(p.page, map, { tool: 'click', params: { target: 'Laptops' } }, { timeoutMs: 8000 });
    expect(res.result.success).toBe(true);
    expect(await p.page.$eval('#out', (e) => e.textContent)).toBe('laptops');
  } finally {
    await p.close();
  }
});

test('a menu in a same-origin frame opens under the pointer too', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const out = await p.run('hover', { target: 'Help' });
    expect(out.result.success).toBe(true);
    const frame = p.page.frames().find((f) => f.url().endsWith('/frame.html'))!;
    expect(await frame.evaluate(submenuShown)).toBe(true);
    // The top page's menu stays closed: the pointer is on the frame's.
    expect(await p.page.evaluate(submenuShown)).toBe(false);
  } finally {
    await p.close();
  }
});

test('a target that shows nothing on hover is refused, and nothing opens', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const out = await p.run('hover', { target: 'About us' });
    expect(out.result.error?.code).toBe('INVALID_PARAMS');
    expect(await p.page.evaluate(submenuShown)).toBe(false);
  } finally {
    await p.close();
  }
});

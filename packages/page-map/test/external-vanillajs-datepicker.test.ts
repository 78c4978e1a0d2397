/**
 * Vanilla JS Datepicker as its npm package ships it (`vanillajs-datepicker` 1.3.4): its live demo
 * in plain CSS (`demo/plain-css.html`), whose highlight.js comes from a CDN: here the same version
 * from npm (`@highlightjs/cdn-assets`, the npm release of the files the page names), served where
 * the page's address is rewritten to point; its tooltip styles are dropped (looks only). Nothing
 * else in the page changes. What it showed:
 * - The inline calendar's day cells are spans with no role, link or tabindex (a pointer cursor
 *   only on hover); one listener on the calendar's main part acts on the cell under the pointer.
 *   No cell was a click option: "pick the 15th" could not be done.
 * - The range is two boxes in one wrapper with only "to" between them: each was a tool of its own,
 *   and an agent asked for a range filled the start alone. And each box's calendar is drawn right
 *   after it, hidden until the box is focused: once it showed, its «, » and month buttons were
 *   taken for the box's buttons, the box's tool changed under the fill, which answered ELEMENT_GONE.
 * - The picker takes a typed date when the box is left with Tab or Enter, or by a click elsewhere,
 *   not on a script's blur, which is how a fill left each box: the boxes held the dates, the picker
 *   none of them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { extractPageMap, runTool } from '../src';
import { useExternalEnv, withExternalPage, type OpenedPage } from './external-env';

/** The package's folder (its `exports` name no package.json: found from its main module, `js/main.js`). */
const PKG = dirname(dirname(require.resolve('vanillajs-datepicker')));

function writeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pagemap-vanillajs-datepicker-'));
  symlinkSync(join(PKG, 'dist'), join(dir, 'dist'));
  symlinkSync(dirname(require.resolve('@highlightjs/cdn-assets/package.json')), join(dir, 'hljs'));
  mkdirSync(join(dir, 'demo'));
  symlinkSync(join(PKG, 'demo', 'live-demo.js'), join(dir, 'demo', 'live-demo.js'));
  const html = readFileSync(join(PKG, 'demo', 'plain-css.html'), 'utf8')
    .split('https://cdn.jsdelivr.net/gh/highlightjs/cdn-release@11.7.0/build/')
    .join('/hljs/')
    .replace(/<link[^>]+bulma-tooltip[^>]+>/, ''); // looks only
  writeFileSync(join(dir, 'demo', 'plain-css.html'), html);
  return dir;
}

const SITE = writeSite();
afterAll(() => rmSync(SITE, { recursive: true, force: true }));
const env = useExternalEnv(SITE);
const withPage = (fn: (p: OpenedPage) => Promise<void>) => withExternalPage(env(), 'demo/plain-css.html', fn);

/** Switches the demo to `type` with its own tool and maps the page again. */
async function switchTo(p: OpenedPage, type: 'Inline' | 'Range') {
  expect((await p.run('choose_type', { type })).result).toMatchObject({ success: true });
  return extractPageMap(p.page, { includeContent: false });
}

test("a calendar's day cells, served by one listener on the calendar, are click options", async () => {
  await withPage(async (p) => {
    const map = await switchTo(p, 'Inline');
    const options = map.tools.find((t) => t.tool.name === 'click')?.tool.params[0]!.options ?? [];
    for (const day of ['14', '15', '28']) expect(options).toContain(day);
    const out = await runTool(p.page, map, { tool: 'click', params: { target: '15' } }, { timeoutMs: 8000 });
    expect(out.result).toMatchObject({ success: true });
    const picked = await p.page.evaluate(
      () => (window as unknown as { demoPicker: { getDate(): Date | undefined } }).demoPicker.getDate()?.getDate() ?? 0,
    );
    expect(picked).toBe(15);
  });
});

test('the two boxes of a range are one tool, which keeps its fields while a box shows its calendar', async () => {
  await withPage(async (p) => {
    const paramsOf = (map: Awaited<ReturnType<typeof switchTo>>) =>
      map.tools.filter((t) => t.tool.params.some((x) => x.name === 'range_start')).map((t) => t.tool.params);
    const map = await switchTo(p, 'Range');
    expect(paramsOf(map).map((ps) => ps.map((x) => x.name))).toEqual([['range_start', 'range_end']]);
    // The start box focused and typed into: its calendar shows, with its «, » and month buttons.
    await p.page.focus('input[name=range-start]');
    await p.page.keyboard.type('01/02');
    const open = await extractPageMap(p.page, { includeContent: false });
    expect(paramsOf(open).map((ps) => ps.map((x) => x.name))).toEqual([['range_start', 'range_end']]);
    const tool = open.tools.find((t) => t.tool.params.some((x) => x.name === 'range_start'))!.tool;
    const values = { range_start: '01/02/2025', range_end: '01/09/2025' };
    const out = await runTool(p.page, open, { tool: tool.name, params: values }, { timeoutMs: 8000 });
    expect(out.result).toMatchObject({ success: true });
    const held = await p.page.$$eval('#sandbox input', (els) => els.map((e) => (e as HTMLInputElement).value));
    expect(held).toEqual(['01/02/2025', '01/09/2025']);
    // Each box left with Tab, as a person leaves it: the picker took the dates (it ignores a
    // script's blur, and before held none of them).
    const range = await p.page.evaluate(() =>
      (window as unknown as { demoPicker: { getDates(f: string): string[] } }).demoPicker.getDates('mm/dd/yyyy'),
    );
    expect(range).toEqual(['01/02/2025', '01/09/2025']);
  });
});

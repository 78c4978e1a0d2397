/**
 * The page map on jQuery UI's demos (Debian's libjs-jquery-ui-docs, served unchanged by this
 * benchmark's own server), read with the page map itself:
 * - a page that hides itself whole until its scripts are ready is read once it shows itself. The demos keep
 * `html.demo-loading { visibility: hidden }` until RequireJS has loaded their widgets, 0.1–0.9 s
 * after the load event. The map read at load had no "Create new user" button (the bench's task on
 * it failed on every run); now extraction waits (bounded) for the page to show itself;
 * - boxes and radios outside any form with no button near them (checkboxradio draws each as a
 *   button-like label over its hidden input) are set by one tool that sends nothing. Before, no
 *   tool and no click target named them;
 * - a dropdown drawn over a hidden select that does not follow the select (selectmenu) is driven
 *   by pointer after the fill, so it shows the choice and the page's own handler runs. Before, the
 *   select changed, the widget still said "Yellow" and the circle stayed yellow: a silent success;
 * - what a script shows on hover (a delegated menu's submenu, a tooltip on the document) is found
 *   by the page's hover listeners, and the hover waits until it shows. Before, `hover` was offered
 *   only by the page's :hover style rules: neither the menu nor the field's tip could be pointed at.
 */
import { closeTestBrowser, launchTestBrowser } from '@pagemap/test-utils';
import { extractPageMap, preparePage, runTool, type PageMap } from '@pagemap/page-map';
import type { Browser, Page } from 'puppeteer-core';
import { sourceNamed, startSourceServer, type SourceServer } from '../src';

let server: SourceServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startSourceServer(sourceNamed('jquery-ui')), launchTestBrowser()]);
});
afterAll(async () => {
  await closeTestBrowser(browser);
  await server?.close();
});

/** Opens a demo page in a fresh context, maps it (waiting for it to render), runs `check`, closes. */
async function withDemo(path: string, check: (page: Page, map: PageMap) => Promise<void>): Promise<void> {
  const ctx = await browser.createBrowserContext();
  try {
    const page = await ctx.newPage();
    await preparePage(page);
    await page.goto(server.url(path), { waitUntil: 'load' });
    await check(page, await extractPageMap(page, { includeContent: false, awaitRenderMs: 10_000 }));
  } finally {
    await ctx.close();
  }
}

test("a demo page hidden until its widgets are loaded is mapped once shown: the dialog's opener is offered", async () => {
  await withDemo('dialog/modal-form.html', async (page, map) => {
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).visibility)).toBe('visible');
    const offered = map.tools.flatMap((t) => [t.tool.name, ...t.tool.params.flatMap((p) => p.options ?? [])]);
    expect(offered).toContain('Create new user');
  });
});

test('styled radios and boxes in a fieldset with no button are set by a tool that sends nothing; the widget shows it', async () => {
  await withDemo('checkboxradio/default.html', async (page, map) => {
    const tool = map.tools.find((t) => t.tool.params.some((p) => p.options?.includes('Paris')))?.tool;
    expect(tool?.description).toMatch(/nothing is sent/);
    const param = tool!.params.find((p) => p.options?.includes('Paris'))!;
    const out = await runTool(page, map, { tool: tool!.name, params: { [param.name]: 'Paris' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(
      await page.evaluate(() => [
        (document.getElementById('radio-2') as HTMLInputElement).checked,
        document.querySelector('label[for=radio-2]')!.classList.contains('ui-checkboxradio-checked'),
      ]),
    ).toEqual([true, true]);
  });
});

test("a selectmenu over a hidden select is driven after the fill: it shows the choice and the page's handler runs", async () => {
  await withDemo('selectmenu/product-selection.html', async (page, map) => {
    const tool = map.tools.find((t) => t.tool.params.some((p) => p.options?.includes('Green')))!.tool;
    const param = tool.params.find((p) => p.options?.includes('Green'))!;
    const out = await runTool(page, map, { tool: tool.name, params: { [param.name]: 'Green' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(
      await page.evaluate(() => [
        (document.getElementById('color') as HTMLSelectElement).value,
        document.getElementById('color-button')!.textContent!.trim(),
        getComputedStyle(document.getElementById('circle')!).backgroundColor,
      ]),
    ).toEqual(['green', 'Green', 'rgb(0, 128, 0)']);
  });
});

test("hover targets found by the page's listeners: a delegated menu's submenu and a document tooltip show", async () => {
  for (const [path, target, shown] of [
    [
      'menu/default.html',
      'Electronics',
      "getComputedStyle(document.getElementById('ui-id-4').nextElementSibling).display !== 'none'",
    ],
    [
      'tooltip/default.html',
      'Your age',
      "[...document.querySelectorAll('.ui-tooltip')].some((t) => t.offsetParent !== null && t.textContent.includes('statistical'))",
    ],
  ]) {
    await withDemo(path!, async (page, map) => {
      expect(map.tools.find((t) => t.tool.name === 'hover')?.tool.params[0]?.options).toContain(target);
      const out = await runTool(page, map, { tool: 'hover', params: { target: target! } }, { timeoutMs: 8000 });
      expect(out.result.success).toBe(true);
      expect([path, await page.evaluate(shown!)]).toEqual([path, true]);
    });
  }
});

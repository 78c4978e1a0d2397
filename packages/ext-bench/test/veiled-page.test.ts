/**
 * A page that hides itself whole until its scripts are ready is read once it shows itself. jQuery
 * UI's demos (Debian's libjs-jquery-ui-docs, served unchanged by this benchmark's own server) keep
 * `html.demo-loading { visibility: hidden }` until RequireJS has loaded their widgets, 0.1–0.9 s
 * after the load event. The map read at load had no "Create new user" button (the bench's task on
 * it failed on every run); now extraction waits (bounded) for the page to show itself.
 */
import { closeTestBrowser, launchTestBrowser } from '@pagemap/test-utils';
import { extractPageMap, preparePage } from '@pagemap/page-map';
import type { Browser } from 'puppeteer-core';
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

test("a demo page hidden until its widgets are loaded is mapped once shown: the dialog's opener is offered", async () => {
  const ctx = await browser.createBrowserContext();
  try {
    const page = await ctx.newPage();
    await preparePage(page);
    await page.goto(server.url('dialog/modal-form.html'), { waitUntil: 'load' });
    const map = await extractPageMap(page, { includeContent: false, awaitRenderMs: 10_000 });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).visibility)).toBe('visible');
    const offered = map.tools.flatMap((t) => [t.tool.name, ...t.tool.params.flatMap((p) => p.options ?? [])]);
    expect(offered).toContain('Create new user');
  } finally {
    await ctx.close();
  }
});

/**
 * installPageScript (page-script-host/call.ts) in real Chromium: with the script installed in
 * every new document, calls send only the short request — after navigations and in frames too —
 * and a document the install did not reach still gets the source, once, and answers.
 */
import type { Browser, Frame, Page } from 'puppeteer-core';
import { closeTestBrowser, launchTestBrowser, startFixtureServer, type FixtureServer } from '@pagemap/test-utils';
import { callPageScript, installPageScript } from '../../src/page-script-host/call';

let browser: Browser;
let site: FixtureServer;
const BIG = 20_000;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchTestBrowser(), startFixtureServer()]);
  const serve = (path: string, body: string) =>
    site.route('GET', path, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(body);
    });
  serve('/install/one', '<!doctype html><title>One</title><a href="/install/two">Two</a>');
  serve('/install/two', '<!doctype html><title>Two</title><iframe src="/install/inner"></iframe>');
  serve('/install/inner', '<!doctype html><title>Inner</title><form><label>Code <input name="c"></label></form>');
});
afterAll(async () => {
  await closeTestBrowser(browser);
  await site.close();
});

/** Records the size of every function a frame is asked to evaluate (the source travels inside it). */
function watchSent(frame: Frame): number[] {
  const sent: number[] = [];
  const evaluate = frame.evaluate.bind(frame);
  frame.evaluate = ((fn: unknown, ...args: unknown[]) => {
    sent.push(String(fn).length);
    return (evaluate as (f: unknown, ...a: unknown[]) => Promise<unknown>)(fn, ...args);
  }) as typeof frame.evaluate;
  return sent;
}

const titleOf = async (target: Page | Frame) => {
  const r = await callPageScript(target, { op: 'extract', maxLinks: 10, maxText: 100 });
  return r.op === 'extract' ? r.page.title : undefined;
};

async function freshPage(): Promise<Page> {
  return (await browser.createBrowserContext()).newPage();
}

test('installed: no call sends the source, after a navigation and in a frame', async () => {
  const page = await freshPage();
  await installPageScript(page);
  const sent = watchSent(page.mainFrame());
  await page.goto(site.url('/install/one'), { waitUntil: 'load' });
  expect(await titleOf(page)).toBe('One');
  await page.goto(site.url('/install/two'), { waitUntil: 'load' });
  expect(await titleOf(page)).toBe('Two');
  const inner = page.frames().find((f) => f.url().endsWith('/install/inner'))!;
  const sentInner = watchSent(inner);
  expect(await titleOf(inner)).toBe('Inner');
  expect([...sent, ...sentInner].filter((n) => n > BIG)).toEqual([]);
  expect(sent.length).toBe(2); // one short message per call
  await page.browserContext().close();
});

test('a document the install did not reach gets the source once, and answers', async () => {
  const page = await freshPage();
  await page.goto(site.url('/install/one'), { waitUntil: 'load' });
  await installPageScript(page); // after this document was made
  const sent = watchSent(page.mainFrame());
  expect(await titleOf(page)).toBe('One');
  expect(await titleOf(page)).toBe('One');
  // The short message first (answered "none"), then the source, then only short messages.
  expect(sent.map((n) => n > BIG)).toEqual([false, true, false]);
  await page.browserContext().close();
});

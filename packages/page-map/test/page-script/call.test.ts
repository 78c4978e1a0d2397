/**
 * call.ts in real Chromium: the page script's source crosses the protocol once per document;
 * later calls in the same document send only the request, and a new document gets it again.
 */
import type { Browser, Page } from 'puppeteer-core';
import { closeTestBrowser, launchTestBrowser } from '@pagemap/test-utils';
import { callPageScript } from '../../src/page-script-host/call';

let browser: Browser;
let page: Page;
/** Size of the function source of every evaluate the page was asked for. */
let sent: number[] = [];

beforeAll(async () => {
  browser = await launchTestBrowser();
  page = await browser.newPage();
  // The page script runs in the frame it is asked for (here the main frame).
  const frame = page.mainFrame();
  const evaluate = frame.evaluate.bind(frame);
  frame.evaluate = ((fn: unknown, ...args: unknown[]) => {
    sent.push(String(fn).length);
    return (evaluate as (f: unknown, ...a: unknown[]) => Promise<unknown>)(fn, ...args);
  }) as typeof frame.evaluate;
});
afterAll(async () => {
  await closeTestBrowser(browser);
});

const BIG = 20_000;

test('the source is sent once per document', async () => {
  await page.setContent(
    '<!doctype html><title>One</title><form><label>Name <input name="n"></label><button>Go</button></form>',
  );
  sent = [];
  const first = await callPageScript(page, { op: 'signals' });
  const second = await callPageScript(page, { op: 'extract', maxLinks: 10, maxText: 100 });
  expect(first.op).toBe('signals');
  expect(second.op === 'extract' && second.page.title).toBe('One');
  expect(sent.length).toBe(2);
  expect(sent[0]).toBeGreaterThan(BIG);
  expect(sent[1]).toBeLessThan(BIG);

  // A new document has no script: the next call sends the source again, and works.
  await page.goto('about:blank');
  await page.setContent('<!doctype html><title>Two</title><p>Hello</p>');
  sent = [];
  const third = await callPageScript(page, { op: 'extract', maxLinks: 10, maxText: 100 });
  expect(third.op === 'extract' && third.page.title).toBe('Two');
  expect(sent.some((n) => n > BIG)).toBe(true);
});

test('the kept script is not reachable under a name a page could guess', async () => {
  await page.setContent('<!doctype html><title>Three</title>');
  await callPageScript(page, { op: 'signals' });
  const names = await page.evaluate(() => ({
    props: Object.getOwnPropertyNames(window).filter((n) => /pagemap/i.test(n)),
    guessed: ['pagemap.script', 'pagemapPageScript'].map(
      (k) => typeof (window as unknown as Record<symbol, unknown>)[Symbol.for(k)],
    ),
  }));
  expect(names.props).toEqual([]);
  expect(names.guessed).toEqual(['undefined', 'undefined']);
});

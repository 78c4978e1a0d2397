/**
 * page-script-host (call.ts, world.ts) in real Chromium: the page script is installed once per
 * document in its own isolated world, so every call on a prepared page is one short message —
 * after navigations and in frames too; a document the install did not reach gets the source once;
 * and the page's own scripts can neither reach the script nor change what it reads.
 */
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { closeTestBrowser, launchTestBrowser, startFixtureServer, type FixtureServer } from '@pagemap/test-utils';
import { callPageScript } from '../../src/page-script-host/call';
import { sessionOf } from '../../src/page-script-host/world';
import { extractPageMap, preparePage } from '../../src';

let browser: Browser;
let site: FixtureServer;
/** A protocol message that carries the page script's source is at least this long. */
const BIG = 20_000;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchTestBrowser(), startFixtureServer()]);
  const serve = (path: string, body: string) =>
    site.route('GET', path, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(body);
    });
  serve('/world/one', '<!doctype html><title>One</title><a href="/world/two">Two</a>');
  serve('/world/two', '<!doctype html><title>Two</title><iframe src="/world/inner"></iframe>');
  serve('/world/inner', '<!doctype html><title>Inner</title><form><label>Code <input name="c"></label></form>');
  serve(
    '/world/hostile',
    `<!doctype html><title>Real title</title>
<form><label>Email <input name="email" type="email"></label><button>Sign up</button></form>
<div id="pin">Pin</div>
<script>
  document.getElementById('pin').addEventListener('click', () => {});
  // The page patches what a script in its world would use to read it.
  Document.prototype.querySelectorAll = Element.prototype.querySelectorAll = function () { return []; };
  Object.defineProperty(Document.prototype, 'title', { get: () => 'Forged title' });
  window.JSON.stringify = () => '{"forged":true}';
</script>`,
  );
});
afterAll(async () => {
  await closeTestBrowser(browser);
  await site.close();
});

/** Records the size of every protocol message a session sends. */
function watchSent(client: CDPSession): number[] {
  const sent: number[] = [];
  const send = client.send.bind(client);
  client.send = ((method: string, params?: object) => {
    sent.push(method.length + JSON.stringify(params ?? {}).length);
    return send(method as never, params as never);
  }) as typeof client.send;
  return sent;
}

const titleOf = async (target: Parameters<typeof callPageScript>[0]) => {
  const r = await callPageScript(target, { op: 'extract', maxLinks: 10, maxText: 100 });
  return r.op === 'extract' ? r.page.title : undefined;
};

async function freshPage(): Promise<Page> {
  return (await browser.createBrowserContext()).newPage();
}

test('prepared: no call sends the source, after navigations and in a frame', async () => {
  const page = await freshPage();
  await preparePage(page);
  const sent = watchSent(sessionOf(page.mainFrame()));
  await page.goto(site.url('/world/one'), { waitUntil: 'load' });
  const before = sent.length;
  expect(await titleOf(page)).toBe('One');
  expect(sent.length - before).toBe(1); // one short message per call
  await page.goto(site.url('/world/two'), { waitUntil: 'load' });
  expect(await titleOf(page)).toBe('Two');
  const inner = page.frames().find((f) => f.url().endsWith('/world/inner'))!;
  expect(await titleOf(inner)).toBe('Inner');
  expect(sent.filter((n) => n > BIG)).toEqual([]);
  await page.browserContext().close();
});

test('a document the install did not reach gets the source once, and answers', async () => {
  const page = await freshPage(); // never prepared
  await page.goto(site.url('/world/one'), { waitUntil: 'load' });
  const sent = watchSent(sessionOf(page.mainFrame()));
  expect(await titleOf(page)).toBe('One');
  expect(await titleOf(page)).toBe('One');
  // Its world made, the short message first (answered "none"), then the source, then only short messages.
  expect(sent.map((n) => n > BIG)).toEqual([false, false, true, false]);
  await page.browserContext().close();
});

test("the page's own scripts cannot reach the script nor change what it reads", async () => {
  const page = await freshPage();
  await preparePage(page);
  await page.goto(site.url('/world/hostile'), { waitUntil: 'load' });
  const map = await extractPageMap(page, { includeContent: false });
  expect(map.title).toBe('Real title');
  expect(map.tools.some((t) => t.tool.params.some((p) => p.name === 'email'))).toBe(true);
  // A div made clickable only by a listener: found by the marks the debugger's reading put.
  const click = map.tools.find((t) => t.tool.name === 'click')?.tool;
  expect(click?.params[0]?.options).toEqual(expect.arrayContaining(['Pin']));
  // Nothing of the script, its marks or its bridge is visible in the page's world.
  const seen = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    const pin = document.getElementById('pin')!;
    return {
      globals: Object.getOwnPropertyNames(window).filter((n) => /pagemap/i.test(n)),
      kept: typeof w.pagemapKept,
      symbols: Object.getOwnPropertySymbols(window)
        .map((s) => Symbol.keyFor(s) ?? '')
        .filter((k) => /script|listen/.test(k)),
      marks: Object.getOwnPropertySymbols(pin).length,
    };
  });
  expect(seen).toEqual({ globals: [], kept: 'undefined', symbols: [], marks: 0 });
  await page.browserContext().close();
});

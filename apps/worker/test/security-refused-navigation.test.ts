/**
 * Navigations that end somewhere the outbound guard refuses, or nowhere, are failures and are not
 * billed — through the whole stack with only 127.0.0.1/32 allowed.
 *
 * A tool navigation redirected to a refused address (plain http: the egress proxy answers in its
 * place; https: the tunnel fails) gives a failed tool result `NOT_ALLOWED`, never `success: true`
 * with the proxy's refusal as the page. The proxy's own 502 (a site that does not answer) is
 * `NAVIGATION_FAILED`, at open and in a tool, never a 200 page map. A meta refresh to a refused
 * address never gives a 500. None of these is billed, and the refused servers are never reached.
 */
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { api, freePort, startFixtureServer, startStack, type FixtureServer, type Stack } from '@pagemap/test-utils';
import { gatewaysReady } from './helpers';

let stack: Stack;
let site: FixtureServer;
let forbidden: FixtureServer;
let trap: TcpServer;
let trapPort: number;
let trapHits = 0;
let key: string;

beforeAll(async () => {
  site = await startFixtureServer({ host: '127.0.0.1' });
  forbidden = await startFixtureServer({ host: '127.0.0.2' });
  trap = createTcpServer((s) => {
    trapHits += 1;
    s.destroy();
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.2', () => r()));
  trapPort = (trap.address() as AddressInfo).port;
  site.route('GET', '/nav/start', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Start</title><main><h1>Start</h1><a href="/article.html">Article</a></main>');
  });
  site.route('GET', '/nav/meta-refresh', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Moving</title><meta http-equiv="refresh" content="0;url=http://127.0.0.2:${forbidden.port}/meta"><main><p>This page moves on at once.</p></main>`,
    );
  });
  stack = await startStack({ env: { PAGEMAP_OUTBOUND_ALLOW: '127.0.0.1/32' } });
  key = (await stack.tenant({ plan: 'scale' })).apiKey;
  await gatewaysReady(stack);
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
  await forbidden?.close();
  await new Promise((r) => trap?.close(r));
});

async function used(): Promise<number> {
  return (await api(stack.url, 'GET', '/v1/usage', { key })).body.actions.used as number;
}

async function toolNavigation(url: string) {
  const opened = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/nav/start') } });
  expect(opened.status).toBe(200);
  const before = await used();
  const res = await api(stack.url, 'POST', '/v1/browse', {
    key,
    body: { session_id: opened.body.session_id, tools: [{ tool: 'navigate', params: { url } }] },
  });
  expect(res.status).toBe(200);
  return { res, billed: (await used()) - before };
}

test.each([
  ['plain http', () => site.url(`/redirect?to=${encodeURIComponent(`http://127.0.0.2:${forbidden.port}/hop`)}`)],
  ['https tunnel', () => site.url(`/redirect?to=${encodeURIComponent(`https://127.0.0.2:${trapPort}/hop`)}`)],
])('a tool navigation redirected to a refused address (%s) fails with NOT_ALLOWED, unbilled', async (_w, url) => {
  const { res, billed } = await toolNavigation(url());
  expect(res.body.results[0]).toMatchObject({ success: false, error: { code: 'NOT_ALLOWED' } });
  expect(billed).toBe(0);
  expect(forbidden.hits()).toBe(0);
  expect(trapHits).toBe(0);
});

test('a tool navigation to a site that does not answer fails with NAVIGATION_FAILED, unbilled', async () => {
  const { res, billed } = await toolNavigation(`http://127.0.0.1:${await freePort()}/nothing-here`);
  expect(res.body.results[0]).toMatchObject({ success: false, error: { code: 'NAVIGATION_FAILED' } });
  expect(billed).toBe(0);
});

test("opening a site that does not answer is NAVIGATION_FAILED, not the egress proxy's 502 as a page", async () => {
  const before = await used();
  const res = await api(stack.url, 'POST', '/v1/browse', {
    key,
    body: { url: `http://127.0.0.1:${await freePort()}/nothing-here` },
  });
  expect([res.status, res.body.error]).toEqual([502, 'NAVIGATION_FAILED']);
  expect(await used()).toBe(before);
});

test("a meta refresh to a refused address never answers 500, nor the proxy's refusal as a billed page", async () => {
  for (let i = 0; i < 3; i++) {
    const before = await used();
    const res = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/nav/meta-refresh') } });
    // Read before the refresh fired: the page itself (billed). After: refused (not billed).
    if (res.status === 200) {
      expect(res.body.title).toBe('Moving');
      expect(await used()).toBe(before + 1);
    } else {
      expect([res.status, res.body.error]).toEqual([403, 'TARGET_NOT_ALLOWED']);
      expect(await used()).toBe(before);
    }
  }
  expect(forbidden.hits()).toBe(0);
});

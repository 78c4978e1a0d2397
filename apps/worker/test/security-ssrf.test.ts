/**
 * SSRF attempts through the whole stack (gateway → BullMQ → worker → Chromium → egress proxy).
 *
 * Two loopback fixture servers: the allowed site on 127.0.0.1 and the "forbidden" one on
 * 127.0.0.2, plus a raw TCP trap on 127.0.0.2 that counts any connection at all (WebSockets,
 * tunnels). The worker allows only 127.0.0.1/32, so 127.0.0.2 — and host names mapped to it —
 * stand in for every private/metadata target: the guard is on, and reaching them is a failure.
 * Every attempt must be refused and the forbidden servers must record zero hits.
 */
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { api, startFixtureServer, startStack, type FixtureServer, type Stack } from '@pagemap/test-utils';

let stack: Stack;
let site: FixtureServer;
let forbidden: FixtureServer;
let trap: TcpServer;
let trapPort: number;
let trapHits = 0;
let key: string;

const F = () => forbidden.port;
const T = () => trapPort;

beforeAll(async () => {
  site = await startFixtureServer({ host: '127.0.0.1' });
  forbidden = await startFixtureServer({ host: '127.0.0.2' });
  trap = createTcpServer((s) => {
    trapHits += 1;
    s.destroy();
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.2', () => r()));
  trapPort = (trap.address() as AddressInfo).port;

  // Pages on the allowed site that reach for the forbidden targets from inside the page.
  const page = (title: string, body: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
  const html = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
  site.route(
    'GET',
    '/ssrf/iframe',
    html(
      page(
        'Iframe',
        `<iframe src="http://127.0.0.2:${F()}/from-iframe"></iframe><iframe src="http://evil.test:${F()}/from-iframe-host"></iframe>`,
      ),
    ),
  );
  site.route(
    'GET',
    '/ssrf/subresources',
    html(
      page(
        'Subresources',
        `<img src="http://127.0.0.2:${F()}/from-img.png"><script src="http://[::ffff:127.0.0.2]:${F()}/from-script.js"></script><link rel="stylesheet" href="http://evil.test:${F()}/from-css.css">`,
      ),
    ),
  );
  const script = (title: string, js: string) => html(page(title, `<p id="out">pending</p><script>${js}</script>`));
  site.route(
    'GET',
    '/ssrf/fetch',
    script(
      'Fetch',
      `fetch('http://127.0.0.2:${F()}/from-fetch').then((r)=>out.textContent=r.ok?'reached':'failed',()=>out.textContent='failed')`,
    ),
  );
  site.route(
    'GET',
    '/ssrf/fetch-host',
    script(
      'Fetch by name',
      `fetch('http://evil.test:${F()}/from-fetch-host',{mode:'no-cors'}).then((r)=>out.textContent=r.ok?'reached':'failed',()=>out.textContent='failed')`,
    ),
  );
  site.route(
    'GET',
    '/ssrf/xhr',
    script(
      'XHR',
      `var x=new XMLHttpRequest();x.open('GET','http://2130706434:${F()}/from-xhr');x.onload=()=>out.textContent='reached';x.onerror=()=>out.textContent='failed';x.send()`,
    ),
  );
  site.route(
    'GET',
    '/ssrf/ws',
    script(
      'WebSocket',
      `var w=new WebSocket('ws://127.0.0.2:${T()}/from-ws');w.onopen=()=>out.textContent='reached';w.onerror=()=>out.textContent='failed'`,
    ),
  );
  site.route(
    'GET',
    '/ssrf/ws-host',
    script(
      'WebSocket by name',
      `var w=new WebSocket('ws://evil.test:${T()}/from-ws-host');w.onopen=()=>out.textContent='reached';w.onerror=()=>out.textContent='failed'`,
    ),
  );
  site.route(
    'GET',
    '/ssrf/beacon',
    script('Beacon', `navigator.sendBeacon('http://127.0.0.2:${F()}/from-beacon','x')`),
  );
  site.route(
    'GET',
    '/ssrf/links',
    html(
      page(
        'Links',
        `<ul><li><a href="http://127.0.0.2:${F()}/from-link">Forbidden literal</a></li><li><a href="http://evil.test:${F()}/from-link-host">Forbidden by name</a></li><li><a href="/redirect?to=http://127.0.0.2:${F()}/from-link-redirect">Redirect away</a></li></ul>`,
      ),
    ),
  );

  stack = await startStack({
    workers: 1,
    gateways: 1,
    env: {
      PAGEMAP_OUTBOUND_ALLOW: '127.0.0.1/32',
      PAGEMAP_OUTBOUND_HOST_MAP:
        'evil.test=127.0.0.2,accounts.evil.test=127.0.0.2,metadata.test=169.254.169.254,good.test=127.0.0.1',
      PAGEMAP_CACHE_TTL_S: '0',
    },
  });
  ({ apiKey: key } = await stack.tenant({ plan: 'scale' }));
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
  await forbidden?.close();
  await new Promise((r) => trap?.close(r));
});

afterEach(() => {
  // The invariant behind every row: nothing reached the forbidden targets.
  expect(forbidden.hits()).toBe(0);
  expect(trapHits).toBe(0);
});

// ---- top-level targets: refused before or at connection, with a clear 4xx ----
const direct: Array<[string, () => string]> = [
  ['loopback off the allow list', () => `http://127.0.0.2:${F()}/direct`],
  ['decimal integer spelling', () => `http://2130706434:${F()}/int`],
  ['hex two-part spelling', () => `http://0x7f.2:${F()}/hex`],
  ['octal spelling', () => `http://0177.0.0.2:${F()}/octal`],
  ['IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.2]:${F()}/mapped`],
  ['IPv4-mapped IPv6, hex', () => `http://[::ffff:7f00:2]:${F()}/mapped-hex`],
  ['host name mapped to loopback, not allowed', () => `http://evil.test:${F()}/by-name`],
  ['mapped host name, upper case with trailing dot', () => `http://ACCOUNTS.EVIL.TEST.:${F()}/by-name-dot`],
  ['unspecified 0.0.0.0', () => `http://0.0.0.0:${F()}/zero`],
  ['IPv6 loopback', () => `http://[::1]:${F()}/v6`],
  ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
  ['host name mapped to metadata', () => 'http://metadata.test/latest/meta-data/'],
  ['private 10/8', () => 'http://10.0.0.1/'],
  ['private 192.168/16', () => 'http://192.168.1.1/'],
  ['CGNAT 100.64/10', () => 'http://100.64.0.1/'],
  ['IPv6 link-local', () => 'http://[fe80::1]/'],
  ['IPv6 unique-local', () => 'http://[fd00::1]/'],
  ['multicast', () => 'http://224.0.0.1/'],
  ['https to a forbidden address', () => `https://127.0.0.2:${T()}/tls`],
  [
    'redirect from the allowed site to loopback',
    () => site.url(`/redirect?to=${encodeURIComponent(`http://127.0.0.2:${F()}/redirected`)}`),
  ],
  [
    'redirect to a mapped host name',
    () => site.url(`/redirect?to=${encodeURIComponent(`http://evil.test:${F()}/redirected-host`)}`),
  ],
  [
    'two-hop redirect chain to a mapped IPv6 spelling',
    () =>
      site.url(
        `/redirect?to=${encodeURIComponent(`/redirect?to=${encodeURIComponent(`http://[::ffff:127.0.0.2]:${F()}/two-hop`)}`)}`,
      ),
  ],
  [
    'redirect to https on a forbidden address (tunnel)',
    () => site.url(`/redirect?to=${encodeURIComponent(`https://127.0.0.2:${T()}/tunnel`)}`),
  ],
  [
    'redirect to metadata',
    () => site.url(`/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`),
  ],
];

test.each(direct)('top level: %s → 403 TARGET_NOT_ALLOWED', async (_what, url) => {
  const res = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: url() } });
  expect({ status: res.status, code: res.body?.error }).toEqual({ status: 403, code: 'TARGET_NOT_ALLOWED' });
});

const schemes: Array<[string, string]> = [
  ['file:', 'file:///etc/passwd'],
  ['chrome:', 'chrome://settings'],
  ['view-source:', 'view-source:http://127.0.0.1/'],
  ['data:', 'data:text/html,<h1>hi</h1>'],
  ['javascript:', 'javascript:alert(1)'],
  ['ftp:', 'ftp://127.0.0.2/'],
  ['ws:', `ws://127.0.0.2:1/`],
];

test.each(schemes)('top level: scheme %s is refused with a 4xx', async (_what, url) => {
  const res = await api(stack.url, 'POST', '/v1/browse', { key, body: { url } });
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(['INVALID_REQUEST', 'TARGET_NOT_ALLOWED']).toContain(res.body?.error);
});

test('redirect from the allowed site to file: fails without reaching anything', async () => {
  const res = await api(stack.url, 'POST', '/v1/browse', {
    key,
    body: { url: site.url('/redirect?to=file:///etc/passwd') },
  });
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.body?.title).toBeUndefined();
});

// ---- from inside an allowed page: the page loads, the forbidden loads fail in it ----
const inPage: Array<[string, string]> = [
  ['iframes (literal and by name)', '/ssrf/iframe'],
  ['img, script and stylesheet subresources', '/ssrf/subresources'],
  ['fetch()', '/ssrf/fetch'],
  ['fetch() by mapped host name', '/ssrf/fetch-host'],
  ['XMLHttpRequest to an integer spelling', '/ssrf/xhr'],
  ['WebSocket', '/ssrf/ws'],
  ['WebSocket by mapped host name', '/ssrf/ws-host'],
  ['sendBeacon', '/ssrf/beacon'],
];

test.each(inPage)('in page: %s fail inside the page', async (_what, path) => {
  const res = await api(stack.url, 'POST', '/v1/browse', {
    key,
    body: { url: site.url(path), include_page_content: true },
  });
  expect(res.status).toBe(200);
  expect(String(res.body.page_content ?? '')).not.toContain('reached');
  await api(stack.url, 'DELETE', `/v1/session/${res.body.session_id}`, { key });
});

// ---- tools on an allowed page ----
test('tools: navigate and follow_link to forbidden targets are refused', async () => {
  const opened = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/ssrf/links') } });
  expect(opened.status).toBe(200);
  const id = opened.body.session_id as string;
  const attempts = [
    { tool: 'navigate', params: { url: `http://127.0.0.2:${F()}/tool-literal` } },
    { tool: 'navigate', params: { url: `http://evil.test:${F()}/tool-host` } },
    { tool: 'navigate', params: { url: `http://[::ffff:7f00:2]:${F()}/tool-mapped` } },
    { tool: 'navigate', params: { url: 'http://169.254.169.254/latest/meta-data/' } },
    { tool: 'navigate', params: { url: 'file:///etc/passwd' } },
    { tool: 'navigate', params: { url: 'javascript:alert(1)' } },
    { tool: 'follow_link', params: { link: 'Forbidden literal' } },
    { tool: 'follow_link', params: { link: 'Forbidden by name' } },
  ];
  for (const call of attempts) {
    const res = await api(stack.url, 'POST', '/v1/browse', { key, body: { session_id: id, tools: [call] } });
    expect(res.status).toBe(200);
    const result = res.body.results[0];
    expect({ call, success: result.success }).toEqual({ call, success: false });
    expect(res.body.url).toBe(site.url('/ssrf/links'));
  }
  // A link to an allowed page that redirects to a forbidden one: the load fails in the page.
  const redirected = await api(stack.url, 'POST', '/v1/browse', {
    key,
    body: { session_id: id, tools: [{ tool: 'follow_link', params: { link: 'Redirect away' } }] },
  });
  expect(redirected.status).toBe(200);
  expect(redirected.body.title).not.toMatch(/fixture/i);
});

test('the allowed site still works through the proxy, by address and by mapped name', async () => {
  const a = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/article.html') } });
  expect(a.status).toBe(200);
  expect(a.body.title).toBe('How Lighthouses Work');
  const b = await api(stack.url, 'POST', '/v1/browse', {
    key,
    body: { url: `http://good.test:${site.port}/article.html` },
  });
  expect(b.status).toBe(200);
  expect(b.body.title).toBe('How Lighthouses Work');
});

test('refusals are logged with host and port only, and counted', () => {
  const refused = stack.workers[0]!.logs().filter((l) => l.msg === 'egress refused');
  expect(refused.length).toBeGreaterThan(0);
  for (const l of refused) expect(Object.keys(l)).not.toContain('url');
});

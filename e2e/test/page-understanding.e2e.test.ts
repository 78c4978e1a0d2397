/**
 * Page understanding through the API, end to end: the tools an agent gets, login outcomes,
 * blocks (not billed), page content, and the page-map cache's rules for authenticated sessions.
 */
import { BrowseResponse, ErrorBody } from '@pagemap/contracts';
import {
  api,
  FIXTURE_USERS,
  startFixtureServer,
  startStack,
  type FixtureServer,
  type Stack,
} from '@pagemap/test-utils';

let stack: Stack;
let site: FixtureServer;
let key: string;
let otherKey: string;

beforeAll(async () => {
  site = await startFixtureServer();
  // sso.idp.example is on this suite's identity-provider list and resolves to the loopback
  // fixture site for the browsers: an identity-provider lookalike. (Google's own hosts are
  // HSTS-preloaded in Chromium, so a plain-http lookalike of them cannot load.)
  stack = await startStack({
    workers: 1,
    gateways: 1,
    workerEnv: {
      PAGEMAP_IDP_DOMAINS: 'accounts.google.com,login.microsoftonline.com,idp.example',
      PAGEMAP_OUTBOUND_HOST_MAP: 'sso.idp.example=127.0.0.1',
    },
  });
}, 60_000);

// Each test has its own two tenants (usage counts and open sessions are the test's alone) and
// closes every session it opened, so no test meets another's session limit or usage.
const opened: { id: string; key: string }[] = [];
beforeEach(async () => {
  ({ apiKey: key } = await stack.tenant({ plan: 'builder' }));
  ({ apiKey: otherKey } = await stack.tenant({ plan: 'builder' }));
});

afterEach(async () => {
  for (const s of opened.splice(0)) {
    const closed = await api(stack.url, 'DELETE', `/v1/session/${s.id}`, { key: s.key });
    expect([200, 404]).toContain(closed.status);
  }
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

async function browse(body: unknown, k = key) {
  const res = await api(stack.url, 'POST', '/v1/browse', { key: k, body });
  const id = res.body?.session_id;
  if (typeof id === 'string' && !opened.some((s) => s.id === id)) opened.push({ id, key: k });
  return res;
}
const usedOf = (res: { headers: Headers }) => Number(res.headers.get('x-usage-action-count'));

test('a login page yields a login tool with username and password, and signing in keeps the session authenticated', async () => {
  const opened = await browse({ url: site.url('/login.html') });
  expect(opened.status).toBe(200);
  const map = BrowseResponse.parse(opened.body);
  const login = map.tools.find((t) => t.name === 'login' || t.name === 'sign_in');
  expect(login?.params.map((p) => p.name)).toEqual(expect.arrayContaining(['username', 'password']));

  const signedIn = await browse({
    session_id: map.session_id,
    tool: login!.name,
    params: { username: 'alice', password: FIXTURE_USERS.alice },
  });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.results).toEqual([{ tool: login!.name, success: true, error: null }]);
  expect(signedIn.body.title).toBe('Your account');
  expect(JSON.stringify(signedIn.body)).not.toContain(FIXTURE_USERS.alice);
  // Opening the page and running one tool: two actions.
  expect(usedOf(signedIn)).toBe(usedOf(opened) + 1);

  // The cookie lives on in the session: the account page still knows alice.
  const again = await browse({ session_id: map.session_id, tool: 'navigate', params: { url: site.url('/account') } });
  expect(again.status).toBe(200);
  expect(again.body.title).toBe('Your account');
  expect(again.headers.get('x-cache')).toBe('MISS');
});

test.each([
  ['/login.html', 'LOGIN_REJECTED', { username: 'alice', password: 'wrong-password-1' }],
  ['/login-captcha.html', 'CAPTCHA_REQUIRED', { username: 'alice', password: 'any-password-2' }],
  ['/login-otp.html', 'TWO_FACTOR_REQUIRED', { username: 'alice', password: FIXTURE_USERS.alice }],
])('login on %s ends with %s as a per-tool error, not a request failure', async (path, code, params) => {
  const opened = await browse({ url: site.url(path) });
  expect(opened.status).toBe(200);
  const tool = (opened.body.tools as Array<{ name: string }>).find((t) => t.name === 'login' || t.name === 'sign_in');
  expect(tool).toBeDefined();
  const res = await browse({ session_id: opened.body.session_id, tool: tool!.name, params });
  expect(res.status).toBe(200);
  expect(res.body.results[0]).toMatchObject({ tool: tool!.name, success: false, error: { code } });
  expect(res.body.results[0].error.message).not.toContain(params.password);
});

test('unknown tools and bad params are per-tool errors and are not billed', async () => {
  const opened = await browse({ url: site.url('/search.html') });
  const before = usedOf(opened);
  const res = await browse({
    session_id: opened.body.session_id,
    tools: [{ tool: 'no_such_tool' }, { tool: 'search', params: { not_a_param: 'x' } }],
  });
  expect(res.status).toBe(200);
  expect(res.body.results.map((r: { error: { code: string } }) => r.error.code)).toEqual([
    'UNKNOWN_TOOL',
    'INVALID_PARAMS',
  ]);
  expect(usedOf(res)).toBe(before);
});

test('the search tool takes a query and lands on the results page', async () => {
  const opened = await browse({ url: site.url('/search.html') });
  const search = (opened.body.tools as Array<{ name: string; params: Array<{ name: string }> }>).find(
    (t) => t.name === 'search',
  );
  expect(search?.params.map((p) => p.name)).toContain('query');
  const res = await browse({ session_id: opened.body.session_id, tool: 'search', params: { query: 'lighthouses' } });
  expect(res.status).toBe(200);
  expect(res.body.results[0].success).toBe(true);
  expect(res.body.title).toBe('Results for lighthouses');
});

test.each([
  ['/challenge-cloudflare.html', /challenge/i],
  ['/challenge-datadome.html', /challenge/i],
  ['/access-denied.html', /access-denied|access denied/i],
])('%s answers 502 SITE_BLOCKED naming the block, and is not billed', async (path, kind) => {
  const before = usedOf(await api(stack.url, 'GET', '/v1/usage', { key }));
  const res = await browse({ url: site.url(path) });
  expect(res.status).toBe(502);
  const body = ErrorBody.parse(res.body);
  expect(body.error).toBe('SITE_BLOCKED');
  expect(body.message).toMatch(kind);
  expect(usedOf(res)).toBe(before);
});

test('include_page_content returns the main content as Markdown with links kept', async () => {
  const res = await browse({ url: site.url('/article.html'), include_page_content: true });
  expect(res.status).toBe(200);
  const md = res.body.page_content as string;
  expect(md).toContain('Lighthouses guide ships');
  expect(md).not.toMatch(/Accept all cookies/);
  const links = await browse({ url: site.url('/links.html'), include_page_content: true });
  expect(links.body.page_content).toMatch(/\[How Lighthouses Work\]\([^)]*article\.html\)/);
});

test('anonymous page maps are shared across tenants (X-Cache HIT); authenticated sessions never use the cache', async () => {
  const url = site.url('/index.html');
  const first = await browse({ url });
  const second = await browse({ url }, otherKey);
  expect(second.status).toBe(200);
  expect(second.headers.get('x-cache')).toBe('HIT');
  expect(second.body.summary).toBe(first.body.summary);

  // A session that got cookies through a tool is authenticated from then on: MISS, even on a cached page.
  const s = await browse({ url: site.url('/links.html') });
  const cookie = await browse({
    session_id: s.body.session_id,
    tool: 'navigate',
    params: { url: site.url('/set-cookie?name=token&value=abc') },
  });
  expect(cookie.headers.get('x-cache')).toBe('MISS');
  const back = await browse({ session_id: s.body.session_id, tool: 'navigate', params: { url } });
  expect(back.status).toBe(200);
  expect(back.headers.get('x-cache')).toBe('MISS');
});

test('a dedicated identity-provider domain is refused with DOMAIN_BLOCKED unless login automation is enabled', async () => {
  const res = await browse({ url: 'https://accounts.google.com/signin' });
  expect(res.status).toBe(403);
  expect(ErrorBody.parse(res.body).error).toBe('DOMAIN_BLOCKED');
  const opened = await browse({ url: site.url('/links.html') });
  const nav = await browse({
    session_id: opened.body.session_id,
    tool: 'navigate',
    params: { url: 'https://login.microsoftonline.com/' },
  });
  expect(nav.status).toBe(200);
  expect(nav.body.results[0]).toMatchObject({ success: false, error: { code: 'NOT_ALLOWED' } });
});

test('with login automation enabled, the same identity-provider domain opens (a lookalike served by the fixture site)', async () => {
  const { apiKey: enabled } = await stack.tenant({ plan: 'builder', loginAutomation: true });
  const url = `http://sso.idp.example:${site.port}/login.html`;
  const refused = await browse({ url });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe('DOMAIN_BLOCKED');
  const hits = site.hits('/login.html');
  const res = await browse({ url }, enabled);
  expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
  expect(res.body.url).toBe(url);
  expect((res.body.tools as Array<{ name: string }>).map((t) => t.name)).toContain('login');
  expect(site.hits('/login.html')).toBe(hits + 1);
});

/**
 * Issue 13 items 9 and 10 through the API: `login` only for signing in to an existing account
 * (not sign-up, payment secrets, protected content or account actions), sign-in forms without a
 * <form>, behind an opener or rendered late by a script, both tools where a page offers sign-in
 * and registration; and LOGIN_REJECTED only on evidence. Pages: demo-site fixtures `z-*.html`.
 */
import { BrowseResponse } from '@pagemap/contracts';
import { api, startFixtureServer, startStack, type FixtureServer, type Stack } from '@pagemap/test-utils';

let stack: Stack;
let site: FixtureServer;
let key: string;
/** Bodies posted to /z/sink (form posts and fetches), newest last. */
const sink: URLSearchParams[] = [];
const PASSWORD = 'Kz-test-pass-5512';
/** An email: two of the forms validate their username field as one. */
const USER = 'kz.reader@example.com';

beforeAll(async () => {
  site = await startFixtureServer();
  site.route('POST', '/z/sink', (_req, res, _url, body) => {
    sink.push(new URLSearchParams(body));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Received</title><p>Received.</p>');
  });
  // A forum whose every page carries the quick-login bar: after a good sign-in the bar is still
  // there (no error); after a wrong password the bar comes back with an error inside it.
  site.route('POST', '/z/forum-login', (_req, res, _url, body) => {
    const ok = new URLSearchParams(body).get('password') === PASSWORD;
    const bar = `<form method="post" action="/z/forum-login" class="quick-login">${ok ? '' : '<div class="error">Invalid username or password.</div>'}Username <input name="username" size="10"> Password <input type="password" name="password" size="10"><input type="submit" value="Login"></form>`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Loom &amp; Spindle forum</title><div class="navbar">${bar}</div><h1>${ok ? 'Welcome back' : 'Board index'}</h1><p>Spinning, weaving and dyeing.</p>`);
  });
  stack = await startStack({ workers: 1, gateways: 1 });
  ({ apiKey: key } = await stack.tenant({ plan: 'builder' }));
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

const browse = (body: unknown) => api(stack.url, 'POST', '/v1/browse', { key, body });
async function open(path: string) {
  const res = await browse({ url: site.url(path) });
  expect(res.status).toBe(200);
  return BrowseResponse.parse(res.body);
}
const names = (m: { tools: { name: string }[] }) => m.tools.map((t) => t.name);
const loginOf = (m: { tools: { name: string; params: { name: string }[]; description: string }[] }) => m.tools.find((t) => t.name === 'login');

test.each([
  ['/z-signup-continue.html', 'a sign-up whose password is a new-password and whose button says "Continue"', 'sign_up'],
  ['/z-card-cvv.html', 'a payment form whose CVC is a masked field', null],
  ['/z-protected-album.html', 'a password that unlocks a protected album', null],
  ['/z-close-account.html', 're-entering email and password to close the account', null],
])('%s (%s) offers no login tool', async (path, _what, expected) => {
  const m = await open(path);
  expect(names(m)).not.toContain('login');
  expect(names(m)).not.toContain('sign_in');
  if (expected) expect(names(m)).toContain(expected);
});

test('a page with sign-in and registration side by side offers both login and sign_up', async () => {
  const m = await open('/z-login-and-join.html');
  expect(names(m)).toEqual(expect.arrayContaining(['login', 'sign_up']));
  expect(loginOf(m)!.params.map((p) => p.name)).toEqual(expect.arrayContaining(['username', 'password']));
});

test.each([
  ['/z-login-dropdown.html', 'behind a "My account" dropdown (the tool opens it first)', 'shopper_email', 'shopper_pass'],
  ['/z-login-icon-submit.html', 'without a <form>, submitted by an icon', 'user', 'pass'],
  ['/z-login-late-render.html', 'rendered by a script after load', 'member', 'secret'],
])('%s: a sign-in form %s is offered as login and its submission carries both fields', async (path, _what, userField, passField) => {
  const m = await open(path);
  const login = loginOf(m);
  expect(login).toBeDefined();
  sink.length = 0;
  const res = await browse({ session_id: m.session_id, tool: 'login', params: { username: USER, password: PASSWORD } });
  expect(res.status).toBe(200);
  expect(JSON.stringify(res.body)).not.toContain(PASSWORD);
  const got = sink.find((b) => b.get(passField) === PASSWORD);
  expect(got?.get(userField)).toBe(USER);
  // The sink's "Received" page shows no error: not a rejection.
  expect(res.body.results[0]).toEqual({ tool: 'login', success: true, error: null });
});

test('a page that still shows a sign-in form after signing in is not LOGIN_REJECTED; the same form back with an error is', async () => {
  const first = await open('/z-forum-bar.html');
  expect(names(first)).toContain('login');
  const good = await browse({ session_id: first.session_id, tool: 'login', params: { username: 'weaver', password: PASSWORD } });
  expect(good.status).toBe(200);
  expect(good.body.results[0]).toEqual({ tool: 'login', success: true, error: null });
  expect(good.body.title).toBe('Loom & Spindle forum');

  const again = await open('/z-forum-bar.html');
  const bad = await browse({ session_id: again.session_id, tool: 'login', params: { username: 'weaver', password: 'not-the-password-7' } });
  expect(bad.status).toBe(200);
  expect(bad.body.results[0]).toMatchObject({ tool: 'login', success: false, error: { code: 'LOGIN_REJECTED' } });
  expect(JSON.stringify(bad.body)).not.toContain('not-the-password-7');
});

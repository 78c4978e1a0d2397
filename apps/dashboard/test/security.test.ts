/**
 * The dashboard's defences, in process against a real Redis: CSRF, cookie flags, sign-in lockout,
 * inert XSS payloads in tenant and key names, tenant isolation of key revocation, and the CSP.
 */
import { randomBytes } from 'node:crypto';
import type { Browser } from 'puppeteer-core';
import { closeTestBrowser, launchTestBrowser, metric, startRedis, type RedisHandle } from '@pagemap/test-utils';
import { createLogger } from '@pagemap/runtime';
import { loadDashboardEnv } from '../src/env';
import { createDashboard, type DashboardApp } from '../src/dashboard';
import { DashboardClient } from './client';
import { PASSWORD, uniqueEmail } from './harness';

let redis: RedisHandle;
let dash: DashboardApp;
let base: string;
let browser: Browser | undefined;

function envFor(extra: Record<string, string> = {}) {
  return loadDashboardEnv({
    REDIS_URL: redis.url,
    PAGEMAP_REDIS_PREFIX: redis.prefix,
    PAGEMAP_JWT_SECRET: randomBytes(32).toString('base64url'),
    PAGEMAP_DASHBOARD_SESSION_SECRET: randomBytes(32).toString('base64url'),
    PAGEMAP_API_URL: 'http://127.0.0.1:9',
    PORT: '0',
    HOST: '127.0.0.1',
    PAGEMAP_DASHBOARD_LOCKOUT_AFTER: '3',
    PAGEMAP_TRUST_PROXY: '1',
    ...extra,
  });
}

beforeAll(async () => {
  redis = await startRedis();
  dash = createDashboard(envFor(), createLogger({ name: 'dashboard', level: 'silent' }));
  const { port } = await dash.start();
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await closeTestBrowser(browser);
  await dash?.close();
  await redis?.stop();
});

async function signedUp(accountName = 'Security test'): Promise<{ client: DashboardClient; email: string }> {
  const client = new DashboardClient(base);
  const email = uniqueEmail('sec');
  const token = await client.csrf('/signup');
  const res = await client.request('POST', '/signup', {
    form: { _csrf: token, account: accountName, email, password: PASSWORD },
  });
  expect(res.status).toBe(303);
  // Sign-up answers alike for new and known addresses, so it signs nobody in: sign in now.
  expect(await client.signIn(email, PASSWORD)).toBe(303);
  return { client, email };
}

test('a state-changing POST without the CSRF token, or with another session’s, is refused with 403', async () => {
  const { client } = await signedUp();
  const none = await client.request('POST', '/keys', { form: { name: 'forged' } });
  expect(none.status).toBe(403);
  expect(none.text).toContain('Request refused');
  const other = await signedUp();
  const foreign = await client.request('POST', '/keys', {
    form: { _csrf: await other.client.csrf('/keys'), name: 'forged' },
  });
  expect(foreign.status).toBe(403);
  const json = await client.request('POST', '/api/playground-token', {
    json: {},
    headers: { accept: 'application/json' },
  });
  expect(json.status).toBe(403);
  expect(JSON.parse(json.text).error).toBe('CSRF_REJECTED');
  expect(await metric(base, 'pagemap_dashboard_csrf_rejected_total')).toBeGreaterThanOrEqual(3);
  // With its own token the same request works.
  expect(
    (await client.request('POST', '/keys', { form: { _csrf: await client.csrf('/keys'), name: 'real' } })).status,
  ).toBe(201);
  // A sign-in form posted without a token (login CSRF) is refused too.
  expect(
    (await new DashboardClient(base).request('POST', '/signin', { form: { email: 'a@b.c', password: PASSWORD } }))
      .status,
  ).toBe(403);
});

test('the session cookie is HttpOnly, SameSite=Lax, Path=/ and changes at sign-in; Secure and __Host- behind https', async () => {
  const client = new DashboardClient(base);
  await client.csrf('/signin');
  const before = client.lastSetCookie.find((c) => c.startsWith('pagemap_session='))!;
  expect(before).toMatch(/; HttpOnly/);
  expect(before).toMatch(/; SameSite=Lax/);
  expect(before).toMatch(/; Path=\//);
  const { email } = await signedUp();
  const token = await client.csrf('/signin');
  await client.request('POST', '/signin', { form: { _csrf: token, email, password: PASSWORD } });
  const after = client.lastSetCookie.find((c) => c.startsWith('pagemap_session='))!;
  expect(after.split(';')[0]).not.toBe(before.split(';')[0]); // regenerated: no session fixation

  const secure = createDashboard(
    envFor({ PAGEMAP_DASHBOARD_URL: 'https://dashboard.example.test' }),
    createLogger({ name: 'dashboard', level: 'silent' }),
  );
  const { port } = await secure.start();
  try {
    const c = new DashboardClient(`http://127.0.0.1:${port}`);
    await c.request('GET', '/signin', { headers: { 'x-forwarded-proto': 'https' } });
    const cookie = c.lastSetCookie.find((s) => s.startsWith('__Host-pagemap_session='));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
  } finally {
    await secure.close();
  }
});

test('repeated wrong passwords lock the email: even the right password is refused until the lock ends', async () => {
  const { email } = await signedUp();
  const client = new DashboardClient(base);
  for (let i = 0; i < 3; i++) expect(await client.signIn(email, `wrong password ${i}!`)).toBe(401);
  expect(await client.signIn(email, PASSWORD)).toBe(429);
  expect(await metric(base, 'pagemap_dashboard_signins_total', { outcome: 'locked' })).toBeGreaterThanOrEqual(1);
  // Another account is not affected.
  const other = await signedUp();
  expect(await new DashboardClient(base).signIn(other.email, PASSWORD)).toBe(303);
  // When the lock's window ends, the right password works again.
  const { createHash } = await import('node:crypto');
  await redis.client.del(`${redis.prefix}:dash:signin-fail:${createHash('sha256').update(email).digest('hex')}`);
  expect(await client.signIn(email, PASSWORD)).toBe(303);
});

test('an XSS payload in a tenant name and a key name is rendered as text, and never runs', async () => {
  // Under the 60-character cap on key names, so it is stored whole.
  const payload = `<img src=x onerror="document.title='p'"><script>x=1</script>`;
  const { client, email } = await signedUp(payload);
  await client.request('POST', '/keys', { form: { _csrf: await client.csrf('/keys'), name: payload } });
  const page = await client.request('GET', '/keys');
  expect(page.text).not.toContain('<img src=x');
  expect(page.text).toContain('&lt;img src=x onerror=');
  expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);

  browser = await launchTestBrowser();
  const tab = await browser.newPage();
  await tab.goto(`${base}/signin`);
  await tab.type('#email', email);
  await tab.type('#password', PASSWORD);
  await Promise.all([tab.waitForNavigation(), tab.click('form[action="/signin"] button')]);
  await tab.goto(`${base}/keys`, { waitUntil: 'load' });
  expect(await tab.title()).toBe('API keys · Pagemap');
  expect(await tab.$eval('header .who', (el) => (el as HTMLElement).innerText)).toContain('<img src=x');
  expect(await tab.$eval('tbody tr td', (el) => (el as HTMLElement).innerText)).toBe(payload);
  expect(await tab.$$eval('main img, main script, header img', (els) => els.length)).toBe(0);
});

test('another tenant’s key id cannot be revoked: 404, and the key stays valid', async () => {
  const a = await signedUp();
  const b = await signedUp();
  const issued = await b.client.request('POST', '/keys', {
    form: { _csrf: await b.client.csrf('/keys'), name: 'b key' },
  });
  const bKey = /id="new-key"[^>]*value="(pm_[^"]+)"/.exec(issued.text)![1]!;
  const bKeyId = /action="\/keys\/(key_[0-9a-f]{12})\/revoke"/.exec(issued.text)![1]!;
  const res = await a.client.request('POST', `/keys/${bKeyId}/revoke`, {
    form: { _csrf: await a.client.csrf('/keys') },
  });
  expect(res.status).toBe(404);
  expect(res.text).toContain('No such key in this account');
  expect(await dash.services.accounts.resolveKey(bKey)).not.toBeNull();
  // Its owner can.
  expect(
    (await b.client.request('POST', `/keys/${bKeyId}/revoke`, { form: { _csrf: await b.client.csrf('/keys') } }))
      .status,
  ).toBe(303);
  expect(await dash.services.accounts.resolveKey(bKey)).toBeNull();
});

test('pages are served with a strict CSP and no framing; dashboard pages need a session', async () => {
  const res = await fetch(`${base}/signin`);
  const csp = res.headers.get('content-security-policy')!;
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("connect-src 'self' http://127.0.0.1:9");
  const keys = await fetch(`${base}/keys`, { redirect: 'manual' });
  expect(keys.status).toBe(303);
  expect(keys.headers.get('location')).toBe('/signin?next=%2Fkeys');
  const token = await fetch(`${base}/api/playground-token`, { method: 'POST', redirect: 'manual' });
  expect(token.status).toBe(403); // CSRF first; without a session there is no token to match
});

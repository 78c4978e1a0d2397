/**
 * The dashboard through its UI in Chromium, against the real stack: sign up, sign in, keys,
 * usage, login automation, and the documentation playground.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import {
  api,
  closeTestBrowser,
  launchTestBrowser,
  REPO_ROOT,
  startFixtureServer,
  type FixtureServer,
} from '@pagemap/test-utils';
import { PASSWORD, startDashboardStack, submitForm, uniqueEmail, type DashboardStack } from './harness';

let env: DashboardStack;
let site: FixtureServer;
let browser: Browser;
let page: Page;
const email = uniqueEmail('owner');
// Screenshots for docs/dashboard.md: PAGEMAP_SCREENSHOTS=1 writes them to docs/images/.
const shots = process.env.PAGEMAP_SCREENSHOTS === '1' ? join(REPO_ROOT, 'docs', 'images') : undefined;
const shot = async (name: string) => {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};

beforeAll(async () => {
  site = await startFixtureServer();
  env = await startDashboardStack({
    workerEnv: {
      PAGEMAP_IDP_DOMAINS: 'accounts.google.com,idp.example',
      PAGEMAP_OUTBOUND_HOST_MAP: 'sso.idp.example=127.0.0.1',
    },
  });
  browser = await launchTestBrowser();
  page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 800 });
}, 90_000);

afterAll(async () => {
  await closeTestBrowser(browser);
  await env?.stop();
  await site?.close();
});

const text = (selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);
const go = (path: string) => page.goto(env.url + path, { waitUntil: 'load' });
let apiKey = '';

test('an owner signs up, then signs in to the keys page of a new Free account', async () => {
  await go('/signup');
  const status = await submitForm(
    page,
    { account: 'Acme Research', email, 'new-password': PASSWORD },
    'form[action="/signup"] button',
  );
  expect(status).toBe(200);
  // Sign-up answers alike for new and known addresses (it tells nothing), so it leads to sign-in.
  expect(new URL(page.url()).pathname).toBe('/signin');
  expect(await text('.flash')).toContain('Sign-up received');
  await submitForm(page, { email, password: PASSWORD }, 'form[action="/signin"] button');
  await go('/keys');
  expect(await text('header .who')).toContain(email);
});

test('signs out, is sent to sign-in for a dashboard page, and signs back in to it', async () => {
  await Promise.all([page.waitForNavigation(), page.click('header form[action="/signout"] button')]);
  await go('/usage');
  expect(new URL(page.url()).pathname).toBe('/signin');
  expect(await submitForm(page, { email, password: 'not the password!!' }, 'form[action="/signin"] button')).toBe(401);
  expect(await text('.flash')).toContain('Wrong email or password');
  await submitForm(page, { email, password: PASSWORD }, 'form[action="/signin"] button');
  expect(new URL(page.url()).pathname).toBe('/usage');
  expect(await text('#usage-plan')).toBe('free');
});

test('issues a key (shown once) that calls the API, and lists it with prefix and last use', async () => {
  await go('/keys');
  await submitForm(page, { 'key-name': 'ci robot' }, 'form[action="/keys"] button');
  apiKey = await page.$eval('#new-key', (el) => (el as HTMLInputElement).value);
  expect(apiKey).toMatch(/^pm_[A-Za-z0-9_-]{32}$/);
  // The copy button copies (or, where the clipboard is refused, selects) the key.
  await page.click('button.copy');
  await page.waitForFunction(() => document.querySelector('button.copy')!.textContent !== 'Copy');
  expect(await page.evaluate(() => document.querySelector('button.copy')!.textContent)).toMatch(/^(Copied|Selected)/);
  const usage = await api(env.stack.url, 'GET', '/v1/usage', { key: apiKey });
  expect(usage.status).toBe(200);
  await go('/keys');
  expect(await page.$('#new-key')).toBeNull(); // never shown again
  const row = await text('tbody tr');
  expect(row).toContain('ci robot');
  expect(row).toContain(apiKey.slice(0, 7));
  expect(row).not.toContain('never'); // last used: just now
  expect(row).not.toContain(apiKey);
  await shot('dashboard-keys');
});

test('usage moves after a browse, with the same numbers as GET /v1/usage', async () => {
  await go('/usage');
  const before = Number(await text('#usage-used'));
  const browsed = await api(env.stack.url, 'POST', '/v1/browse', {
    key: apiKey,
    body: { url: site.url('/links.html') },
  });
  expect(browsed.status).toBe(200);
  await go('/usage');
  const after = Number(await text('#usage-used'));
  expect(after).toBe(before + 1);
  const usage = await api(env.stack.url, 'GET', '/v1/usage', { key: apiKey });
  expect({
    used: after,
    limit: Number(await text('#usage-limit')),
    basis: await page.$eval('#usage-basis', (el) => el.getAttribute('data-basis')),
  }).toEqual({ used: usage.body.actions.used, limit: usage.body.actions.limit, basis: usage.body.period.basis });
  const today = new Date().toISOString().slice(0, 10);
  expect(await page.$eval(`rect[data-day="${today}"]`, (el) => Number(el.getAttribute('data-actions')))).toBe(after);
  await shot('dashboard-usage');
});

test('the playground browses a fixture page with a playground token; the token cannot execute tools or read usage', async () => {
  await go('/docs/playground.html');
  await page.waitForSelector('#pg-form:not([hidden])');
  await page.type('#pg-url', site.url('/search.html'));
  await page.click('#pg-browse');
  await page.waitForSelector('#pg-result:not([hidden]), #pg-error:not([hidden])', { timeout: 30_000 });
  expect(await page.$eval('#pg-error', (el) => (el as HTMLElement).hidden)).toBe(true);
  expect(await text('#pg-title')).not.toBe('');
  const tools = await text('#pg-tools');
  expect(tools).toContain('search');
  expect(tools).toContain('query');
  const headers = await text('#pg-headers');
  expect(headers).toMatch(/x-usage-action-count\s+\d+/);
  expect(await text('#playground .note')).toContain('full API key');
  await shot('playground');

  // The same token, from the page (the docs origin): refused for a tool and for usage; a full key
  // sent from this origin is refused too.
  const refused = await page.evaluate(
    async (apiUrl: string, fullKey: string) => {
      const session = await (await fetch('/api/session')).json();
      const minted = await (
        await fetch('/api/playground-token', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
          body: '{}',
        })
      ).json();
      const bearer = { authorization: `Bearer ${minted.token}`, 'content-type': 'application/json' };
      // The session the playground opened (a Free account holds only a few open sessions).
      const opened = JSON.parse(document.querySelector('#pg-json')!.textContent!);
      const tool = await fetch(`${apiUrl}/v1/browse`, {
        method: 'POST',
        headers: bearer,
        body: JSON.stringify({ session_id: opened.session_id, tool: 'search', params: { query: 'x' } }),
      });
      const usage = await fetch(`${apiUrl}/v1/usage`, { headers: bearer });
      const withKey = await fetch(`${apiUrl}/v1/usage`, { headers: { authorization: `Bearer ${fullKey}` } });
      return {
        scope: minted.scope,
        tool: [tool.status, (await tool.json()).error],
        usage: [usage.status, (await usage.json()).error],
        withKey: [withKey.status, (await withKey.json()).error],
      };
    },
    env.stack.url,
    apiKey,
  );
  expect(refused).toEqual({
    scope: 'browse',
    tool: [403, 'FORBIDDEN'],
    usage: [403, 'FORBIDDEN'],
    withKey: [403, 'FORBIDDEN'],
  });
});

test('revoking the key in the dashboard makes the API answer 401 on the next request', async () => {
  await go('/keys');
  await Promise.all([page.waitForNavigation(), page.click('form[action$="/revoke"] button')]);
  expect(await text('.flash')).toContain('revoked');
  const res = await api(env.stack.url, 'GET', '/v1/usage', { key: apiKey });
  expect(res.status).toBe(401);
  expect(await text('tbody')).toContain('No keys yet');
});

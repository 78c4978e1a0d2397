/**
 * Billing through the dashboard UI in Chromium, against the real stack (two gateways, a worker)
 * and the Stripe stand-in: sign up, start the trial, verify a card on the stand-in's hosted page,
 * attest, open a DOMAIN_BLOCKED identity-provider page, subscribe, cancel in the portal — and
 * `/v1/usage` and the X-Usage-* headers on every gateway follow the webhooks. Afterwards no log
 * line and no Redis key holds the card number.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import {
  api,
  closeTestBrowser,
  keysMatching,
  launchTestBrowser,
  REPO_ROOT,
  startFixtureServer,
  type FixtureServer,
} from '@pagemap/test-utils';
import { PASSWORD, startDashboardStack, submitForm, TEST_PRICES, uniqueEmail, type DashboardStack } from './harness';

const CARD = '4242 4242 4242 4242';
const SUBSCRIPTION_CARD = '5555 5555 5555 4444';

let env: DashboardStack;
let site: FixtureServer;
let browser: Browser;
let page: Page;
let apiKey = '';
const shots = process.env.PAGEMAP_SCREENSHOTS === '1' ? join(REPO_ROOT, 'docs', 'images') : undefined;
const shot = async (name: string) => {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};

beforeAll(async () => {
  site = await startFixtureServer();
  env = await startDashboardStack({
    gateways: 2,
    stripe: true,
    workerEnv: {
      PAGEMAP_IDP_DOMAINS: 'accounts.google.com,idp.example',
      PAGEMAP_OUTBOUND_HOST_MAP: 'sso.idp.example=127.0.0.1',
    },
  });
  browser = await launchTestBrowser();
  page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 800 });
}, 120_000);

afterAll(async () => {
  await closeTestBrowser(browser);
  await env?.stop();
  await site?.close();
});

const text = (selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);
const go = (path: string) => page.goto(env.url + path, { waitUntil: 'load' });
const click = async (selector: string) => {
  await Promise.all([page.waitForNavigation(), page.click(selector)]);
};
/** `/v1/usage` and its headers from each gateway: they must agree. */
async function usageEverywhere() {
  const answers = await Promise.all(env.stack.gateways.map((g) => api(g.url, 'GET', '/v1/usage', { key: apiKey })));
  const views = answers.map((a) => ({
    plan: a.body.plan,
    basis: a.body.period.basis,
    start: a.body.period.start,
    has_subscription: a.body.billing.has_subscription,
    header_start: a.headers.get('x-usage-period-start'),
    header_limit: Number(a.headers.get('x-usage-action-limit')),
  }));
  expect(views[1]).toEqual(views[0]);
  return views[0]!;
}
/** Types a card on the stand-in's hosted Checkout page and comes back to the dashboard. */
async function payOnHostedPage(card: string) {
  expect(new URL(page.url()).origin).toBe(env.standin!.url);
  await page.type('#cardNumber', card);
  await page.type('#cardExpiry', '12 / 40');
  await page.type('#cardCvc', '123');
  await click('#submit');
  expect(new URL(page.url()).origin).toBe(env.url);
}

test('sign up, issue a key, start the Builder trial', async () => {
  const email = uniqueEmail('billing');
  await go('/signup');
  await submitForm(page, { account: 'Billing Co', email, 'new-password': PASSWORD }, 'form[action="/signup"] button');
  // Sign-up answers alike for new and known addresses, so it leads to sign-in.
  expect(new URL(page.url()).pathname).toBe('/signin');
  await submitForm(page, { email, password: PASSWORD }, 'form[action="/signin"] button');
  await go('/keys');
  await submitForm(page, { 'key-name': 'billing test' }, 'form[action="/keys"] button');
  apiKey = await page.$eval('#new-key', (el) => (el as HTMLInputElement).value);
  expect(await usageEverywhere()).toMatchObject({ plan: 'free', basis: 'calendar_month', has_subscription: false });

  await go('/billing');
  expect(await page.$$('input[autocomplete^="cc-"], input[name*="card" i], input[name*="cvc" i]')).toEqual([]);
  await click('form[action="/billing/trial"] button');
  expect(await text('.flash')).toContain('trial has started');
  expect(await usageEverywhere()).toMatchObject({ plan: 'builder', basis: 'trial_window', header_limit: 5000 });
  expect(await page.$('form[action="/billing/trial"]')).toBeNull();
}, 60_000);

test('verify a card on the hosted page and attest: the DOMAIN_BLOCKED identity provider opens', async () => {
  const idpUrl = `http://sso.idp.example:${site.port}/login.html`;
  const blocked = await api(env.stack.url, 'POST', '/v1/browse', { key: apiKey, body: { url: idpUrl } });
  expect({ status: blocked.status, error: blocked.body.error }).toEqual({ status: 403, error: 'DOMAIN_BLOCKED' });

  await go('/billing');
  await click('form[action="/billing/card"] button');
  await payOnHostedPage(CARD);
  expect(await text('#card-check')).toContain('visa ending 4242');
  expect(await page.$eval('#login-automation-status', (el) => el.getAttribute('data-enabled'))).toBe('false');

  await page.click('#attest');
  await click('form[action="/billing/attest"] button');
  expect(await page.$eval('#login-automation-status', (el) => el.getAttribute('data-enabled'))).toBe('true');
  expect(await text('#attestation')).toContain('2026-11-01');
  await shot('dashboard-billing');

  const opened = await api(env.stack.url, 'POST', '/v1/browse', { key: apiKey, body: { url: idpUrl } });
  expect({ status: opened.status, error: opened.body.error }).toEqual({ status: 200, error: undefined });
  expect((opened.body.tools as Array<{ name: string }>).map((t) => t.name)).toContain('login');
  await api(env.stack.url, 'DELETE', `/v1/session/${opened.body.session_id}`, { key: apiKey });
}, 60_000);

test('subscribe through hosted Checkout: plan, period and has_subscription change on every gateway', async () => {
  await go('/billing');
  await click(`form[action="/billing/subscribe"] input[value="builder"] ~ button`);
  await payOnHostedPage(SUBSCRIPTION_CARD);
  expect(await text('#subscription-status')).toContain('active');
  const sub = env.standin!.subscriptions().find((s) => s.items.data[0]!.price.id === TEST_PRICES.builder)!;
  const start = new Date(sub.items.data[0]!.current_period_start * 1000).toISOString();
  expect(await usageEverywhere()).toEqual({
    plan: 'builder',
    basis: 'billing_anniversary',
    start,
    has_subscription: true,
    header_start: start,
    header_limit: 50_000,
  });
}, 60_000);

test('cancel in the portal: back on Free, and the period follows', async () => {
  await go('/billing');
  await click('form[action="/billing/portal"] button');
  expect(new URL(page.url()).origin).toBe(env.standin!.url);
  await click('button.cancel-subscription');
  expect(await page.$('button.cancel-subscription')).toBeNull();
  await click('#return');
  expect(new URL(page.url()).pathname).toBe('/billing');
  expect(await text('#subscription-status')).toContain('none');
  expect(await usageEverywhere()).toMatchObject({
    plan: 'free',
    basis: 'calendar_month',
    has_subscription: false,
    header_limit: 1000,
  });
}, 60_000);

test('no log line of any process and no Redis key holds a card number', async () => {
  const logs = [env.dashboard, ...env.stack.gateways, ...env.stack.workers].map((p) => p.output()).join('\n');
  const keys = await keysMatching(env.stack.redis.client, '*');
  const values = await Promise.all(keys.map((k) => env.stack.redis.client.dumpBuffer(k)));
  const redis = values.map((v) => v?.toString('latin1') ?? '').join('');
  for (const card of [CARD, SUBSCRIPTION_CARD]) {
    const digits = card.replace(/ /g, '');
    for (const haystack of [logs, redis]) {
      expect(haystack).not.toContain(digits);
      expect(haystack).not.toContain(card);
    }
  }
});

/**
 * Sign-up as an attacker probes it, in process against a real Redis: a refused sign-up leaves no
 * tenant or owner behind, and the answer for an address that has an account is the answer for
 * one that has none (status, redirect, the page it leads to) without touching the account. Also
 * the dashboard's /metrics behind its token, and its loopback default bind.
 */
import { randomBytes } from 'node:crypto';
import { AccountStore, OwnerStore } from '@pagemap/accounts';
import { keySpace } from '@pagemap/queue';
import { createLogger } from '@pagemap/runtime';
import { startRedis, type RedisHandle } from '@pagemap/test-utils';
import { createDashboard, type DashboardApp } from '../src/dashboard';
import { loadDashboardEnv } from '../src/env';
import { DashboardClient } from './client';
import { PASSWORD, uniqueEmail } from './harness';

const METRICS_TOKEN = randomBytes(24).toString('base64url');
let redis: RedisHandle;
let dash: DashboardApp;
let base: string;
let accounts: AccountStore;
let owners: OwnerStore;

const baseEnv = () => ({
  REDIS_URL: redis.url,
  PAGEMAP_REDIS_PREFIX: redis.prefix,
  PAGEMAP_JWT_SECRET: randomBytes(32).toString('base64url'),
  PAGEMAP_DASHBOARD_SESSION_SECRET: randomBytes(32).toString('base64url'),
  PAGEMAP_API_URL: 'http://127.0.0.1:9',
  PORT: '0',
});

beforeAll(async () => {
  redis = await startRedis();
  accounts = new AccountStore(redis.client, keySpace(redis.prefix));
  owners = new OwnerStore(redis.client, keySpace(redis.prefix), accounts);
  const env = loadDashboardEnv({ ...baseEnv(), PAGEMAP_DASHBOARD_METRICS_TOKEN: METRICS_TOKEN });
  dash = createDashboard(env, createLogger({ name: 'dashboard', level: 'silent' }));
  base = `http://127.0.0.1:${(await dash.start()).port}`;
});

afterAll(async () => {
  await dash?.close();
  await redis?.stop();
});

async function signUp(email: string, password: string, account = 'Sign-up test') {
  const client = new DashboardClient(base);
  const res = await client.request('POST', '/signup', {
    form: { _csrf: await client.csrf('/signup'), account, email, password },
  });
  const next = res.status === 303 ? await client.request('GET', res.headers.get('location')!) : undefined;
  return { client, res, next };
}

test('a refused sign-up (weak password, invalid email) leaves no tenant and no owner behind', async () => {
  const before = (await accounts.listTenants()).length;
  const email = uniqueEmail('weak');
  expect((await signUp(email, 'short')).res.status).toBe(400);
  expect((await signUp('not an email', PASSWORD)).res.status).toBe(400);
  expect((await accounts.listTenants()).length).toBe(before);
  expect(await owners.findByEmail(email)).toBeNull();
  // The address is still free: a valid sign-up with it then works.
  await signUp(email, PASSWORD);
  expect(await owners.findByEmail(email)).not.toBeNull();
});

test('sign-up answers the same for an address that has an account and one that has none', async () => {
  const known = uniqueEmail('known');
  const first = await signUp(known, PASSWORD);
  const tenants = (await accounts.listTenants()).length;
  const again = await signUp(known, `another-${PASSWORD}`);
  const fresh = await signUp(uniqueEmail('fresh'), PASSWORD);
  const shape = (r: Awaited<ReturnType<typeof signUp>>) => ({
    status: r.res.status,
    location: r.res.headers.get('location'),
    body: r.res.text,
    nextStatus: r.next?.status,
    next: r.next?.text.replace(/name="_csrf" value="[^"]+"/, ''),
  });
  expect(shape(again)).toEqual(shape(fresh));
  expect(shape(first)).toEqual(shape(fresh));
  expect(shape(fresh).status).toBe(303);
  // The known account is untouched: no new tenant for it, its own password still signs in.
  expect((await accounts.listTenants()).length).toBe(tenants + 1); // only the fresh address's
  expect(await new DashboardClient(base).signIn(known, `another-${PASSWORD}`)).toBe(401);
  expect(await new DashboardClient(base).signIn(known, PASSWORD)).toBe(303);
});

test('/metrics needs the configured bearer token', async () => {
  expect((await fetch(`${base}/metrics`)).status).toBe(401);
  const wrong = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${'x'.repeat(METRICS_TOKEN.length)}` },
  });
  expect(wrong.status).toBe(401);
  const right = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(right.status).toBe(200);
  expect(await right.text()).toContain('pagemap_dashboard_signins_total');
});

test('the dashboard binds loopback unless HOST says otherwise', () => {
  expect(loadDashboardEnv(baseEnv()).HOST).toBe('127.0.0.1');
});

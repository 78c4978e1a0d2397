/** The admin CLI as operators run it: `node apps/admin/dist/main.js …` against a real Redis. */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { AccountStore, LoginAbuseStore, verifyPlaygroundToken } from '@pagemap/accounts';
import { keySpace } from '@pagemap/queue';
import { startRedis, type RedisHandle } from '@pagemap/test-utils';

const MAIN = join(__dirname, '..', 'dist', 'main.js');
const SECRET = randomBytes(32).toString('base64url');
let redis: RedisHandle;
let accounts: AccountStore;

beforeAll(async () => {
  redis = await startRedis();
  accounts = new AccountStore(redis.client, keySpace(redis.prefix));
});

afterAll(async () => {
  await redis?.stop();
});

function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string; json: any }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [MAIN, ...args],
      {
        env: {
          PATH: process.env.PATH ?? '',
          REDIS_URL: redis.url,
          PAGEMAP_REDIS_PREFIX: redis.prefix,
          PAGEMAP_JWT_SECRET: SECRET,
        },
        timeout: 20_000,
      },
      (err, stdout, stderr) => {
        let json: unknown;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr, json });
      },
    );
  });
}

test('creates a tenant with a key, and the key resolves to it (only its hash is stored)', async () => {
  const r = await admin(
    'tenant',
    'create',
    '--name',
    'Acme',
    '--id',
    'acme',
    '--plan',
    'builder',
    '--anchor',
    '2024-01-31T00:00:00Z',
    '--with-key',
  );
  expect(r.code).toBe(0);
  expect(r.json.tenant).toMatchObject({
    id: 'acme',
    name: 'Acme',
    plan: 'builder',
    has_subscription: true,
    period: { basis: 'billing_anniversary' },
  });
  expect(r.json.api_key).toMatch(/^pm_[A-Za-z0-9_-]{32}$/);
  expect(await accounts.resolveKey(r.json.api_key)).toMatchObject({ tenantId: 'acme', keyId: r.json.key_id });
  const dump =
    JSON.stringify(await redis.client.keys(`${redis.prefix}:*`)) +
    JSON.stringify(
      await Promise.all((await redis.client.keys(`${redis.prefix}:apikey:*`)).map((k) => redis.client.get(k))),
    );
  expect(dump).not.toContain(r.json.api_key);
  expect((await admin('tenant', 'create', '--name', 'Again', '--id', 'acme')).code).toBe(1);
});

test('sets a plan with a trial start, per-tenant limits and login automation', async () => {
  await admin('tenant', 'create', '--name', 'Trial Co', '--id', 'trialco');
  const start = new Date(Date.now() - 3 * 86_400_000).toISOString();
  const plan = await admin('plan', 'set', 'trialco', 'builder_trial', '--anchor', start);
  expect(plan.code).toBe(0);
  expect(plan.json).toMatchObject({
    plan: 'builder_trial',
    effective_plan: 'builder_trial',
    trial_ended: false,
    period: { basis: 'trial_window', start },
  });

  const limits = await admin('limits', 'set', 'trialco', '--actions', '150', '--rate', '2.5');
  expect(limits.json.limits).toMatchObject({ actions: 150, requests_per_second: 2.5 });
  const back = await admin('limits', 'set', 'trialco', '--actions', 'plan');
  expect(back.json.limits.actions).toBe(5000);
  expect(back.json.limits.requests_per_second).toBe(2.5);

  expect((await admin('login-automation', 'enable', 'trialco')).json).toEqual({
    tenant: 'trialco',
    login_automation: true,
  });
  expect((await accounts.getTenant('trialco'))!.loginAutomation).toBe(true);
  expect((await admin('login-automation', 'disable', 'trialco')).json.login_automation).toBe(false);

  const expired = await admin(
    'plan',
    'set',
    'trialco',
    'builder_trial',
    '--anchor',
    new Date(Date.now() - 15 * 86_400_000).toISOString(),
  );
  expect(expired.json).toMatchObject({
    effective_plan: 'free',
    trial_ended: true,
    period: { basis: 'calendar_month' },
  });
});

test('issues, lists and revokes keys', async () => {
  const issued = await admin('key', 'issue', 'acme');
  expect(issued.code).toBe(0);
  const list = await admin('key', 'list', 'acme');
  expect(list.json.map((k: { keyId: string }) => k.keyId)).toContain(issued.json.key_id);
  expect(JSON.stringify(list.json)).not.toContain(issued.json.api_key);
  const revoked = await admin('key', 'revoke', 'acme', issued.json.key_id);
  expect(revoked.json).toEqual({ revoked: issued.json.key_id, tenant: 'acme' });
  expect(await accounts.resolveKey(issued.json.api_key)).toBeNull();
  expect((await admin('key', 'revoke', 'acme', issued.json.key_id)).code).toBe(1);
});

test('shows usage and mints a browse-only playground token', async () => {
  const tenant = (await accounts.getTenant('acme'))!;
  await accounts.reserve(tenant, 3);
  const usage = await admin('usage', 'acme');
  expect(usage.json).toMatchObject({
    tenant: 'acme',
    plan: 'builder',
    actions: { used: 3, limit: 50_000 },
    period: { basis: 'billing_anniversary' },
  });

  const tok = await admin('playground-token', 'acme');
  expect(tok.json).toMatchObject({ scope: 'browse', expires_in: 900, tenant: 'acme' });
  expect(verifyPlaygroundToken(SECRET, tok.json.token)).toMatchObject({ tenantId: 'acme' });
  expect(verifyPlaygroundToken(`${SECRET}x`, tok.json.token)).toBeNull();
});

test('lists tenants and plans; bad usage exits 2 with a message, unknown tenants 1', async () => {
  expect((await admin('tenant', 'list')).json.map((t: { id: string }) => t.id)).toEqual(
    expect.arrayContaining(['acme', 'trialco']),
  );
  expect((await admin('plans')).json.map((p: { id: string }) => p.id)).toEqual([
    'free',
    'builder_trial',
    'builder',
    'scale',
  ]);
  const bad = await admin('plan', 'set', 'acme', 'platinum');
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('plan is one of');
  expect((await admin('tenant', 'create', '--nme', 'x')).code).toBe(2);
  expect((await admin('frobnicate')).code).toBe(2);
  const missing = await admin('usage', 'nobody');
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('no tenant');
});

test('login-automation status shows an automatic suspension with its audit record; reinstate lifts it (audited)', async () => {
  const tenant = await accounts.createTenant({ name: 'stuffer' });
  const abuse = new LoginAbuseStore(redis.client, keySpace(redis.prefix));
  const tiny = { usernames: 2, rejectedShare: 0.5, minAttempts: 100, blockHits: 100, maxAttempts: 100 };
  const attempts = [
    { username: 'u1', outcome: 'rejected' as const },
    { username: 'u2', outcome: 'rejected' as const },
  ];
  await abuse.record(tenant.id, 'shop.example', attempts, tiny);
  const status = await admin('login-automation', 'status', tenant.id);
  expect(status.json.suspended).toMatchObject({ reason: 'many_usernames_rejected', site: 'shop.example' });
  expect(status.json.audit[0]).toMatchObject({ action: 'suspended', by: 'automatic', usernames: 2 });
  expect(JSON.stringify(status.json)).not.toMatch(/"u1"|"u2"/);

  const lifted = await admin('login-automation', 'reinstate', tenant.id);
  expect(lifted.json).toMatchObject({ reinstated: true, suspended: null });
  expect(lifted.json.audit[0]).toMatchObject({ action: 'reinstated', by: 'operator' });
  expect(await abuse.suspension(tenant.id)).toBeNull();
  // The signals went with it: one more rejected attempt does not suspend again at once.
  expect((await abuse.record(tenant.id, 'shop.example', [attempts[0]!], tiny)).suspended).toBe(false);
  expect((await admin('login-automation', 'reinstate', tenant.id)).json.reinstated).toBe(false);
});

/**
 * Automatic suspension of login automation through the whole stack (gateway → worker → Chromium
 * → a local sign-in page). A scripted credential-stuffing run — many usernames, all rejected —
 * is suspended once the documented threshold is crossed (here PAGEMAP_LOGIN_ABUSE_USERNAMES=5):
 * the next sign-in tool answers LOGIN_AUTOMATION_SUSPENDED and is not billed, browsing without
 * signing in still works, an audit record and a metric are written, and no username or password
 * is stored. A tenant signing in normally is never suspended; the operator can reinstate.
 */
import { randomBytes } from 'node:crypto';
import { LoginAbuseStore } from '@pagemap/accounts';
import {
  api,
  FIXTURE_USERS,
  keysMatching,
  startFixtureServer,
  startStack,
  type FixtureServer,
  type Stack,
} from '@pagemap/test-utils';

const USERNAME_THRESHOLD = 5;
const STUFFED_PASSWORD = `stuffed-${randomBytes(8).toString('hex')}`;
let stack: Stack;
let site: FixtureServer;
let abuse: LoginAbuseStore;

beforeAll(async () => {
  site = await startFixtureServer();
  stack = await startStack({
    workers: 1,
    gateways: 1,
    env: { PAGEMAP_OUTBOUND_ALLOW: '127.0.0.1/32' },
    workerEnv: { PAGEMAP_LOGIN_ABUSE_USERNAMES: String(USERNAME_THRESHOLD) },
  });
  abuse = new LoginAbuseStore(stack.redis.client, stack.keys);
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

/** Opens the sign-in page and runs its login tool in one request, then closes the session. */
async function signIn(key: string, username: string, password: string) {
  const res = await api(stack.url, 'POST', '/v1/browse', {
    key,
    body: { url: site.url('/login.html'), tool: 'login', params: { username, password } },
  });
  if (res.body.session_id) await api(stack.url, 'DELETE', `/v1/session/${res.body.session_id}`, { key });
  return {
    status: res.status,
    code: res.body.results?.[0]?.error?.code ?? 'ok',
    used: Number(res.headers.get('x-usage-action-count')),
  };
}

test('credential stuffing is suspended at the username threshold; other browsing still works and nothing is billed for refused sign-ins', async () => {
  const { tenant, apiKey } = await stack.tenant({ plan: 'scale' });
  const usernames = Array.from(
    { length: USERNAME_THRESHOLD + 3 },
    (_, i) => `victim${i}-${randomBytes(3).toString('hex')}`,
  );
  const codes: string[] = [];
  let usedBefore = 0;
  let refusedUsed = 0;
  for (const username of usernames) {
    const r = await signIn(apiKey, username, STUFFED_PASSWORD);
    expect(r.status).toBe(200);
    codes.push(r.code);
    if (r.code === 'LOGIN_AUTOMATION_SUSPENDED' && refusedUsed === 0) refusedUsed = r.used - usedBefore;
    usedBefore = r.used;
  }
  // The first THRESHOLD attempts ran (rejected by the site); every one after is refused.
  expect(codes).toEqual([
    ...Array(USERNAME_THRESHOLD).fill('LOGIN_REJECTED'),
    ...Array(usernames.length - USERNAME_THRESHOLD).fill('LOGIN_AUTOMATION_SUSPENDED'),
  ]);
  expect(refusedUsed).toBe(1); // the page was opened and billed; the refused sign-in tool was not

  const browse = await api(stack.url, 'POST', '/v1/browse', { key: apiKey, body: { url: site.url('/links.html') } });
  expect(browse.status).toBe(200);
  await api(stack.url, 'DELETE', `/v1/session/${browse.body.session_id}`, { key: apiKey });

  expect(await abuse.suspension(tenant.id)).toEqual({
    since: expect.any(String),
    reason: 'many_usernames_rejected',
    site: '127.0.0.1',
  });
  expect((await abuse.audit(tenant.id))[0]).toMatchObject({
    action: 'suspended',
    by: 'automatic',
    reason: 'many_usernames_rejected',
    usernames: USERNAME_THRESHOLD,
  });
  // The API says so too (GET /v1/billing/portal, read by the gateway from the tenant's record).
  const standing = await api(stack.url, 'GET', '/v1/billing/portal', { key: apiKey });
  expect(standing.body.login_automation_suspended).toEqual({
    since: expect.any(String),
    reason: 'many_usernames_rejected',
  });
  const metrics = await (await fetch(`${stack.workers[0]!.url}/metrics`)).text();
  expect(metrics).toMatch(/pagemap_worker_login_suspensions_total\{reason="many_usernames_rejected"[^}]*\} 1\n/);

  // No username or password tried is anywhere in Redis or in any process's output.
  const keys = await keysMatching(stack.redis.client, '*');
  const dump = (await Promise.all(keys.map((k) => stack.redis.client.dumpBuffer(k)))).map(
    (v) => v?.toString('latin1') ?? '',
  );
  const haystack = [
    ...keys,
    ...dump,
    ...stack.gateways.map((g) => g.output()),
    ...stack.workers.map((w) => w.output()),
  ].join('\n');
  for (const secret of [STUFFED_PASSWORD, ...usernames]) expect(haystack).not.toContain(secret);

  // The operator reinstates: sign-in tools run again.
  expect(await abuse.reinstate(tenant.id, 'operator')).toBe(true);
  expect((await signIn(apiKey, 'alice', FIXTURE_USERS.alice!)).code).toBe('ok');
  expect((await abuse.audit(tenant.id))[0]).toMatchObject({ action: 'reinstated', by: 'operator' });
  expect(
    (await api(stack.url, 'GET', '/v1/billing/portal', { key: apiKey })).body.login_automation_suspended,
  ).toBeNull();
}, 180_000);

test('a tenant signing in normally, with an occasional typo, is never suspended', async () => {
  const { tenant, apiKey } = await stack.tenant({ plan: 'scale' });
  const codes: string[] = [];
  for (let i = 0; i < USERNAME_THRESHOLD + 3; i++) {
    if (i === 2) codes.push((await signIn(apiKey, 'alice', 'a-typo-in-the-password')).code);
    codes.push((await signIn(apiKey, 'alice', FIXTURE_USERS.alice!)).code);
  }
  expect(codes.filter((c) => c === 'LOGIN_AUTOMATION_SUSPENDED')).toEqual([]);
  expect(codes.filter((c) => c === 'ok')).toHaveLength(USERNAME_THRESHOLD + 3);
  expect(await abuse.suspension(tenant.id)).toBeNull();
}, 180_000);

test('distinct usernames are counted exactly, so the threshold holds at its attempt and not one later', async () => {
  // A HyperLogLog counted two of a handful of names as one about once in a thousand hours, and
  // credential stuffing then ran one sign-in past the threshold; 300 names make that near certain.
  const tenantId = `exact-${randomBytes(4).toString('hex')}`;
  const lenient = { usernames: 10_000, rejectedShare: 1, minAttempts: 10_000, blockHits: 10_000, maxAttempts: 10_000 };
  const names = Array.from({ length: 300 }, (_, i) => `user${i}-${randomBytes(4).toString('hex')}`);
  const counted: number[] = [];
  for (let i = 0; i < names.length; i += 30) {
    const batch = names.slice(i, i + 30).map((username) => ({ username, outcome: 'rejected' as const }));
    counted.push((await abuse.record(tenantId, 'example.org', batch, lenient)).signals.usernames);
  }
  expect(counted).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 30));
  // The same names again, differently cased or spaced, are not new.
  const again = names.slice(0, 30).map((n) => ({ username: ` ${n.toUpperCase()} `, outcome: 'rejected' as const }));
  expect((await abuse.record(tenantId, 'example.org', again, lenient)).signals.usernames).toBe(300);
});

/**
 * The accounts-store pieces the dashboard adds (in @pagemap/accounts; tested here because they
 * need a real Redis and test-utils depends on accounts): owners, per-day usage, key last-use,
 * and the login-automation gate.
 */
import {
  AccountStore,
  hashPassword,
  LoginAutomationGate,
  OwnerError,
  OwnerStore,
  verifyPassword,
  ACCEPTABLE_USE_VERSION,
} from '@pagemap/accounts';
import { keySpace } from '@pagemap/queue';
import { startRedis, type RedisHandle } from '@pagemap/test-utils';

let redis: RedisHandle;
let accounts: AccountStore;
let owners: OwnerStore;

beforeAll(async () => {
  redis = await startRedis();
  accounts = new AccountStore(redis.client, keySpace(redis.prefix));
  owners = new OwnerStore(redis.client, keySpace(redis.prefix), accounts);
});

afterAll(async () => {
  await redis?.stop();
});

test('passwords: scrypt hashes with a salt each, verified in constant time, never the password itself', async () => {
  const [a, b] = await Promise.all([hashPassword('correct horse battery'), hashPassword('correct horse battery')]);
  expect(a).not.toBe(b);
  expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
  expect(a).not.toContain('correct horse');
  expect(await verifyPassword('correct horse battery', a)).toBe(true);
  expect(await verifyPassword('correct horse batterY', a)).toBe(false);
  expect(await verifyPassword('x', 'garbage')).toBe(false);
});

test('owners: sign-up makes a Free tenant; emails are unique case-insensitively; weak passwords refused', async () => {
  const owner = await owners.signUp({ email: 'Owner@Example.TEST', password: 'twelve chars!', accountName: 'Acme' });
  expect(owner.email).toBe('owner@example.test');
  const tenant = await accounts.getTenant(owner.tenantId);
  expect({ name: tenant?.name, plan: tenant?.plan }).toEqual({ name: 'Acme', plan: 'free' });
  await expect(
    owners.signUp({ email: 'OWNER@example.test', password: 'twelve chars!', accountName: 'Again' }),
  ).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
  await expect(
    owners.createOwner({ email: 'weak@example.test', password: 'short', tenantId: owner.tenantId }),
  ).rejects.toBeInstanceOf(OwnerError);
  expect((await owners.authenticate('owner@example.test', 'twelve chars!'))?.id).toBe(owner.id);
  expect(await owners.authenticate('owner@example.test', 'twelve chars?')).toBeNull();
  expect(await owners.authenticate('nobody@example.test', 'twelve chars!')).toBeNull();
  const raw = await redis.client.hgetall(`${redis.prefix}:owner:${owner.id}`);
  expect(JSON.stringify(raw)).not.toContain('twelve chars!');
});

test('usage per day follows reservations and refunds; the period total is unchanged by it', async () => {
  const tenant = await accounts.createTenant({ name: 'daily', plan: 'builder' });
  const r = await accounts.reserve(tenant, 3);
  expect(r.admitted).toBe(true);
  await accounts.refund(tenant, r.period, 1);
  const today = new Date();
  const days = await accounts.dailyUsage(tenant.id, new Date(today.getTime() - 2 * 86_400_000), today);
  expect(days).toHaveLength(3);
  expect(days.at(-1)).toEqual({ day: today.toISOString().slice(0, 10), actions: 2 });
  expect(days.slice(0, 2).every((d) => d.actions === 0)).toBe(true);
  expect(await accounts.used(tenant)).toBe(2);
});

test('keys carry their name and last use; revocation forgets both', async () => {
  const tenant = await accounts.createTenant({ name: 'keys' });
  const { info } = await accounts.issueKey(tenant.id, undefined, { name: 'ci' });
  expect((await accounts.listKeys(tenant.id))[0]).toMatchObject({ name: 'ci', keyId: info.keyId });
  expect((await accounts.listKeys(tenant.id))[0]!.lastUsedAt).toBeUndefined();
  await accounts.touchKey(tenant.id, info.keyId);
  expect((await accounts.listKeys(tenant.id))[0]!.lastUsedAt).toEqual(expect.any(String));
  await accounts.revokeKey(tenant.id, info.keyId);
  expect(await accounts.listKeys(tenant.id)).toEqual([]);
  expect(await redis.client.hlen(keySpace(redis.prefix).keyLastUsed(tenant.id))).toBe(0);
});

test('the login-automation gate needs a card check and an attestation of the current policy version, records who, when and from where, and turns off again', async () => {
  const tenant = await accounts.createTenant({ name: 'gate' });
  const gate = new LoginAutomationGate(redis.client, keySpace(redis.prefix), accounts);
  const card = { provider: 'stripe', reference: 'seti_1', brand: 'visa', last4: '4242', ownerId: 'ow_1' };
  await expect(gate.attest(tenant.id, 'ow_1', '1999-01-01', '192.0.2.1')).rejects.toThrow(/policy version/);
  await gate.attest(tenant.id, 'ow_1', ACCEPTABLE_USE_VERSION, '192.0.2.1');
  expect(await gate.enableIfReady(tenant.id)).toBe(false); // no card yet
  expect(await gate.recordCard(tenant.id, card, 1_900_000_000)).toBe(true);
  // An older card event after a newer one is not recorded.
  expect(await gate.recordCard(tenant.id, { ...card, reference: 'seti_0' }, 1_800_000_000)).toBe(false);
  expect(await gate.enableIfReady(tenant.id)).toBe(true);
  const on = await gate.state(tenant.id);
  expect(on).toMatchObject({
    enabled: true,
    card: { ...card, verifiedAt: new Date(1_900_000_000_000).toISOString() },
    attestation: { version: ACCEPTABLE_USE_VERSION, ownerId: 'ow_1', clientIp: '192.0.2.1' },
  });
  expect((await accounts.getTenant(tenant.id))!.loginAutomation).toBe(true);
  await gate.disable(tenant.id);
  expect((await gate.state(tenant.id)).enabled).toBe(false);
  expect((await gate.state(tenant.id)).attestation).not.toBeNull(); // kept as history
});

/**
 * The reservation ledger behind exact usage through faults (@pagemap/accounts usage scripts, on a
 * real Redis): a refund retried after its answer was lost gives back once, and a cancel that
 * lands before its reservation runs — the reservation's answer was given up while a node stalled
 * or failed over, and Redis ran it later — leaves that late reservation reserving nothing.
 */
import { randomUUID } from 'node:crypto';
import { AccountStore } from '@pagemap/accounts';
import { keySpace } from '@pagemap/queue';
import { startRedis, type RedisHandle } from '@pagemap/test-utils';

let redis: RedisHandle;
let accounts: AccountStore;

beforeAll(async () => {
  redis = await startRedis();
  accounts = new AccountStore(redis.client, keySpace(redis.prefix));
});

afterAll(async () => {
  await redis?.stop();
});

test('a refund retried after its answer was lost gives back only once', async () => {
  const tenant = await accounts.createTenant({ name: 'ledger-retry', plan: 'builder' });
  expect((await accounts.reserve(tenant, 2, randomUUID())).admitted).toBe(true);
  const ledgerId = randomUUID();
  const r = await accounts.reserve(tenant, 3, ledgerId);
  expect(r.admitted).toBe(true);
  await accounts.refund(tenant, r.period, 3, ledgerId);
  await accounts.refund(tenant, r.period, 3, ledgerId);
  expect(await accounts.used(tenant)).toBe(2);
});

test('a reservation that runs after its cancel reserves nothing', async () => {
  const tenant = await accounts.createTenant({ name: 'ledger-late', plan: 'builder' });
  const ledgerId = randomUUID();
  // The gateway gave the reservation up and cancelled it; Redis runs the reservation afterwards.
  await accounts.refund(tenant, accounts.period(tenant), 2, ledgerId);
  const late = await accounts.reserve(tenant, 2, ledgerId);
  expect(late.admitted).toBe(false);
  expect(await accounts.used(tenant)).toBe(0);
  // Other requests are billed as ever.
  expect((await accounts.reserve(tenant, 1, randomUUID())).admitted).toBe(true);
  expect(await accounts.used(tenant)).toBe(1);
});

/**
 * Usage stays exact when the datastore acknowledges a metering write and then loses it (on a real
 * Redis). That is what a Redis Cluster master paused past the node timeout does when it resumes:
 * it answers the commands queued on its socket as the master it no longer is, then hears that
 * its replica took over and drops those writes as it resyncs from it. The fault matrix's
 * paused-master case saw it as usage one over (290 actions billed for 289 served): a refund
 * answered so and lost. Here the loss is injected at that point: the next script run through the
 * store's connection is answered, then its keys are put back as they were before it (the
 * replica's copy). The meter must notice neither at the time — and still end exact.
 */
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { AccountStore } from '@pagemap/accounts';
import { keySpace } from '@pagemap/queue';
import { startRedis, waitFor, type RedisHandle } from '@pagemap/test-utils';
import { createGatewayMetrics } from '../src/metrics';
import { UsageMeter } from '../src/usage/meter';
import { SettlementOutbox } from '../src/usage/settlement-outbox';

let redis: RedisHandle;
/** Set by a test: the next EVAL is answered, then lost. */
let loseNext = false;
let accounts: AccountStore;
let meter: UsageMeter;

/** The store's connection, whose next script (when armed) is acknowledged and then lost. */
function losingClient(client: Redis): Redis {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'eval')
        return async (...args: [string, number, ...(string | number)[]]) => {
          if (!loseNext) return target.eval(...args);
          loseNext = false;
          const keys = args.slice(2, 2 + Number(args[1])).map(String);
          return answeredThenLost(target, keys, () => target.eval(...args));
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Runs `write`, then puts `keys` back as they were before it (values and TTLs): the resync. */
async function answeredThenLost<T>(client: Redis, keys: string[], write: () => Promise<T>): Promise<T> {
  const before = await Promise.all(keys.map(async (k) => ({ k, v: await client.get(k), ttl: await client.pttl(k) })));
  const answer = await write();
  for (const { k, v, ttl } of before) {
    if (v === null) await client.del(k);
    else if (ttl > 0) await client.set(k, v, 'PX', ttl);
    else await client.set(k, v);
  }
  return answer;
}

/** What the meter writes its headers on. */
const res = () => ({ headersSent: false, setHeader: () => undefined }) as unknown as Response;

beforeAll(async () => {
  redis = await startRedis();
  accounts = new AccountStore(losingClient(redis.client), keySpace(redis.prefix));
  // Confirmation after 200 ms instead of 10 s: the deposed master is gone by then here.
  meter = new UsageMeter(accounts, createGatewayMetrics(), new SettlementOutbox(accounts, undefined, 200));
});

afterAll(async () => {
  await redis?.stop();
});

const usedBecomes = (tenant: Parameters<AccountStore['used']>[0], n: number) =>
  waitFor(async () => (await accounts.used(tenant)) === n || undefined, 10_000, `usage ${n}`, 50);

test('a refund the datastore acknowledged and then lost is given back all the same', async () => {
  const tenant = await accounts.createTenant({ name: 'lost-refund', plan: 'builder' });
  const reserved = await meter.reserve(res(), tenant, 1, 1);
  expect(await accounts.used(tenant)).toBe(2);
  // The page opened, the tool failed: one action billed, one given back — by a lost write.
  loseNext = true;
  await meter.settle(res(), reserved, { pages: 1, tools: 0 }, 'TOOL_FAILED');
  expect(loseNext).toBe(false); // the settlement went through the losing connection
  await usedBecomes(tenant, 1);
});

test('a reservation the datastore acknowledged and then lost is billed all the same when it was served', async () => {
  const tenant = await accounts.createTenant({ name: 'lost-reservation', plan: 'builder' });
  loseNext = true;
  const reserved = await meter.reserve(res(), tenant, 1, 0);
  expect(loseNext).toBe(false);
  expect(await accounts.used(tenant)).toBe(0);
  await meter.settle(res(), reserved, { pages: 1, tools: 0 }, 'ok');
  await usedBecomes(tenant, 1);
});

test('a cancel the datastore acknowledged and then lost still undoes its reservation', async () => {
  const tenant = await accounts.createTenant({ name: 'lost-cancel', plan: 'builder' });
  const reserved = await meter.reserve(res(), tenant, 1, 0);
  loseNext = true;
  await meter.settle(res(), reserved, null, 'SERVICE_UNAVAILABLE');
  await usedBecomes(tenant, 0);
  // Confirmed, and final: nothing owed any more, and a reservation resent late reserves nothing.
  await waitFor(() => meter.outbox.size === 0 || undefined, 10_000, 'the outbox to empty', 50);
  expect((await accounts.reserve(tenant, 1, reserved.ledgerId)).admitted).toBe(false);
  expect(await accounts.used(tenant)).toBe(0);
});

test('a settlement is final: run again, or followed by a late refund, it changes nothing', async () => {
  const tenant = await accounts.createTenant({ name: 'settled', plan: 'builder' });
  const ledgerId = randomUUID();
  const r = await accounts.reserve(tenant, 3, ledgerId);
  expect(await accounts.settle(tenant, r.period, 1, ledgerId)).toBe(1);
  expect(await accounts.settle(tenant, r.period, 1, ledgerId)).toBe(1);
  await accounts.refund(tenant, r.period, 3, ledgerId);
  expect(await accounts.used(tenant)).toBe(1);
});

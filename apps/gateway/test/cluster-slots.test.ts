/**
 * The slot rule on a real Redis Cluster (3 masters + 3 replicas): every operation of the
 * accounts, the session directory and the fleet runs there without a CROSSSLOT error, and the
 * keys the rule groups really share a slot. Part of the cluster suite (e2e/jest.cluster.config.js).
 */
import { randomBytes } from 'node:crypto';
import { AccountStore } from '@pagemap/accounts';
import { keySpace, SessionDirectory, WorkerFleet, type KeySpace } from '@pagemap/queue';
import { startRedisCluster, type RedisClusterHandle } from '@pagemap/test-utils';

let cluster: RedisClusterHandle;
let keys: KeySpace;

beforeAll(async () => {
  cluster = await startRedisCluster();
  keys = keySpace(cluster.prefix);
}, 90_000);

afterAll(async () => {
  await cluster?.stop();
});

const slot = async (key: string) => Number(await cluster.client.cluster('KEYSLOT', key));

test("a tenant's keys share one slot, a worker's keys another, a queue's keys a third", async () => {
  const t = 'tn_slots';
  const tenantSlots = await Promise.all(
    [
      keys.tenant(t),
      keys.tenantKeys(t),
      keys.usage(t, '2026-01-01T00:00:00.000Z'),
      keys.rate(t, 0),
      keys.tenantSessions(t),
    ].map(slot),
  );
  expect(new Set(tenantSlots).size).toBe(1);
  const workerSlots = await Promise.all(
    [keys.worker('w1'), keys.workerSessions('w1'), keys.reaperLock('w1')].map(slot),
  );
  expect(new Set(workerSlots).size).toBe(1);
  const queueSlots = await Promise.all(
    ['wait', 'active', 'meta', 'events', 'id'].map((s) => slot(`${keys.bullPrefix}:${keys.workerQueue('w1')}:${s}`)),
  );
  expect(new Set(queueSlots).size).toBe(1);
});

test('accounts: tenant, keys, revocation, exact usage and the rate bucket work on the cluster', async () => {
  const accounts = new AccountStore(cluster.client, keys);
  const tenant = await accounts.createTenant({ name: 'slots', plan: 'free' });
  expect((await accounts.listTenants()).map((x) => x.id)).toContain(tenant.id);
  const { key, info } = await accounts.issueKey(tenant.id);
  expect((await accounts.resolveKey(key))?.tenantId).toBe(tenant.id);
  expect(await accounts.listKeys(tenant.id)).toHaveLength(1);
  const limit = accounts.plan(tenant).actionLimit;
  expect((await accounts.reserve(tenant, limit)).admitted).toBe(true);
  expect((await accounts.reserve(tenant, 1)).admitted).toBe(false);
  expect(await accounts.refund(tenant, accounts.period(tenant), 3)).toBe(limit - 3);
  expect((await accounts.takeRequestToken(tenant)).allowed).toBe(true);
  await accounts.setLimits(tenant.id, { maxOpenSessions: 2 });
  expect(await accounts.revokeKey(tenant.id, info.keyId)).toBe(true);
  expect(await accounts.resolveKey(key)).toBeNull();
  expect(await accounts.listKeys(tenant.id)).toEqual([]);
});

test('session directory and fleet: slots, record, owner, remove, reap a dead worker', async () => {
  const fleet = new WorkerFleet(cluster.client, keys);
  const directory = new SessionDirectory(cluster.client, keys, fleet);
  const alive = `w-${randomBytes(3).toString('hex')}`;
  const dead = `w-${randomBytes(3).toString('hex')}`;
  for (const id of [alive, dead])
    await fleet.beat(
      { id, capacity: 4, sessions: 0, browser: 1, accepting: 1, summarizer: 'ok', at: Date.now(), pid: 1 },
      60_000,
    );
  expect((await fleet.live()).map((w) => w.id).sort()).toEqual([alive, dead].sort());
  const sid = () => randomBytes(18).toString('base64url');
  const [a, b, c] = [sid(), sid(), sid()];
  for (const id of [a, b]) expect((await directory.takeSlot('tn_x', id, 2, 60_000)).admitted).toBe(true);
  expect((await directory.takeSlot('tn_x', c, 2, 60_000)).admitted).toBe(false);
  const now = Date.now();
  await directory.record(a, {
    tenant: 'tn_x',
    worker: alive,
    created_at: now,
    last_seen_at: now,
    expires_at: now + 60_000,
  });
  await directory.record(b, {
    tenant: 'tn_x',
    worker: dead,
    created_at: now,
    last_seen_at: now,
    expires_at: now + 60_000,
  });
  await directory.touch(a, {
    tenant: 'tn_x',
    worker: alive,
    created_at: now,
    last_seen_at: now + 1,
    expires_at: now + 90_000,
  });
  expect(await directory.ownerOf('tn_x', a)).toBe(alive);
  await expect(directory.ownerOf('tn_other', a)).rejects.toThrow('Session not found or expired.');

  await fleet.deregister(dead);
  expect(await fleet.isAlive(dead)).toBe(false);
  expect(await directory.reapWorker(dead)).toBe(1);
  await fleet.unlist(dead);
  expect(await fleet.listed()).toEqual([alive]);
  expect((await directory.openSessions('tn_x')).map((s) => s.sessionId)).toEqual([a]);
  await directory.remove(a, 'tn_x', alive);
  expect(await directory.openSessions('tn_x')).toEqual([]);
  expect(await cluster.client.exists(keys.session(a))).toBe(0);
  expect(await cluster.client.hlen(keys.workerSessions(alive))).toBe(0);
});

/**
 * SessionDirectory and WorkerFleet against a real redis-server: who owns a session (and who is
 * refused), open-session slots with the dead-worker sweep, and the clean-up after a dead worker.
 * The key layout is asserted too: it is shared with deployed processes and must not drift.
 */
import { randomBytes } from 'node:crypto';
import { PagemapError } from '@pagemap/contracts';
import { keySpace, SessionDirectory, WorkerFleet, type KeySpace, type SessionEntry } from '@pagemap/queue';
import { startRedis, type RedisHandle } from '@pagemap/test-utils';

let redis: RedisHandle;
let keys: KeySpace;
let fleet: WorkerFleet;
let directory: SessionDirectory;

beforeAll(async () => {
  redis = await startRedis();
  keys = keySpace(redis.prefix);
  fleet = new WorkerFleet(redis.client, keys);
  directory = new SessionDirectory(redis.client, keys, fleet);
}, 30_000);

afterAll(async () => {
  await redis?.stop();
});

const sid = () => randomBytes(18).toString('base64url');
const wid = () => `w-${randomBytes(4).toString('hex')}`;

async function liveWorker(): Promise<string> {
  const id = wid();
  await fleet.beat(
    { id, capacity: 4, sessions: 0, browser: 1, accepting: 1, summarizer: 'ok', at: Date.now(), pid: 1 },
    60_000,
  );
  return id;
}

function entry(tenant: string, worker: string, lifeMs = 60_000): SessionEntry {
  const now = Date.now();
  return { tenant, worker, created_at: now, last_seen_at: now, expires_at: now + lifeMs };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PagemapError);
  expect((err as PagemapError).message).toBe('Session not found or expired.');
  return (err as PagemapError).code;
}

test('record writes the same layout as before: entry hash with expiry, tenant slot, worker index', async () => {
  const worker = await liveWorker();
  const id = sid();
  const e = entry('tn_a', worker);
  await directory.record(id, e);
  expect(await redis.client.hgetall(keys.session(id))).toEqual({
    tenant: 'tn_a',
    worker,
    created_at: String(e.created_at),
    last_seen_at: String(e.last_seen_at),
    expires_at: String(e.expires_at),
  });
  expect(await redis.client.pexpiretime(keys.session(id))).toBe(e.expires_at + 1000);
  expect(Number(await redis.client.zscore(keys.tenantSessions('tn_a'), id))).toBe(e.expires_at);
  expect(await redis.client.hget(keys.workerSessions(worker), id)).toBe('tn_a');
  expect(await directory.ownerOf('tn_a', id)).toBe(worker);

  const later = { ...e, last_seen_at: e.last_seen_at + 5_000, expires_at: e.expires_at + 5_000 };
  await directory.touch(id, later);
  expect(Number(await redis.client.zscore(keys.tenantSessions('tn_a'), id))).toBe(later.expires_at);

  await directory.remove(id, 'tn_a', worker);
  expect(await redis.client.exists(keys.session(id), keys.workerSessions(worker))).toBe(0);
  expect(await redis.client.zscore(keys.tenantSessions('tn_a'), id)).toBeNull();
  expect(await refusal(directory.ownerOf('tn_a', id))).toBe('SESSION_NOT_FOUND');
});

test('ownerOf refuses, with one answer, another tenant, an expired entry, a dead owner, unknown and malformed ids', async () => {
  const worker = await liveWorker();
  const id = sid();
  await directory.record(id, entry('tn_b', worker));
  expect(await directory.ownerOf('tn_b', id)).toBe(worker);

  expect(await refusal(directory.ownerOf('tn_other', id))).toBe('SESSION_NOT_FOUND');
  expect(await refusal(directory.ownerOf('tn_b', sid()))).toBe('SESSION_NOT_FOUND');
  expect(await refusal(directory.ownerOf('tn_b', '../not-an-id'))).toBe('SESSION_NOT_FOUND');

  // Past its expires_at (a clock two minutes ahead) while the entry is still in Redis.
  const later = new SessionDirectory(redis.client, keys, fleet, () => Date.now() + 120_000);
  expect(await refusal(later.ownerOf('tn_b', id))).toBe('SESSION_NOT_FOUND');

  await fleet.deregister(worker);
  expect(await fleet.isAlive(worker)).toBe(false);
  expect(await refusal(directory.ownerOf('tn_b', id))).toBe('SESSION_NOT_FOUND');
});

test('a refusal of the tenant’s own id is final: its entry written back is told so, and stays refused', async () => {
  const worker = await liveWorker();
  const id = sid();
  const e = entry('tn_g', worker);
  // The entry Redis dropped in a failover: the tenant is answered that the session is gone.
  expect(await refusal(directory.ownerOf('tn_g', id))).toBe('SESSION_NOT_FOUND');
  expect(await redis.client.pttl(keys.goneSession('tn_g', id))).toBeGreaterThan(9 * 60_000);
  // Its worker's next touch writes the entry back, and learns that it must close the session.
  expect(await directory.touch(id, e)).toBe(false);
  expect(await directory.standing('tn_g', id)).toBe('gone');
  expect(await refusal(directory.ownerOf('tn_g', id))).toBe('SESSION_NOT_FOUND');
  expect(await directory.currentOwner('tn_g', id)).toBeUndefined();
  // Another tenant's id probed declares nothing for its owner.
  const other = sid();
  await directory.record(other, entry('tn_h', worker));
  expect(await refusal(directory.ownerOf('tn_g', other))).toBe('SESSION_NOT_FOUND');
  expect(await redis.client.exists(keys.goneSession('tn_h', other), keys.goneSession('tn_g', other))).toBe(0);
  expect(await directory.standing('tn_h', other)).toBe('listed');
  expect(await directory.touch(other, entry('tn_h', worker))).toBe(true);
  expect(await directory.ownerOf('tn_h', other)).toBe(worker);
});

test('a miss is read again: a stale first answer (a replaced master’s) does not refuse a live session', async () => {
  const worker = await liveWorker();
  const id = sid();
  await directory.record(id, entry('tn_s', worker));
  let staleLeft = 1;
  // The first read of the entry answers as a master that a failover replaced: without it.
  const stale = new Proxy(redis.client, {
    get(target, prop, receiver) {
      if (prop === 'hgetall' && staleLeft > 0) {
        staleLeft -= 1;
        return async () => ({});
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const afterFailover = new SessionDirectory(stale, keys, fleet);
  expect(await afterFailover.ownerOf('tn_s', id)).toBe(worker);
  expect(staleLeft).toBe(0);
  expect(await directory.standing('tn_s', id)).toBe('listed');
});

test('slots: a full tenant gets a slot back from a dead worker’s session, not from an open in progress', async () => {
  const tenant = `tn_${randomBytes(3).toString('hex')}`;
  const alive = await liveWorker();
  const dead = wid(); // never beat: its heartbeat key does not exist
  const a = sid();
  const b = sid();
  await directory.record(a, entry(tenant, alive));
  await directory.record(b, entry(tenant, dead));
  // A slot held for an open in progress has no entry yet: the sweep must leave it alone.
  const pending = sid();
  expect((await directory.takeSlot(tenant, pending, 3, 30_000)).admitted).toBe(true);

  const c = sid();
  expect(await directory.takeSlot(tenant, c, 3, 30_000)).toMatchObject({ admitted: true, open: 2 });
  expect((await directory.openSessions(tenant)).map((s) => s.sessionId).sort()).toEqual([a, pending, c].sort());

  const refused = await directory.takeSlot(tenant, sid(), 3, 30_000);
  expect(refused).toMatchObject({ admitted: false, open: 3, limit: 3 });
  expect(refused.retryAfterS).toBeGreaterThanOrEqual(1);
  await directory.releaseSlot(tenant, c);
  expect((await directory.takeSlot(tenant, sid(), 3, 30_000)).admitted).toBe(true);
});

test('reapWorker removes a dead worker’s entries and slots, but not an entry another worker now holds', async () => {
  const dead = wid();
  const other = await liveWorker();
  const mine = sid();
  const moved = sid();
  await directory.record(mine, entry('tn_c', dead));
  await directory.record(moved, entry('tn_c', dead));
  // The same id now recorded by another worker (the entry names it): its entry must survive.
  await directory.record(moved, entry('tn_c', other));

  expect(await directory.reapWorker(dead)).toBe(2);
  expect(await redis.client.exists(keys.session(mine), keys.workerSessions(dead))).toBe(0);
  expect(await redis.client.hget(keys.session(moved), 'worker')).toBe(other);
  expect(await directory.openSessions('tn_c')).toEqual([]);
});

test('the fleet lists live workers only, and unlist drops a dead one', async () => {
  const w = await liveWorker();
  const gone = wid();
  await redis.client.zadd(keys.workers, Date.now(), gone);
  expect(await fleet.listed()).toEqual(expect.arrayContaining([w, gone]));
  expect((await fleet.live()).map((b) => b.id)).toContain(w);
  expect((await fleet.live()).map((b) => b.id)).not.toContain(gone);
  await fleet.unlist(gone);
  expect(await fleet.listed()).not.toContain(gone);
  expect(await fleet.ping()).toBe(true);
});

/**
 * A session whose directory entry Redis lost can never be reached again (gateways route by the
 * entry alone): the worker closes it (sessions/unlisted-sweep.ts). The directory is a real Redis
 * here; the sweep's clock is the test's, so no test waits on the machine.
 */
import { SessionDirectory, createRedis, keySpace, type RedisClient } from '@pagemap/queue';
import { createLogger } from '@pagemap/runtime';
import { startRedis, waitFor, type RedisHandle } from '@pagemap/test-utils';
import { UnlistedSweep, type SweptSession } from '../src/sessions/unlisted-sweep';

const log = createLogger({ name: 'test', level: 'silent' });
const GRACE = 10_000;
let redis: RedisHandle;
let client: RedisClient;
const entry = { tenant: 'tn_1', worker: 'w1', created_at: 0, last_seen_at: 0, expires_at: Date.now() + 600_000 };

beforeAll(async () => {
  redis = await startRedis();
  client = createRedis(redis.url, 'command');
  await waitFor(() => client.status === 'ready', 10_000, 'the command connection');
});
afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

function rig(ids: string[], standing?: () => Promise<'listed' | 'unlisted' | 'gone'>) {
  const directory = new SessionDirectory(client, keySpace(redis.prefix));
  const sessions: SweptSession[] = ids.map((id) => ({
    id,
    tenantId: entry.tenant,
    closed: false,
    recorded: Promise.resolve(),
  }));
  const closed: string[] = [];
  const reasons: string[] = [];
  let now = 1_000_000;
  const sweep = new UnlistedSweep(
    {
      sessions: () => sessions.filter((s) => !closed.includes(s.id)),
      standing: standing ?? ((s) => directory.standing(s.tenantId, s.id)),
      close: async (id, reason) => {
        reasons.push(reason);
        closed.push(id);
        return true;
      },
      everyMs: 5_000,
      graceMs: GRACE,
      now: () => now,
    },
    log,
  );
  const at = async (ms: number) => {
    now += ms;
    return sweep.sweep();
  };
  return { directory, closed, reasons, at };
}

test('a session whose entry is gone is closed once unlisted on sweeps the grace apart; a listed one stays', async () => {
  const { directory, closed, reasons, at } = rig(['sess_listed_1', 'sess_lost_1']);
  await directory.record('sess_listed_1', entry);
  await directory.record('sess_lost_1', entry);
  await client.del(keySpace(redis.prefix).session('sess_lost_1')); // the write Redis dropped
  expect(await at(0)).toEqual([]); // first seen
  expect(await at(GRACE)).toEqual([]); // seen long enough; found unlisted for the first time
  expect(await at(GRACE / 2)).toEqual([]); // unlisted, not yet for the grace
  expect(await at(GRACE / 2)).toEqual(['sess_lost_1']);
  expect(closed).toEqual(['sess_lost_1']);
  expect(reasons).toEqual(['unlisted']);
});

test('a session its tenant was answered is gone closes at the first sweep, even with its entry back', async () => {
  const { directory, closed, reasons, at } = rig(['sess_told_1', 'sess_kept_1']);
  await directory.record('sess_told_1', entry);
  await directory.record('sess_kept_1', entry);
  await directory.declareGone(entry.tenant, 'sess_told_1');
  expect(await directory.touch('sess_told_1', entry)).toBe(false); // the entry written back
  expect(await directory.touch('sess_kept_1', entry)).toBe(true);
  expect(await at(0)).toEqual(['sess_told_1']);
  expect(reasons).toEqual(['declared_gone']);
  await at(GRACE * 3);
  expect(closed).toEqual(['sess_told_1']);
});

test('an entry back before the grace ends (a touch wrote it again) keeps the session', async () => {
  const { directory, closed, at } = rig(['sess_back_1']);
  await at(0);
  await at(GRACE); // unlisted
  await directory.record('sess_back_1', entry);
  await at(GRACE); // listed again: the count starts over
  await client.del(keySpace(redis.prefix).session('sess_back_1'));
  await at(GRACE / 2);
  expect(closed).toEqual([]);
});

test('a sweep that cannot ask Redis judges nothing', async () => {
  const { closed, at } = rig(['sess_unknown_1'], async () => {
    throw new Error('Connection is closed.');
  });
  for (let i = 0; i < 6; i++) await at(GRACE);
  expect(closed).toEqual([]);
});

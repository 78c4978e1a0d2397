/**
 * Fault matrix, embedded default (issue 26), on one launcher (embedded-case.ts): its Redis killed
 * (kill -9), paused 5 s and full (`maxmemory` under `noeviction`), and a gateway and a worker
 * killed during a Redis pause. Each case: no hang, no 500, only retryable answers, serving again
 * within its bound after the fault, usage exactly the actions served, and no session answered as
 * gone still open. The long pauses run on a launcher of their own (embedded-long-pauses.test.ts).
 */
import { api, waitFor } from '@pagemap/test-utils';
import { signal, sleep, underLoad, useLauncher } from './embedded-case';
import type { ClientLoad } from './load';

const ctx = useLauncher();

/** Requests the load saw refused (503) since `at`: the fault reached the clients. */
const refusedSince = (load: ClientLoad, at: number) =>
  load.outcomes.filter((o) => o.startedAt >= at && o.status === 503).length;

test('Redis killed (kill -9): the launcher restarts it, serving again within 15 s, nothing lost', async () => {
  const { launcher } = ctx;
  await underLoad(ctx, 'embedded redis kill -9', 15_000, async () => {
    signal(launcher.pidOf('redis-server'), 'SIGKILL');
    // The fault is the kill: the 15 s bound runs from it, restart included.
    return Date.now();
  });
  expect(launcher.pidOf('redis-server')).not.toBeNaN();
  expect(launcher.output()).toMatch(/redis-server is back \(pid \d+, restart 1\)/);
}, 240_000);

test('Redis paused 5 s: fast retryable answers while it stalls, serving again within 10 s of its return', async () => {
  await underLoad(ctx, 'embedded redis paused 5 s', 10_000, async () => {
    const pid = ctx.launcher.pidOf('redis-server');
    signal(pid, 'SIGSTOP');
    await sleep(5_000);
    signal(pid, 'SIGCONT');
    return Date.now();
  });
}, 240_000);

test('Redis at maxmemory: no 500, readiness and deep health say so within 5 s, usage exact afterwards', async () => {
  const { launcher, admin } = ctx;
  await underLoad(ctx, 'embedded redis at maxmemory', 10_000, async (load) => {
    const used = Number(/used_memory:(\d+)/.exec(await admin.client.info('memory'))![1]);
    const full = Date.now();
    await admin.client.config('SET', 'maxmemory', String(Math.max(1, used - 1024 * 1024)));
    // The acceptance bound (5 s) is the wait's own limit.
    await waitFor(
      async () => {
        const res = await api(launcher.base, 'GET', '/health?deep=true').catch(() => undefined);
        return res?.status === 503 && res.body.checks.datastore === 'fail' ? true : undefined;
      },
      5_000,
      'deep health to fail',
      100,
    );
    await waitFor(
      async () => {
        const res = await fetch(`${launcher.workers[0]}/health/ready`).catch(() => undefined);
        const body = res ? await res.json() : undefined;
        return res?.status === 503 && body.datastore === 'fail' ? true : undefined;
      },
      5_000,
      'worker readiness to fail',
      100,
    );
    // Full until the clients have felt it (their writes refused, refunds owed), not for a set time.
    await waitFor(() => refusedSince(load, full) >= 4 || undefined, 30_000, 'requests refused at maxmemory', 100);
    await admin.client.config('SET', 'maxmemory', '0');
    return Date.now();
  });
}, 240_000);

test('a gateway and a worker killed during a Redis pause: all restarted, serving again within 15 s', async () => {
  const { launcher } = ctx;
  await underLoad(
    ctx,
    'embedded gateway and worker killed during a redis pause',
    15_000,
    async () => {
      const redis = launcher.pidOf('redis-server');
      signal(redis, 'SIGSTOP');
      await sleep(2_000);
      signal(launcher.pidOf('gateway'), 'SIGKILL');
      signal(launcher.pidOf('worker 2'), 'SIGKILL');
      await sleep(3_000);
      signal(redis, 'SIGCONT');
      return Date.now();
    },
    { alsoAllowed: ['network'], answersLost: true },
  );
}, 240_000);

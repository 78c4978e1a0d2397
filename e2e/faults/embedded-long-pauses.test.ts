/**
 * Fault matrix, embedded default (issue 26), the long pauses, on a launcher of their own
 * (embedded-case.ts; the short faults are embedded-redis.test.ts, run side by side): Redis paused
 * 30 s, and a worker paused 20 s. Each case: no hang, no 500, only retryable answers, serving
 * again within 10 s of the fault's end, usage exactly the actions served, and no session
 * answered as gone still open — each worker closes the sessions declared gone when it can act.
 */
import { signal, sleep, underLoad, useLauncher } from './embedded-case';

const ctx = useLauncher();

test('Redis paused 30 s: sessions answered as gone are closed, serving again within 10 s of its return', async () => {
  await underLoad(ctx, 'embedded redis paused 30 s', 10_000, async () => {
    const pid = ctx.launcher.pidOf('redis-server');
    signal(pid, 'SIGSTOP');
    await sleep(30_000);
    signal(pid, 'SIGCONT');
    return Date.now();
  });
}, 330_000);

test('a worker paused 20 s and resumed: its sessions answered as gone are closed when it can act again', async () => {
  await underLoad(ctx, 'embedded worker paused 20 s', 10_000, async () => {
    const pid = ctx.launcher.pidOf('worker 1');
    signal(pid, 'SIGSTOP');
    await sleep(20_000);
    signal(pid, 'SIGCONT');
    return Date.now();
  });
}, 300_000);

/**
 * Shutdown is bounded by PAGEMAP_DRAIN_TIMEOUT_MS whatever Redis does (issue 26): a worker sent
 * SIGTERM while its Redis is paused (SIGSTOP: connections open, nothing answered) or gone exits
 * by itself, its Chromium closed. Before, it logged "worker draining" and waited on Redis until
 * it was killed.
 */
import { startRedis, startStack, type RedisHandle, type Stack } from '@pagemap/test-utils';
import { alive, chromiumPids, processTree, waitGone } from './helpers';

const DRAIN_MS = 2_000;
/** Far above the drain time plus the browser's close: a worker still running then did not stop by itself. */
const EXIT_BOUND_MS = DRAIN_MS + 25_000;

let redis: RedisHandle;
let stack: Stack;
let redisPid = 0;

beforeEach(async () => {
  redis = await startRedis();
  redisPid = Number(/process_id:(\d+)/.exec(await redis.client.info('server'))![1]);
  stack = await startStack({
    redis,
    gateways: 0,
    workers: 1,
    workerEnv: { PAGEMAP_DRAIN_TIMEOUT_MS: String(DRAIN_MS) },
  });
}, 60_000);

afterEach(async () => {
  if (alive(redisPid)) process.kill(redisPid, 'SIGCONT');
  await stack?.stop();
  await redis?.stop();
}, 60_000);

async function exitsWithin(ms: number): Promise<number | string | 'still running'> {
  const w = stack.workers[0]!;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((r) => (timer = setTimeout(() => r('still running'), ms)));
  try {
    return await Promise.race([w.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

test.each([
  ['paused (SIGSTOP)', () => process.kill(redisPid, 'SIGSTOP')],
  ['gone', () => redis.stop()],
])(
  'SIGTERM while Redis is %s: the worker exits within its drain time, Chromium closed',
  async (_, fault) => {
    const w = stack.workers[0]!;
    const chromium = chromiumPids(w).flatMap((p) => processTree(p));
    expect(chromium.length).toBeGreaterThan(0);
    await fault();
    w.proc.kill('SIGTERM');
    expect(await exitsWithin(EXIT_BOUND_MS)).not.toBe('still running');
    await waitGone(chromium);
    expect(w.logs().some((l) => l.msg === 'worker stopped')).toBe(true);
  },
  90_000,
);

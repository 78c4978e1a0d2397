/**
 * Failure: Chromium crashing under a worker, and a worker killed with SIGKILL mid-request. Callers
 * always get a clean answer in bounded time; dead sessions answer 404; service continues.
 */
import {
  api,
  countExisting,
  keysMatching,
  waitFor,
  type FixtureServer,
  type ProcHandle,
  type Stack,
} from '@pagemap/test-utils';
import {
  alive,
  browse,
  chromiumPids,
  hangingRequest as startHanging,
  metric,
  processTree,
  waitGone,
  waitServedBy,
  useWorkerSuite,
} from './helpers';

let stack: Stack;
let site: FixtureServer;
let key: string;
const marks: string[] = [];
const allChromium = new Set<number>();
useWorkerSuite(
  { workerEnv: { PAGEMAP_REAPER_MS: '500' }, marks, chromium: allChromium },
  (s) => ({ stack, site, key } = s),
);

const hangingRequest = (sessionId: string) => startHanging(stack, key, marks, sessionId);

test('Chromium crash: the in-flight request gets a clean error, its sessions are gone, the browser is relaunched', async () => {
  const w = stack.workers[0]!;
  const busy = await browse(stack, key, { url: site.url('/worker-tools.html') });
  const idle = await browse(stack, key, { url: site.url('/') });
  expect(busy.status).toBe(200);
  expect(idle.status).toBe(200);
  const launches = chromiumPids(w).length;
  const chromium = chromiumPids(w).at(-1); // the browser running now
  const tree = processTree(chromium!);
  tree.forEach((p) => allChromium.add(p));
  const restartsBefore = await metric(w, 'pagemap_worker_browser_restarts_total');
  const crashClosedBefore = await metric(w, 'pagemap_worker_sessions_closed_total', { reason: 'browser_crash' });

  const { pending } = await hangingRequest(busy.body.session_id);
  process.kill(chromium!, 'SIGKILL');
  const res = await pending;
  expect(res.status).toBe(502);
  // WORKER_LOST, not the request deadline's UPSTREAM_TIMEOUT: the crash was detected, not waited out.
  expect(res.body.error).toBe('WORKER_LOST');

  // Both sessions lived in the crashed browser: gone.
  expect((await browse(stack, key, { session_id: busy.body.session_id })).status).toBe(404);
  expect((await browse(stack, key, { session_id: idle.body.session_id })).status).toBe(404);
  // A new browser serves new sessions.
  const fresh = await browse(stack, key, { url: site.url('/worker-tools.html') });
  expect(fresh.status).toBe(200);
  expect(fresh.body.tools.map((t: { name: string }) => t.name)).toContain('append');
  // Its 'browser started' line comes through the worker's asynchronous stdout.
  await waitFor(
    () => (chromiumPids(w).length === launches + 1 ? true : undefined),
    5_000,
    "the relaunched browser's log line",
  );
  expect(await metric(w, 'pagemap_worker_browser_restarts_total')).toBe(restartsBefore + 1);
  // Both sessions of this test; none of the file's other tests leaves a session open on this worker.
  expect(await metric(w, 'pagemap_worker_sessions_closed_total', { reason: 'browser_crash' })).toBe(
    crashClosedBefore + 2,
  );
  await waitGone(tree);
  expect(alive(chromiumPids(w).at(-1)!)).toBe(true);
  expect((await api(stack.url, 'DELETE', `/v1/session/${fresh.body.session_id}`, { key })).status).toBe(200);
}, 60_000);

test('kill -9 of a worker mid-request: clean 5xx in bounded time, its sessions 404, new sessions land on the survivor, its leftovers are reaped', async () => {
  const a = stack.workers[0]!;
  // Two sessions on A (the only worker yet), then a second worker B.
  const s1 = await browse(stack, key, { url: site.url('/worker-tools.html') });
  const s2 = await browse(stack, key, { url: site.url('/') });
  expect(s1.status).toBe(200);
  expect(s2.status).toBe(200);
  const b: ProcHandle = await stack.addWorker();
  for (const p of chromiumPids(a)) processTree(p).forEach((q) => allChromium.add(q));
  const aChromium = chromiumPids(a).at(-1)!;
  const aTree = processTree(aChromium);

  const { pending } = await hangingRequest(s1.body.session_id);
  await a.kill9();
  const res = await pending;
  expect(res.status).toBeGreaterThanOrEqual(500);
  // WORKER_LOST, not the request deadline's UPSTREAM_TIMEOUT: the loss was detected, not waited out.
  expect(res.body.error).toBe('WORKER_LOST');

  expect((await browse(stack, key, { session_id: s1.body.session_id })).status).toBe(404);
  const other = await browse(stack, key, { session_id: s2.body.session_id });
  expect(other.status).toBe(404);
  expect(other.body.error).toBe('SESSION_NOT_FOUND');
  expect((await api(stack.url, 'DELETE', `/v1/session/${s2.body.session_id}`, { key })).status).toBe(404);

  const fresh = await Promise.all([0, 1, 2].map(() => browse(stack, key, { url: site.url('/') })));
  for (const r of fresh) {
    expect(r.status).toBe(200);
    expect(await waitServedBy(stack.workers, r.body.session_id, 1)).toEqual([b.id]);
  }

  // B reaps A: directory entries, tenant-session members and A's queue (with its sealed jobs) go.
  const redis = stack.redis.client;
  const keys = stack.keys;
  await waitFor(
    async () => ((await redis.zscore(keys.workers, a.id!)) === null ? true : undefined),
    15_000,
    'A to be reaped',
  );
  expect(
    await countExisting(redis, [
      keys.session(s1.body.session_id),
      keys.session(s2.body.session_id),
      keys.workerSessions(a.id!),
    ]),
  ).toBe(0);
  expect(await keysMatching(redis, `${keys.bullPrefix}:${keys.workerQueue(a.id!)}*`)).toEqual([]);
  await waitFor(
    () => b.logs().some((l) => l.msg?.startsWith('reaped dead worker') && l.deadWorker === a.id),
    10_000,
    'the log line',
  );
  // A's Chromium noticed its worker was gone (DevTools pipe closed) and exited.
  await waitGone(aTree);
}, 90_000);

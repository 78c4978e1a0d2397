/**
 * Graceful shutdown: SIGTERM while a request runs. The request completes, the worker closes its
 * sessions, deregisters, removes its queue, closes Chromium and exits 0 — no Chromium left.
 */
import { api, waitFor, type FixtureServer, type Stack } from '@pagemap/test-utils';
import { alive, browse, chromiumPids, processTree, useWorkerSuite } from './helpers';

let stack: Stack;
let site: FixtureServer;
let key: string;
const marks: string[] = [];
const allChromium = new Set<number>();
useWorkerSuite({ marks, chromium: allChromium }, (s) => ({ stack, site, key } = s));

test('SIGTERM during a running request: the request completes, the worker exits 0, no Chromium is left', async () => {
  const w = stack.workers[0]!;
  const busy = await browse(stack, key, { url: site.url('/worker-tools.html') });
  const idle = await browse(stack, key, { url: site.url('/') });
  expect(busy.status).toBe(200);
  expect(idle.status).toBe(200);
  const chromium = chromiumPids(w);
  expect(chromium).toHaveLength(1);
  const tree = processTree(chromium[0]!);
  expect(tree.length).toBeGreaterThan(1); // the browser and its helpers (zygote, renderers)
  tree.forEach((p) => allChromium.add(p));

  const pending = browse(stack, key, {
    session_id: busy.body.session_id,
    tool: 'append',
    params: { text: 'Z', delay_ms: 1500 },
  });
  await waitFor(() => marks.includes('Z'), 20_000, 'the tool to start');
  w.proc.kill('SIGTERM');

  const res = await pending;
  expect(res.status).toBe(200);
  expect(res.body.results).toMatchObject([{ tool: 'append', success: true, error: null }]);
  expect(res.body.title).toBe('Log: Z');

  expect(await w.exited).toBe(0);
  // 'exit' can come before the last of its stdout has been read.
  const stopped = await waitFor(
    () => w.logs().find((l) => l.msg === 'worker stopped'),
    5_000,
    'the worker stopped log line',
  );
  expect(stopped.clean).toBe(true);
  expect(tree.filter(alive)).toEqual([]);

  // Deregistered and cleaned up: no heartbeat, no directory entries, no queue left behind.
  const redis = stack.redis.client;
  const keys = stack.keys;
  expect(
    await redis.exists(
      keys.worker(w.id!),
      keys.session(busy.body.session_id),
      keys.session(idle.body.session_id),
      keys.workerSessions(w.id!),
    ),
  ).toBe(0);
  expect(await redis.zscore(keys.workers, w.id!)).toBeNull();
  expect(await redis.keys(`${keys.bullPrefix}:${keys.workerQueue(w.id!)}*`)).toEqual([]);
  const gone = await browse(stack, key, { session_id: idle.body.session_id });
  expect(gone.status).toBe(404);
  expect((await api(stack.url, 'DELETE', `/v1/session/${busy.body.session_id}`, { key })).status).toBe(404);
}, 60_000);

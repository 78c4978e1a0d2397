/**
 * The worker's session expiry, end to end with second-scale settings: an idle session closes by
 * itself (context closed, directory entry gone, 404 afterwards). And the worker's idle memory
 * reclaim, which follows the last session. Nothing here keeps a session alive by pacing requests
 * against the idle time-out: how `expires_at` moves with requests and how the maximum age caps it
 * are tested on an injected clock (test/session-expiry-clock.test.ts).
 */
import { api, waitFor, type FixtureServer, type Stack } from '@pagemap/test-utils';
import { browse, metric, useWorkerSuite } from './helpers';

const IDLE_S = 2;
const MAX_AGE_S = 6;

let stack: Stack;
let site: FixtureServer;
let key: string;
useWorkerSuite(
  {
    workerEnv: {
      PAGEMAP_SESSION_IDLE_S: String(IDLE_S),
      PAGEMAP_SESSION_MAX_AGE_S: String(MAX_AGE_S),
      PAGEMAP_IDLE_RECLAIM_S: '1',
    },
  },
  (s) => ({ stack, site, key } = s),
);

test('an idle session expires: context closed, directory entry gone, 404 afterwards (DELETE included)', async () => {
  const w = stack.workers[0]!;
  const before = Date.now();
  const opened = await browse(stack, key, { url: site.url('/') });
  expect(opened.status).toBe(200);
  const id = opened.body.session_id as string;
  const expiresAt = Date.parse(opened.body.expires_at);
  // Fresh session: idle is the nearer limit.
  expect(expiresAt).toBeGreaterThanOrEqual(before + IDLE_S * 1000 - 50);
  expect(expiresAt).toBeLessThanOrEqual(Date.now() + IDLE_S * 1000 + 50);

  // The worker closes it on its own (no request needed to notice).
  await waitFor(
    async () => ((await stack.redis.client.exists(stack.keys.session(id))) === 0 ? true : undefined),
    IDLE_S * 1000 + 10_000,
    'the idle session to leave the directory',
  );
  expect(await metric(w, 'pagemap_worker_session_expiries_total', { reason: 'idle' })).toBeGreaterThanOrEqual(1);
  await waitFor(
    () => w.logs().some((l) => l.msg === 'session closed' && l.sessionId === id && l.reason === 'idle'),
    10_000,
    'the log line',
  );
  expect((await browse(stack, key, { session_id: id })).status).toBe(404);
  const del = await api(stack.url, 'DELETE', `/v1/session/${id}`, { key });
  expect(del.status).toBe(404);
  expect(del.body.error).toBe('SESSION_NOT_FOUND');
});

test('once its last session is gone the worker gives its heap back', async () => {
  const w = stack.workers[0]!;
  const reclaims = () => metric(w, 'pagemap_worker_memory_reclaims_total');
  // Start from a quiet worker: earlier sessions expired and the reclaim that follows the last of
  // them has happened (only a session opening makes the worker owe a reclaim, so none comes after).
  const lastLine = (msg: string) => w.logs().findLastIndex((l) => l.msg === msg);
  await waitFor(
    async () => ((await metric(w, 'pagemap_worker_open_sessions')) === 0 ? true : undefined),
    15_000,
    'earlier sessions to expire',
  );
  await waitFor(
    () => lastLine('session closed') === -1 || lastLine('idle: memory reclaimed') > lastLine('session closed'),
    15_000,
    'the reclaim after the earlier sessions',
  );
  const before = await reclaims();

  const opened = await browse(stack, key, { url: site.url('/') });
  expect(opened.status).toBe(200);
  const id = opened.body.session_id as string;
  expect(await reclaims()).toBe(before);

  // Closed by its caller (no keep-alive racing the idle time-out), the worker's last session is
  // gone; one whole idle interval later the worker reclaims.
  expect((await api(stack.url, 'DELETE', `/v1/session/${id}`, { key })).status).toBe(200);
  await waitFor(
    async () => ((await reclaims()) === before + 1 ? true : undefined),
    IDLE_S * 1000 + 10_000,
    'the idle reclaim',
  );
  // The counter is read over HTTP; the log line comes through the worker's asynchronous stdout.
  const line = await waitFor(
    () => w.logs().find((l) => l.msg === 'idle: memory reclaimed'),
    5_000,
    'the reclaim log line',
  );
  expect(line).toMatchObject({ ms: expect.any(Number), rssMiB: expect.any(Number) });
  // Never while a session is open, and once per idle period: test/memory-reclaim.test.ts proves it
  // tick by tick (no waiting for real intervals to pass, which on a loaded machine proves nothing
  // either way).
});

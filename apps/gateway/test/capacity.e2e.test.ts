/**
 * Capacity and liveness: a worker that holds at most one session makes a second new session
 * answer 503 NO_CAPACITY with Retry-After (the pickup deadline), and /health?deep=true reports a
 * stopped worker as a failure; Redis stopping under a running request answers 503 instead of
 * waiting out the deadline. (Requests arriving while Redis is down: test/errors.test.ts.)
 */
import { Worker } from 'bullmq';
import { ErrorBody, HealthRecord } from '@pagemap/contracts';
import { createRedis } from '@pagemap/queue';
import { api, startFixtureServer, startStack, waitFor, type FixtureServer, type Stack } from '@pagemap/test-utils';

let stack: Stack;
let site: FixtureServer;
let key: string;
let tenantId: string;

beforeAll(async () => {
  site = await startFixtureServer();
  stack = await startStack({
    gateways: 1,
    workers: 1,
    gatewayEnv: { PAGEMAP_PICKUP_TIMEOUT_MS: '1500' },
    workerEnv: { PAGEMAP_MAX_SESSIONS: '1' },
  });
  const t = await stack.tenant({ plan: 'builder' });
  key = t.apiKey;
  tenantId = t.tenant.id;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

test('no worker can take a new session: 503 NO_CAPACITY with Retry-After, not billed; a freed slot serves again', async () => {
  const first = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/article.html') } });
  expect(first.status).toBe(200);
  const second = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/links.html') } });
  expect(second.status).toBe(503);
  expect(ErrorBody.parse(second.body).error).toBe('NO_CAPACITY');
  expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(second.headers.get('x-usage-action-count')).toBe('1');
  expect(site.hits('/links.html')).toBe(0);
  // The refused open gave its open-session slot back.
  expect(await stack.directory.openSessions(tenantId)).toHaveLength(1);

  expect((await api(stack.url, 'DELETE', `/v1/session/${first.body.session_id}`, { key })).status).toBe(200);
  const third = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/links.html') } });
  expect(third.status).toBe(200);
  expect(third.headers.get('x-usage-action-count')).toBe('2');
  await api(stack.url, 'DELETE', `/v1/session/${third.body.session_id}`, { key });
});

test('/health?deep=true: ok with a live worker, 503 "fail" once the worker is stopped', async () => {
  const ok = await api(stack.url, 'GET', '/health?deep=true');
  expect(ok.status).toBe(200);
  expect(HealthRecord.parse(ok.body)).toMatchObject({
    status: 'ok',
    checks: { browser: 'ok', model: 'ok', datastore: 'ok' },
  });

  await stack.workers[0]!.stop();
  // The worker removes its heartbeat on a clean stop; a crashed one's expires within its TTL.
  const failed = await waitFor(
    async () => {
      const r = await api(stack.url, 'GET', '/health?deep=true');
      return r.status === 503 ? r : null;
    },
    10_000,
    'deep health to report the stopped worker',
  );
  const record = HealthRecord.parse(failed.body);
  expect(record.status).toBe('fail');
  expect(record.checks.browser).toBe('fail');
  expect(record.checks.datastore).toBe('ok');
  expect(record.details?.browser).toMatch(/worker/i);
  // The shallow probe is about the gateway process only.
  expect((await api(stack.url, 'GET', '/health')).status).toBe(200);
});

test('a worker that dies right after taking a new session, before announcing itself: 502 WORKER_LOST after the pickup bound, not the deadline', async () => {
  // The stack's worker is stopped (previous test). In its place a consumer that takes the open job
  // the way a worker does (named with its worker id, as BullMQ records the taker) and then is
  // gone: it never announces itself, never heart-beats, never answers.
  const connection = createRedis(stack.redis, 'blocking');
  const vanished = new Worker(stack.keys.openQueue, () => new Promise(() => undefined), {
    connection,
    prefix: stack.keys.bullPrefix,
    name: 'w-vanished',
    maxStalledCount: 0,
  });
  const taken = new Promise<void>((r) => vanished.once('active', () => r()));
  try {
    const res = api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/article.html') } });
    await taken;
    await vanished.close(true);
    const answer = await res;
    expect(answer.status).toBe(502);
    // WORKER_LOST, not the request deadline's UPSTREAM_TIMEOUT: the loss was detected (pickup
    // bound plus an owner check), not waited out. How long that took depends on the machine.
    expect(ErrorBody.parse(answer.body).error).toBe('WORKER_LOST');
  } finally {
    await vanished.close(true);
    connection.disconnect();
  }
}, 40_000);

test('Redis stopping while a request waits for its worker: 503 SERVICE_UNAVAILABLE, not a hang', async () => {
  await stack.addWorker();
  const slow = api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/slow?ms=20000') } });
  await waitFor(() => site.hits('/slow') > 0, 10_000, 'the worker to start loading the slow page');
  await stack.redis.stop();
  const res = await slow;
  expect(res.status).toBe(503);
  expect(ErrorBody.parse(res.body).error).toBe('SERVICE_UNAVAILABLE');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
});

/**
 * Probes that fit Kubernetes: a worker's liveness (/health/live) is the process and its browser,
 * so a Redis outage does not get every worker restarted and every session ended; its readiness
 * (/health/ready, and /health) includes Redis.
 */
import {
  api,
  defaultTestEnv,
  startProcess,
  startRedis,
  waitFor,
  type ProcHandle,
  type RedisHandle,
} from '@pagemap/test-utils';

let redis: RedisHandle;
let worker: ProcHandle;

beforeAll(async () => {
  redis = await startRedis();
  worker = await startProcess('worker', defaultTestEnv(redis));
}, 60_000);

afterAll(async () => {
  await worker?.stop(5_000);
  await redis?.stop().catch(() => undefined);
});

const probe = (path: string) =>
  api(worker.url, 'GET', path, { headers: {} }).then((r) => ({ status: r.status, body: r.body }));

test('with Redis up the worker is live and ready', async () => {
  expect(await probe('/health/live')).toMatchObject({ status: 200, body: { status: 'ok', browser: 'ok' } });
  expect(await probe('/health/ready')).toMatchObject({
    status: 200,
    body: { status: 'ok', browser: 'ok', datastore: 'ok' },
  });
  expect((await probe('/health')).status).toBe(200);
});

test('with Redis down the worker stays live (no restart) but is not ready', async () => {
  await redis.stop();
  const ready = await waitFor(
    async () => {
      const r = await probe('/health/ready');
      return r.status === 503 ? r : undefined;
    },
    20_000,
    'readiness to fail',
    200,
  );
  expect(ready.body).toMatchObject({ status: 'fail', datastore: 'fail', browser: 'ok' });
  expect((await probe('/health')).status).toBe(503);
  expect(await probe('/health/live')).toMatchObject({ status: 200, body: { status: 'ok', browser: 'ok' } });
}, 30_000);

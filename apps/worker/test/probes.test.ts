/**
 * Probes that fit Kubernetes: a worker's liveness (/health/live) is the process and its browser,
 * so a Redis outage does not get every worker restarted and every session ended; its readiness
 * (/health/ready, and /health) includes Redis.
 */
import { api, waitFor } from '@pagemap/test-utils';
import { useWorkerProcess } from './helpers';

const proc = useWorkerProcess();

const probe = (path: string) =>
  api(proc().worker.url, 'GET', path, { headers: {} }).then((r) => ({ status: r.status, body: r.body }));

test('with Redis up the worker is live and ready', async () => {
  expect(await probe('/health/live')).toMatchObject({ status: 200, body: { status: 'ok', browser: 'ok' } });
  expect(await probe('/health/ready')).toMatchObject({
    status: 200,
    body: { status: 'ok', browser: 'ok', datastore: 'ok' },
  });
  expect((await probe('/health')).status).toBe(200);
});

test('with Redis down the worker stays live (no restart) but is not ready', async () => {
  await proc().redis.stop();
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

/**
 * The dispatcher's wait through a Redis killed and restarted at once (the launcher brings the
 * embedded Redis back 0.2 s after a kill -9), on a real Redis: the job and its result are gone
 * with the data, and the wait must end with a retryable 503 a few seconds after Redis is back —
 * not wait out its deadline, as a DELETE and a tool call in the fault matrix once did (20 s, 504).
 * The wait's checks run every 3 s here, so the short outage falls between two of them: only the
 * connection's count of losses can tell (result-wait.test.ts proves the rule on a fake clock).
 */
import { startRedis, waitFor, type RedisHandle } from '@pagemap/test-utils';
import { newSessionId } from '../src/browse/flow';
import { testDispatcher } from './test-dispatcher';

let redis: RedisHandle;

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  await redis?.stop();
});

test('a DELETE waiting when Redis is killed and restarted answers 503 once Redis is back, not at its deadline', async () => {
  // Its worker lives on: only the datastore fails.
  const { keys, client, dispatcher } = await testDispatcher(redis, {
    deadlineMs: 30_000,
    pickupMs: 30_000,
    ownerCheckMs: 3_000,
  });
  try {
    const payload = { requestId: 'r1', tenantId: 't1', sessionId: newSessionId(), deadlineAt: Date.now() + 30_000 };
    const outcome = dispatcher.run('close', payload, 'w1').then(
      () => 'resolved',
      (err: { code?: string }) => err.code ?? String(err),
    );
    // The job waits in its worker's queue (nobody takes it here); then Redis dies and comes back.
    const waiting = `${keys.bullPrefix}:${keys.workerQueue('w1')}:wait`;
    await waitFor(async () => (await redis.client.llen(waiting)) === 1, 10_000, 'the job in its queue');
    await redis.restart();
    await waitFor(() => client.status === 'ready', 10_000, 'the command connection back');
    expect(await outcome).toBe('SERVICE_UNAVAILABLE');
  } finally {
    await dispatcher.close();
    client.disconnect();
  }
}, 60_000);

test('a job whose write the datastore dropped, with no outage to see, answers 503 instead of waiting out its deadline', async () => {
  // A master paused past the cluster's node timeout answers, once resumed, the writes queued on
  // its socket, then discards them as it resyncs from the promoted replica: the job is simply
  // gone, and every Redis call the wait makes is answered. Here the job is deleted by hand.
  const { keys, client, dispatcher } = await testDispatcher(redis, {
    deadlineMs: 30_000,
    pickupMs: 30_000,
    ownerCheckMs: 500,
  });
  try {
    const payload = { requestId: 'r2', tenantId: 't2', sessionId: newSessionId(), deadlineAt: Date.now() + 30_000 };
    const outcome = dispatcher.run('close', payload, 'w2').then(
      () => 'resolved',
      (err: { code?: string }) => err.code ?? String(err),
    );
    const queueKey = `${keys.bullPrefix}:${keys.workerQueue('w2')}`;
    await waitFor(async () => (await redis.client.llen(`${queueKey}:wait`)) === 1, 10_000, 'the job in its queue');
    const [jobId] = await redis.client.lrange(`${queueKey}:wait`, 0, 0);
    await redis.client.multi().del(`${queueKey}:${jobId}`).lrem(`${queueKey}:wait`, 0, jobId!).exec();
    expect(await outcome).toBe('SERVICE_UNAVAILABLE');
  } finally {
    await dispatcher.close();
    client.disconnect();
  }
}, 60_000);

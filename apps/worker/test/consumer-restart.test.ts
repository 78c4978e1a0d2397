/**
 * A queue consumer whose BullMQ loop stopped is replaced by itself (issue 26), on a real Redis:
 * while it is down `up` is false (what readiness, the heartbeat and the
 * pagemap_worker_queue_consumer_up gauge report), within the watch interval; a new consumer then
 * serves the jobs that waited. Before, a stopped loop stayed stopped and jobs waited forever.
 */
import { Queue, QueueEvents, Worker } from 'bullmq';
import { createLogger } from '@pagemap/runtime';
import { startRedis, waitFor, type RedisHandle } from '@pagemap/test-utils';
import { SupervisedConsumer } from '../src/jobs/supervised-consumer';

let redis: RedisHandle;
const log = createLogger({ name: 'test', level: 'silent' });

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

test('a consumer whose loop stopped reports down, is replaced, and the jobs that waited are served', async () => {
  const name = `${redis.prefix}-q`;
  const connection = { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null };
  const queue = new Queue(name, { connection, prefix: redis.prefix });
  const events = new QueueEvents(name, { connection, prefix: redis.prefix });
  await events.waitUntilReady();
  const changes: boolean[] = [];
  let restarts = 0;
  const consumer = new SupervisedConsumer(
    name,
    () => new Worker(name, async (job) => `done ${job.data.n}`, { connection, prefix: redis.prefix }),
    {
      checkMs: 100,
      backoffMs: 200,
      maxBackoffMs: 1_000,
      onChange: (up) => changes.push(up),
      onRestart: () => restarts++,
    },
    log,
  );
  try {
    const first = await queue.add('j', { n: 1 });
    expect(await first.waitUntilFinished(events, 10_000)).toBe('done 1');

    // The loop ends for good, as BullMQ's does when a reconnect gives up under it.
    const stopped = consumer.worker;
    await stopped.close();
    const waiting = await queue.add('j', { n: 2 });

    await waitFor(() => changes.includes(false) || undefined, 5_000, 'the consumer to report itself down');
    expect(await waiting.waitUntilFinished(events, 15_000)).toBe('done 2');
    expect(consumer.worker).not.toBe(stopped);
    expect(restarts).toBeGreaterThanOrEqual(1);
    await waitFor(() => consumer.up || undefined, 5_000, 'the consumer to report itself up again');
    expect(changes).toEqual([false, true]);
  } finally {
    await consumer.close(true);
    await events.close();
    await queue.close();
  }
}, 60_000);

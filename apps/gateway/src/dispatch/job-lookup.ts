/**
 * What a waiting request may ask Redis about its own job, read from the job's hash: who took it,
 * and whether it is still there. Both answer "unknown" rather than fail: the wait's datastore
 * rule, not these, decides what a Redis error means.
 */
import type { Queue } from 'bullmq';
import type { RedisClient } from '@pagemap/queue';

/** The worker that took a job (BullMQ's `processedBy`, the Worker's name), if it was taken. */
export async function takerOf(redis: RedisClient, queue: Queue, jobId: string): Promise<string | undefined> {
  const taker = await redis.hget(queue.toKey(jobId), 'pb').catch(() => null);
  return taker ?? undefined;
}

/** Whether the job's hash is still in Redis (jobs are removed as they finish); undefined: Redis did not say. */
export function jobExists(redis: RedisClient, queue: Queue, jobId: string): Promise<boolean | undefined> {
  return redis.exists(queue.toKey(jobId)).then(
    (n) => n === 1,
    () => undefined,
  );
}

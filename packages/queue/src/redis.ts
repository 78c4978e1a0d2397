/** Redis connections, configured for their role. */
import { Redis, type RedisOptions } from 'ioredis';

export type RedisRole =
  /** Request-path commands: fail fast while Redis is down so callers answer 503 at once. */
  | 'command'
  /** BullMQ workers and QueueEvents: blocking reads that must retry forever (BullMQ requires it). */
  | 'blocking';

export function createRedis(url: string, role: RedisRole, extra: RedisOptions = {}): Redis {
  const base: RedisOptions =
    role === 'blocking'
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 };
  return new Redis(url, {
    ...base,
    // Reconnect quickly and forever: a Redis restart must not take a process down.
    retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
    lazyConnect: false,
    ...extra,
  });
}

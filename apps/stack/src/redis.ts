/**
 * The embedded Redis of `npm start`: one `redis-server` on loopback, its data under the data
 * directory, run by the launcher's Supervisor like the gateway and the workers — killed or
 * crashed, it is started again on the same port and the same directory, and the services, which
 * reconnect by themselves, serve again (docs/operations.md gives the measured bound).
 *
 * Every write is fsynced to the append-only file before it is acknowledged (`appendfsync
 * always`): a `kill -9` then loses nothing — tenants, keys and the usage of every action served.
 * Writes at this service's rate make that cheap.
 */
import { join } from 'node:path';
import type { Backoff, ChildSpec } from './supervisor';

/** Redis restarts quickly: every request waits for it. Five exits in a row right after start (a taken port) is a give-up. */
export const REDIS_BACKOFF: Backoff = { initialMs: 200, maxMs: 2_000, stableMs: 5_000, maxQuickFailures: 5 };

export function redisSpec(port: number, dir: string): ChildSpec {
  return {
    name: 'redis-server',
    command: 'redis-server',
    args: [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
      // Refuse writes when full rather than evict: an evicted key would be a lost tenant, key or usage count.
      '--maxmemory-policy',
      'noeviction',
      '--loglevel',
      'warning',
      '--logfile',
      join(dir, 'redis.log'),
    ],
    env: process.env,
  };
}

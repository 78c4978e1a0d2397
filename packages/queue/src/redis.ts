/**
 * Redis connections, configured for their role, on a single Redis or a Redis Cluster.
 *
 * Every process reads the same two settings (REDIS_ENV below): REDIS_URL names the server — or,
 * with PAGEMAP_REDIS_MODE=cluster, one or more seed nodes of the cluster, comma-separated — and
 * the mode picks ioredis's `Redis` or `Cluster` client. Everything above this file takes a
 * `RedisClient` and works on both, because every multi-key operation keeps to one hash slot
 * (names.ts, docs/architecture.md).
 */
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { z } from 'zod';

export type RedisMode = 'standalone' | 'cluster';

/** A command client of either kind; both speak the same commands. */
export type RedisClient = Redis | Cluster;

/** Where Redis is: REDIS_URL and PAGEMAP_REDIS_MODE, as every process's env schema parses them. */
export interface RedisTarget {
  url: string;
  mode: RedisMode;
}

export type RedisRole =
  /** Request-path commands: fail fast while Redis is down so callers answer 503 at once. */
  | 'command'
  /** BullMQ workers and QueueEvents: blocking reads that must retry forever (BullMQ requires it). */
  | 'blocking';

/** One or more `redis://` / `rediss://` URLs, comma-separated (several only make sense for a cluster's seeds). */
const RedisUrlList = z
  .string()
  .min(1)
  .refine((v) => splitUrls(v).every((u) => URL.canParse(u) && /^rediss?:$/.test(new URL(u).protocol)), {
    message: 'must be redis:// or rediss:// URLs, comma-separated',
  });

/** The Redis settings every process shares; spread into each app's env schema. */
export const REDIS_ENV = {
  REDIS_URL: RedisUrlList,
  /** `standalone` (one Redis, the default) or `cluster` (REDIS_URL names seed nodes of a Redis Cluster). */
  PAGEMAP_REDIS_MODE: z.enum(['standalone', 'cluster']).default('standalone'),
};

/** Seed URLs; a seed written without a scheme (`host:port`) borrows the first one's. */
function splitUrls(value: string): string[] {
  const parts = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const scheme = /^(rediss?):\/\//.exec(parts[0] ?? '')?.[1] ?? 'redis';
  return parts.map((p) => (/^[a-z]+:\/\//.test(p) ? p : `${scheme}://${p}`));
}

/** Seed nodes and the connection options they share (credentials and TLS come from the first URL). */
export function parseSeeds(value: string): { nodes: Array<{ host: string; port: number }>; options: RedisOptions } {
  const urls = splitUrls(value).map((u) => new URL(u));
  const first = urls[0];
  if (!first) throw new Error('REDIS_URL names no node');
  const options: RedisOptions = {
    ...(first.username ? { username: decodeURIComponent(first.username) } : {}),
    ...(first.password ? { password: decodeURIComponent(first.password) } : {}),
    ...(first.protocol === 'rediss:' ? { tls: {} } : {}),
  };
  return { nodes: urls.map((u) => ({ host: u.hostname, port: Number(u.port || 6379) })), options };
}

function roleOptions(role: RedisRole): RedisOptions {
  return role === 'blocking'
    ? { maxRetriesPerRequest: null, enableReadyCheck: true }
    : // A command timeout too: a Redis that stops answering without closing the connection (a
      // paused or overloaded server) must fail the request fast, not hold it until it returns.
      { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000, commandTimeout: COMMAND_TIMEOUT_MS };
}

/** How long a request-path command may wait for Redis before it fails (and the request answers 503). */
const COMMAND_TIMEOUT_MS = 2500;

/** Reconnect quickly and forever: a Redis restart or a failover must not take a process down. */
const reconnect = (attempt: number) => Math.min(100 * attempt, 1000);

export function createRedis(target: string | RedisTarget, role: RedisRole, extra: RedisOptions = {}): RedisClient {
  const { url, mode } = typeof target === 'string' ? { url: target, mode: 'standalone' as const } : target;
  if (mode === 'cluster') return createCluster(url, role, extra);
  if (splitUrls(url).length > 1)
    throw new Error('REDIS_URL names several nodes: set PAGEMAP_REDIS_MODE=cluster, or name one Redis');
  return new Redis(url, { ...roleOptions(role), retryStrategy: reconnect, lazyConnect: false, ...extra });
}

/**
 * A Cluster client. Command connections keep their command timeout: while a master is down and
 * before its replica takes over, a command to its slots must fail (503) instead of waiting;
 * MOVED/ASK after the failover refresh the slot map by themselves.
 */
function createCluster(url: string, role: RedisRole, extra: RedisOptions): Cluster {
  const { nodes, options } = parseSeeds(url);
  const { enableOfflineQueue, retryStrategy, lazyConnect, ...rest } = { ...roleOptions(role), ...extra };
  const clusterOptions: ClusterOptions = {
    clusterRetryStrategy: typeof retryStrategy === 'function' ? (n) => retryStrategy(n) : reconnect,
    enableOfflineQueue: enableOfflineQueue ?? true,
    enableReadyCheck: true,
    ...(lazyConnect !== undefined ? { lazyConnect } : {}),
    // Masters only: a replica may lag, and usage and slots must read what was written.
    scaleReads: 'master',
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 200,
    retryDelayOnTryAgain: 200,
    slotsRefreshTimeout: 2000,
    slotsRefreshInterval: 2000,
    redisOptions: {
      ...options,
      ...rest,
    },
  };
  return new Cluster(nodes, clusterOptions);
}

/** Whether a client is a Cluster (BullMQ and a few probes need to know). */
export function isCluster(client: RedisClient): client is Cluster {
  return (client as Cluster).isCluster === true;
}

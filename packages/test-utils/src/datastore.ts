/**
 * The datastore a test suite runs on: a single Redis by default, a real Redis Cluster when
 * PAGEMAP_TEST_REDIS_MODE=cluster. Suites built on startStack() run on either unchanged, so the
 * contract's end-to-end suites are the cluster suite too (scripts/test-cluster.sh).
 */
import { isCluster, type RedisClient, type RedisMode } from '@pagemap/queue';
import { startRedis, type RedisHandle } from './redis-server';
import { startRedisCluster, type RedisClusterHandle } from './redis-cluster';

export type Datastore = RedisHandle | RedisClusterHandle;

/** The mode the test run asked for (PAGEMAP_TEST_REDIS_MODE: standalone, the default, or cluster). */
export function testRedisMode(): RedisMode {
  const mode = process.env.PAGEMAP_TEST_REDIS_MODE ?? 'standalone';
  if (mode !== 'standalone' && mode !== 'cluster')
    throw new Error(`PAGEMAP_TEST_REDIS_MODE must be standalone or cluster, not ${JSON.stringify(mode)}`);
  return mode;
}

export function startDatastore(mode: RedisMode = testRedisMode()): Promise<Datastore> {
  return mode === 'cluster' ? startRedisCluster() : startRedis();
}

/** Keys matching `pattern` on every master (a cluster spreads them; KEYS alone asks one node). Tests only. */
export async function keysMatching(client: RedisClient, pattern: string): Promise<string[]> {
  if (isCluster(client)) return (await Promise.all(client.nodes('master').map((n) => n.keys(pattern)))).flat();
  return client.keys(pattern);
}

/** How many of `keys` exist, one EXISTS per key (a multi-key EXISTS would cross slots on a cluster). */
export async function countExisting(client: RedisClient, keys: string[]): Promise<number> {
  const counts = await Promise.all(keys.map((k) => client.exists(k)));
  return counts.reduce((a, b) => a + b, 0);
}

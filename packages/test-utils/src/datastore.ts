/**
 * The datastore a test suite runs on: a single Redis by default, a real Redis Cluster when
 * PAGEMAP_TEST_REDIS_MODE=cluster. Suites built on startStack() run on either unchanged, so the
 * contract's end-to-end suites are the cluster suite too (scripts/test-cluster.sh).
 */
import type { RedisMode } from '@pagemap/queue';
import { startRedis, type RedisHandle } from './redis-server';
import { startRedisCluster, type RedisClusterHandle } from './redis-cluster';

export type Datastore = RedisHandle | RedisClusterHandle;

/** The mode the test run asked for (PAGEMAP_TEST_REDIS_MODE: standalone, the default, or cluster). */
export function testRedisMode(): RedisMode {
  const mode = process.env.PAGEMAP_TEST_REDIS_MODE ?? 'standalone';
  if (mode !== 'standalone' && mode !== 'cluster') throw new Error(`PAGEMAP_TEST_REDIS_MODE must be standalone or cluster, not ${JSON.stringify(mode)}`);
  return mode;
}

export function startDatastore(mode: RedisMode = testRedisMode()): Promise<Datastore> {
  return mode === 'cluster' ? startRedisCluster() : startRedis();
}

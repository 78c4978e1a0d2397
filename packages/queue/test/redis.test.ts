/** REDIS_URL / PAGEMAP_REDIS_MODE parsing: seeds, credentials, and the refusals that name the fix. */
import { z } from 'zod';
import { REDIS_ENV, createRedis, isDatastoreUnavailable, parseSeeds } from '../src';

const schema = z.object(REDIS_ENV);

test('seed nodes: comma-separated, scheme and credentials taken from the first', () => {
  const { nodes, options } = parseSeeds('rediss://:s3cret@10.0.0.1:7000, 10.0.0.2:7001,redis://10.0.0.3');
  expect(nodes).toEqual([
    { host: '10.0.0.1', port: 7000 },
    { host: '10.0.0.2', port: 7001 },
    { host: '10.0.0.3', port: 6379 },
  ]);
  expect(options).toEqual({ password: 's3cret', tls: {} });
});

test('the env schema: standalone by default, cluster on request, bad URLs refused', () => {
  expect(schema.parse({ REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual({
    REDIS_URL: 'redis://127.0.0.1:6379',
    PAGEMAP_REDIS_MODE: 'standalone',
  });
  expect(schema.parse({ REDIS_URL: 'redis://a:1,b:2', PAGEMAP_REDIS_MODE: 'cluster' }).PAGEMAP_REDIS_MODE).toBe(
    'cluster',
  );
  expect(schema.safeParse({ REDIS_URL: 'http://127.0.0.1:6379' }).success).toBe(false);
  expect(schema.safeParse({ REDIS_URL: 'redis://127.0.0.1', PAGEMAP_REDIS_MODE: 'sentinel' }).success).toBe(false);
});

test('several nodes without cluster mode: refused with the setting to use', () => {
  expect(() =>
    createRedis({ url: 'redis://127.0.0.1:1,redis://127.0.0.1:2', mode: 'standalone' }, 'command', {
      lazyConnect: true,
    }),
  ).toThrow(/PAGEMAP_REDIS_MODE=cluster/);
});

test('cluster and connection errors count as "datastore unavailable" (503), others do not', () => {
  for (const m of [
    'CLUSTERDOWN The cluster is down',
    'TRYAGAIN Multiple keys request during rehashing of slot',
    'Command timed out',
    "Cluster isn't ready and enableOfflineQueue options is false",
    'connect ECONNREFUSED 127.0.0.1:7000',
  ]) {
    expect([m, isDatastoreUnavailable(new Error(m))]).toEqual([m, true]);
  }
  expect(isDatastoreUnavailable(new Error("CROSSSLOT Keys in request don't hash to the same slot"))).toBe(false);
  expect(isDatastoreUnavailable('not an error')).toBe(false);
});

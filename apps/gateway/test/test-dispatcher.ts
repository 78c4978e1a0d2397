/**
 * A Dispatcher on a test's own real Redis, its worker always alive (only the datastore is under
 * test), with the timing the test chooses. Shared by the dispatcher's connection and outage tests.
 */
import { keySpace, createRedis, generatePayloadKey, Sealer } from '@pagemap/queue';
import { createLogger } from '@pagemap/runtime';
import { waitFor, type RedisHandle } from '@pagemap/test-utils';
import { Dispatcher } from '../src/dispatch/dispatcher';

export interface DispatcherTiming {
  deadlineMs: number;
  pickupMs: number;
  ownerCheckMs: number;
}

export async function testDispatcher(redis: RedisHandle, timing: DispatcherTiming) {
  const keys = keySpace(redis.prefix);
  const client = createRedis(redis.url, 'command');
  await waitFor(() => client.status === 'ready', 10_000, 'the command connection');
  const dispatcher = new Dispatcher(
    client,
    {
      redis: { url: redis.url, mode: 'standalone' },
      keys,
      fleet: { isAlive: async () => true },
      sealer: new Sealer(generatePayloadKey()),
      ...timing,
    },
    createLogger({ name: 'test', level: 'silent' }),
  );
  return { keys, client, dispatcher };
}

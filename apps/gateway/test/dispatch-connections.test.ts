/**
 * The dispatcher's result readers leave no Redis connection behind, on a real Redis. BullMQ's
 * QueueEvents reads through a duplicate of the client it is given and closes only that duplicate;
 * the client given to it used to connect too, so every reader (one per worker queue in use, swept
 * after a minute idle) left one open connection behind, and a gateway's connections grew with
 * every worker it had talked to.
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

/** Connections the server holds, other than the test's own assertion connection. */
async function otherConnections(): Promise<number> {
  const list = String(await redis.client.call('CLIENT', 'LIST'));
  const own = Number(await redis.client.call('CLIENT', 'ID'));
  return list.split('\n').filter((line) => line.startsWith('id=') && !line.startsWith(`id=${own} `)).length;
}

test('readers of three worker queues hold one connection each while used, and none once closed', async () => {
  const { client, dispatcher } = await testDispatcher(redis, {
    deadlineMs: 1_500,
    pickupMs: 30_000,
    ownerCheckMs: 30_000,
  });
  try {
    // Nobody takes these jobs: each waits out its deadline, through a reader of its worker's queue.
    const workers = ['w1', 'w2', 'w3'];
    const waits = workers.map((w) =>
      dispatcher
        .run('close', { requestId: w, tenantId: 't1', sessionId: newSessionId(), deadlineAt: Date.now() + 1_500 }, w)
        .catch(() => undefined),
    );
    await Promise.all(waits);
    // The command connection plus one blocking connection per reader; no more.
    expect(await otherConnections()).toBe(1 + workers.length);
  } finally {
    await dispatcher.close();
    client.disconnect();
  }
  await waitFor(async () => (await otherConnections()) === 0 || undefined, 10_000, 'every connection closed').catch(
    () => undefined,
  );
  expect(await otherConnections()).toBe(0);
}, 60_000);

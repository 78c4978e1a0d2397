/**
 * A worker whose queue consumer cannot take jobs says so (issue 26): its readiness probe answers
 * 503 with `consumers: "fail"` and `pagemap_worker_queue_consumer_up` drops to 0 while a job waits
 * untaken; the consumer is replaced and the worker is up again once a consumer takes the job.
 * The fault is real: Redis at its client limit (`maxclients`) and the consumers' blocking
 * connections cut (`CLIENT KILL`), so they cannot reconnect. Real redis-server, a real worker
 * process; the job is put on the shared queue the way a gateway does.
 */
import { Queue } from 'bullmq';
import { keySpace } from '@pagemap/queue';
import { api, metric, waitFor } from '@pagemap/test-utils';
import { useWorkerProcess } from './helpers';

// The client limit is lifted again before the worker stops (a failed test may leave it at 1).
const proc = useWorkerProcess((p) => p.redis.client.config('SET', 'maxclients', '10000'));

const readiness = async () => {
  const r = await api(proc().worker.url, 'GET', '/health/ready', { headers: {} });
  return { status: r.status, consumers: (r.body as { consumers?: string }).consumers };
};
const openConsumerUp = () => metric(proc().worker, 'pagemap_worker_queue_consumer_up', { queue: 'open' });

/** The ids of the connections blocked waiting for jobs (BullMQ's consumers). */
async function blockingClients(): Promise<string[]> {
  const list = String(await proc().redis.client.client('LIST'));
  return list
    .split('\n')
    .filter((line) => / cmd=bzpopmin /.test(` ${line} `))
    .map((line) => /(?:^| )id=(\d+)/.exec(line)?.[1])
    .filter((id): id is string => id !== undefined);
}

test('a consumer that cannot take the job waiting for it is reported down on readiness and in the metric, and up once it takes it', async () => {
  const keys = keySpace(proc().redis.prefix);
  const shared = new Queue(keys.openQueue, {
    connection: { host: '127.0.0.1', port: proc().redis.port, maxRetriesPerRequest: null },
    prefix: keys.bullPrefix,
  });
  try {
    await shared.waitUntilReady();
    await waitFor(async () => ((await readiness()).status === 200 ? true : undefined), 30_000, 'the worker ready');
    expect(await openConsumerUp()).toBe(1);

    const blocked = await waitFor(
      async () => {
        const ids = await blockingClients();
        return ids.length >= 2 ? ids : undefined; // the shared queue's consumer and the worker's own
      },
      15_000,
      'the consumers blocked on their queues',
    );
    // No new connection is let in (the ones open stay), then the blocked ones are cut.
    await proc().redis.client.config('SET', 'maxclients', '1');
    for (const id of blocked) await proc().redis.client.client('KILL', 'ID', id);
    const job = await shared.add('open', { note: 'waits while no consumer can take it' });

    const down = await waitFor(
      async () => {
        const r = await readiness();
        return r.consumers === 'fail' ? r : undefined;
      },
      20_000,
      'readiness to report the consumer down',
      200,
    );
    expect(down.status).toBe(503);
    expect(await openConsumerUp()).toBe(0);
    // The stuck consumer was replaced; the replacement takes the job through the command
    // connection it shares with the worker, and the worker is up again — while the fault lasts.
    await waitFor(
      async () => ((await readiness()).consumers === 'ok' ? true : undefined),
      30_000,
      'a replacement to take the job',
      200,
    );
    expect(
      await metric(proc().worker, 'pagemap_worker_queue_consumer_restarts_total', { queue: 'open' }),
    ).toBeGreaterThanOrEqual(1);
    expect(['active', 'completed', 'failed']).toContain(await job.getState());

    await proc().redis.client.config('SET', 'maxclients', '10000');
    expect(await openConsumerUp()).toBe(1);
    expect((await readiness()).status).toBe(200);
  } finally {
    await shared.close();
  }
}, 120_000);

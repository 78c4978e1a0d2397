/**
 * A graceful stop deregisters the worker for good, on a real Redis: a heartbeat that was on its
 * way when the stop began must not list the worker again after the deregistration. Before the
 * fix, stop() deregistered at once and the beat in flight wrote the heartbeat and the fleet list
 * back, so gateways routed to a stopped worker until the TTL ran out (seen in shutdown.test.ts on
 * a quiet machine, where the worker's beat and its SIGTERM met).
 */
import { keySpace, WorkerFleet, type WorkerHeartbeat } from '@pagemap/queue';
import { createLogger } from '@pagemap/runtime';
import { startRedis, waitFor, type RedisHandle } from '@pagemap/test-utils';
import { Heartbeat, type HeartbeatState } from '../src/heartbeat';

let redis: RedisHandle;
const log = createLogger({ name: 'test', level: 'silent' });

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

/** A fleet whose beats after the first wait at a gate the test opens. */
class GatedFleet extends WorkerFleet {
  beats = 0;
  held = false;
  #open: () => void = () => undefined;
  readonly #gate = new Promise<void>((resolve) => (this.#open = resolve));

  open(): void {
    this.#open();
  }

  override async beat(beat: WorkerHeartbeat, ttlMs: number): Promise<void> {
    this.beats++;
    if (this.beats > 1) {
      this.held = true;
      await this.#gate;
    }
    await super.beat(beat, ttlMs);
  }
}

const state: HeartbeatState = {
  capacity: 1,
  sessions: () => 0,
  browserAlive: () => true,
  accepting: () => true,
  summarizer: () => 'offline',
  ports: () => '',
  onLapsed: async () => undefined,
};

test('a beat in flight when stop() begins does not list the stopped worker again', async () => {
  const keys = keySpace(`${redis.prefix}-hb`);
  const fleet = new GatedFleet(redis.client, keys);
  const heartbeat = new Heartbeat(fleet, 'w1', state, 20, 60_000, log);
  await heartbeat.start();
  expect(await redis.client.zscore(keys.workers, 'w1')).not.toBeNull();

  await waitFor(() => fleet.held, 10_000, 'the second beat to be on its way');
  const stopping = heartbeat.stop();
  fleet.open(); // the beat in flight now writes
  await stopping;

  expect(await redis.client.zscore(keys.workers, 'w1')).toBeNull();
  expect(await redis.client.exists(keys.worker('w1'))).toBe(0);
});

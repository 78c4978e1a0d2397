/**
 * Cleans up after dead workers. A worker killed without a graceful shutdown leaves behind its
 * session directory entries (they would expire on their own, but the gateway already treats
 * them as gone), its members in tenants' session sets, and its own BullMQ queue — whose waiting
 * jobs carry sealed tool params and must not linger in Redis.
 *
 * Every live worker runs a sweep now and then: a worker listed in the fleet whose heartbeat key
 * has expired is dead. One live worker (the holder of a short lock) removes its sessions from the
 * directory, obliterates its queue, and drops it from the list.
 *
 * A worker that comes back with the same PAGEMAP_WORKER_ID re-registers with its first
 * heartbeat; the sweep re-checks the heartbeat under the lock, so a live worker is never reaped.
 */
import { Queue } from 'bullmq';
import type { KeySpace, RedisClient, SessionDirectory, WorkerFleet } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { WorkerMetrics } from './metrics';

const LOCK_MS = 30_000;

/** Deletes the lock only if this worker still holds it. */
const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export class Reaper {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly fleet: WorkerFleet,
    private readonly directory: SessionDirectory,
    private readonly selfId: string,
    private readonly everyMs: number,
    private readonly metrics: WorkerMetrics,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.#timer = setInterval(() => void this.sweep(), this.everyMs);
    this.#timer.unref();
  }

  /** One pass; returns the ids of the workers it cleaned up. Never throws. */
  async sweep(): Promise<string[]> {
    if (this.#stopped || this.#running) return [];
    const reaped: string[] = [];
    this.#running = (async () => {
      try {
        const ids = await this.fleet.listed();
        for (const id of ids) {
          if (this.#stopped) break;
          if (id === this.selfId) continue;
          if (await this.fleet.isAlive(id)) continue;
          if (await this.#reapOne(id)) reaped.push(id);
        }
      } catch (err) {
        this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'reaper sweep failed');
      }
    })().finally(() => (this.#running = undefined));
    await this.#running;
    return reaped;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  async #reapOne(id: string): Promise<boolean> {
    const lockKey = this.keys.reaperLock(id);
    if ((await this.redis.set(lockKey, this.selfId, 'PX', LOCK_MS, 'NX')) !== 'OK') return false;
    try {
      // Re-check under the lock: the worker may have come back.
      if (await this.fleet.isAlive(id)) return false;
      const removed = await this.directory.reapWorker(id);
      const queue = new Queue(this.keys.workerQueue(id), { connection: this.redis, prefix: this.keys.bullPrefix });
      try {
        await queue.obliterate({ force: true });
      } finally {
        await queue.close();
      }
      // Unlisted last: if anything above fails, the next sweep finds the worker again.
      await this.fleet.unlist(id);
      this.metrics.reapedWorkers.inc();
      this.log.warn({ deadWorker: id, sessions: removed }, 'reaped dead worker: sessions removed, queue obliterated');
      return true;
    } catch (err) {
      this.log.warn(
        { deadWorker: id, err: err instanceof Error ? err.message : String(err) },
        'could not reap dead worker',
      );
      return false;
    } finally {
      await this.redis.eval(RELEASE_LOCK, 1, lockKey, this.selfId).catch(() => undefined);
    }
  }
}

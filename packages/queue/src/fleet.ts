/**
 * Which workers are alive: each worker's heartbeat (a hash with a TTL) and the list of workers
 * that have ever beaten. Written by workers (Heartbeat), read by gateways (routing, health,
 * metrics) and by the reaper. A worker whose heartbeat key expired is dead.
 */
import { z } from 'zod';
import type { KeySpace } from './names';
import type { RedisClient } from './redis';

export const WorkerHeartbeat = z.object({
  id: z.string(),
  /** Most sessions the worker will hold open. */
  capacity: z.coerce.number(),
  /** Sessions open now. */
  sessions: z.coerce.number(),
  /** 1 when the browser is connected, 0 while it is being restarted. */
  browser: z.coerce.number(),
  /** 1 while the worker takes new sessions, 0 once it drains. */
  accepting: z.coerce.number(),
  /** 'ok' when the summarizer answers (model or offline), otherwise why not. */
  summarizer: z.string().default('ok'),
  at: z.coerce.number(),
  pid: z.coerce.number(),
  /**
   * The worker's listening ports (HTTP probes and metrics, egress proxy), comma-separated: other
   * workers refuse them to their browsers (apps/worker browser/stack-ports.ts).
   */
  ports: z.string().optional(),
});
export type WorkerHeartbeat = z.infer<typeof WorkerHeartbeat>;

export class WorkerFleet {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
  ) {}

  /** Writes a worker's heartbeat, alive for `ttlMs` unless beaten again, and lists the worker. */
  async beat(beat: WorkerHeartbeat, ttlMs: number): Promise<void> {
    // The heartbeat (its own slot, under the worker's tag) and the list (one key) are two steps:
    // on a cluster they live in different slots.
    await this.redis.multi().hset(this.keys.worker(beat.id), beat).pexpire(this.keys.worker(beat.id), ttlMs).exec();
    await this.redis.zadd(this.keys.workers, beat.at, beat.id);
  }

  /** Removes a worker at once (graceful stop): gateways stop routing to it without waiting for the TTL. */
  async deregister(workerId: string): Promise<void> {
    await this.redis.del(this.keys.worker(workerId));
    await this.redis.zrem(this.keys.workers, workerId);
  }

  /** Drops a dead worker from the list (after the reaper cleaned up after it). */
  async unlist(workerId: string): Promise<void> {
    await this.redis.zrem(this.keys.workers, workerId);
  }

  async isAlive(workerId: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.worker(workerId))) === 1;
  }

  /** Every worker id listed, alive or not (the reaper looks for the dead among them). */
  async listed(): Promise<string[]> {
    return this.redis.zrange(this.keys.workers, 0, -1);
  }

  async read(workerId: string): Promise<WorkerHeartbeat | null> {
    const raw = await this.redis.hgetall(this.keys.worker(workerId));
    if (!raw || Object.keys(raw).length === 0) return null;
    const parsed = WorkerHeartbeat.safeParse(raw);
    return parsed.success ? parsed.data : null;
  }

  /** Heartbeats of every worker that is alive now (its heartbeat key has not expired). */
  async live(): Promise<WorkerHeartbeat[]> {
    const beats = await Promise.all((await this.listed()).map((id) => this.read(id)));
    return beats.filter((b): b is WorkerHeartbeat => b !== null);
  }

  /** Whether the datastore answers at all. */
  async ping(): Promise<boolean> {
    return (await this.redis.ping()) === 'PONG';
  }

  /**
   * Whether the datastore takes a write now (readiness and deep health). A PING answers even
   * while Redis refuses every write — at `maxmemory` under `noeviction`, or a demoted master —
   * and the service cannot serve a request without writing. `processId` keeps each prober on
   * its own short-lived key.
   */
  async writable(processId: string): Promise<boolean> {
    return (await this.redis.set(this.keys.probe(processId), '1', 'PX', 10_000)) === 'OK';
  }
}

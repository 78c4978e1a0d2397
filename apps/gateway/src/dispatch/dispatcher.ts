/**
 * Enqueues jobs and waits for their results. New sessions go on the shared queue; follow-ups on
 * the owning worker's own queue. The wait is bounded three ways, so a caller never hangs:
 * - pickup: a new-session job no worker took in time is withdrawn → NO_CAPACITY (503);
 * - owner: the worker running the job stopped heart-beating → WORKER_LOST (502);
 * - deadline: no result in time → UPSTREAM_TIMEOUT (504);
 * - datastore: Redis unreachable for 2 s during the wait → SERVICE_UNAVAILABLE (503). On a
 *   cluster "unreachable" is per queue: the slot holding the queue is probed (SlotProbe), and a
 *   wait that lived through a failover ends 503 if its result has not come shortly after the
 *   slot is back (the result may have been written to the master that died).
 *
 * Results arrive through BullMQ's QueueEvents stream (one reader per queue in use). The waiter is
 * registered before the job is added and the reader starts from a point in the past, so a job
 * that finishes very fast cannot slip past it.
 */
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { PagemapError, type ErrorCode } from '@pagemap/contracts';
import {
  BASE_JOB_OPTIONS,
  JOB_CATALOG,
  createRedis,
  isCluster,
  openJobResult,
  sealJobPayload,
  type JobName,
  type JobPayload,
  type JobResult,
  type KeySpace,
  type RedisClient,
  type RedisTarget,
  type Sealer,
  type WorkerFleet,
} from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import { SlotProbe } from './slot-probe';

export interface DispatcherOptions {
  redis: RedisTarget;
  keys: KeySpace;
  /** Tells whether a session's owner is still heart-beating. */
  fleet: Pick<WorkerFleet, 'isAlive'>;
  /** Jobs and their results travel sealed (@pagemap/queue sealed-jobs): Redis keeps no page text or URL. */
  sealer: Sealer;
  /** Total time a request waits for its result, ms. */
  deadlineMs: number;
  /** Time a new-session job may wait for a worker to take it, ms. */
  pickupMs: number;
  /** How often the owner's heartbeat is checked while waiting, ms. */
  ownerCheckMs: number;
  /** Called with the seconds a new-session job waited until a worker took it. */
  onPickup?: (seconds: number) => void;
}

interface Waiter {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  onOwner: (workerId: string) => void;
}

/** How long Redis may be unreachable during a wait before the request answers 503. */
const REDIS_DOWN_GRACE_MS = 2_000;

/** After a failover interrupted a wait, how long the result may still take once the slot is back. */
const AFTER_FAILOVER_GRACE_MS = 5_000;

const UNAVAILABLE = 'The datastore became unreachable while the request was running; retry shortly.';

/** How long an idle per-worker results reader is kept before it is closed. */
const READER_IDLE_MS = 60_000;

export class Dispatcher {
  readonly #queues = new Map<string, Queue>();
  readonly #readers = new Map<string, { events: QueueEvents; lastUsed: number }>();
  readonly #waiters = new Map<string, Waiter>();
  /**
   * Recent liveness answers per worker. Every waiting request checks its owner each tick; at
   * concurrency 16 that was 16 Redis round trips per tick for the same one or two workers (a
   * measurable share of the gateway's CPU under load). One answer younger than half a tick
   * serves them all, so a dead worker is still noticed within one tick and a half.
   */
  readonly #alive = new Map<string, { at: number; answer: Promise<boolean> }>();
  readonly #sweeper: NodeJS.Timeout;
  readonly #probe: SlotProbe | undefined;
  #closed = false;

  constructor(
    private readonly redis: RedisClient,
    private readonly opts: DispatcherOptions,
    private readonly log: Logger,
  ) {
    this.#probe = isCluster(redis) ? new SlotProbe(redis, opts.ownerCheckMs) : undefined;
    this.#sweeper = setInterval(() => void this.#sweepReaders(), READER_IDLE_MS);
    this.#sweeper.unref();
  }

  /**
   * Runs a job and resolves with its parsed result. `owner` is the worker that owns the session
   * (follow-ups); new sessions learn theirs from the job's progress event.
   */
  async run<N extends JobName>(name: N, payload: JobPayload<N>, owner?: string): Promise<JobResult<N>> {
    if (this.#closed) throw new PagemapError('SERVICE_UNAVAILABLE', 'The gateway is shutting down.');
    const entry = JOB_CATALOG[name];
    const queueName =
      entry.queue === 'open' ? this.opts.keys.openQueue : this.opts.keys.workerQueue(requireOwner(owner));
    const queue = this.#queue(queueName);
    await this.#reader(queueName);
    const jobId = randomUUID();
    const deadlineAt = payload.deadlineAt;

    let knownOwner = owner;
    const enqueuedAt = Date.now();
    let picked = owner !== undefined;
    const result = new Promise<unknown>((resolve, reject) => {
      this.#waiters.set(jobId, {
        resolve,
        reject,
        onOwner: (w) => {
          if (!picked) this.opts.onPickup?.((Date.now() - enqueuedAt) / 1000);
          knownOwner = w;
          picked = true;
        },
      });
    });
    const cleanup: Array<() => void> = [() => this.#waiters.delete(jobId)];
    // Set once the queue's datastore was unreachable during this wait: its outcome is then uncertain.
    let disturbed = false;
    try {
      await queue.add(name, sealJobPayload(this.opts.sealer, payload), { ...BASE_JOB_OPTIONS, jobId });
      const guard = new Promise<never>((_, reject) => {
        const fail = (code: ErrorCode, message: string) => reject(new PagemapError(code, message));
        const startedAt = Date.now();
        let redisDownSince: number | undefined;
        let backSince: number | undefined;
        const tick = setInterval(() => {
          void (async () => {
            const now = Date.now();
            // Redis gone while waiting: the result can no longer arrive (it travels through
            // Redis), so answer 503 soon instead of waiting out the whole deadline.
            if (this.redis.status !== 'ready' || this.#probe?.down(this.#probeKey(queueName))) {
              disturbed = true;
              backSince = undefined;
              redisDownSince ??= now;
              if (now - redisDownSince >= REDIS_DOWN_GRACE_MS) return fail('SERVICE_UNAVAILABLE', UNAVAILABLE);
              return;
            }
            redisDownSince = undefined;
            // Cluster failover: the job's result may have gone to the master that died. Give it a
            // few seconds once the slot answers again, then 503 (nothing billed) instead of a hang.
            if (disturbed && this.#probe) {
              backSince ??= now;
              if (now - backSince >= AFTER_FAILOVER_GRACE_MS) return fail('SERVICE_UNAVAILABLE', UNAVAILABLE);
            }
            if (now >= deadlineAt) {
              await queue.remove(jobId).catch(() => 0);
              return fail('UPSTREAM_TIMEOUT', 'The browser did not answer in time. Nothing was billed.');
            }
            if (!picked && now - startedAt >= this.opts.pickupMs) {
              // Withdraw the job; if a worker took it meanwhile, removal fails and we keep waiting.
              const removed = await queue.remove(jobId).catch(() => 0);
              if (removed === 1) return fail('NO_CAPACITY', 'No browser worker could take a new session in time.');
              picked = true;
              // Taken, yet its worker never said so: it may have died between taking the job and
              // announcing itself. BullMQ stores the taker's name (our worker id) with the job when
              // it takes it, so the owner is still known and its heartbeat still decides.
              knownOwner ??= await this.#takerOf(queue, jobId);
            }
            if (knownOwner && !(await this.#isAlive(knownOwner))) {
              // A follow-up still waiting in the dead worker's queue would carry its sealed params
              // until the queue is reaped: withdraw it now (an active one is reaped with the queue).
              await queue.remove(jobId).catch(() => 0);
              return fail(
                'WORKER_LOST',
                'The browser process serving this request stopped. Nothing was billed; open a new session and retry.',
              );
            }
          })();
        }, this.opts.ownerCheckMs);
        cleanup.push(() => clearInterval(tick));
      });
      guard.catch(() => undefined); // a tick that fails after the result arrived is moot
      const raw = await Promise.race([result, guard]);
      return openJobResult(name, raw, this.opts.sealer);
    } catch (err) {
      // A job failed as stalled across a failover lost its lock with the master, not its worker.
      if (disturbed && err instanceof PagemapError && err.code === 'WORKER_LOST')
        throw new PagemapError('SERVICE_UNAVAILABLE', UNAVAILABLE);
      throw err;
    } finally {
      for (const c of cleanup) c();
    }
  }

  /** The worker that took a job (BullMQ's `processedBy`, the Worker's name), if it was taken. */
  async #takerOf(queue: Queue, jobId: string): Promise<string | undefined> {
    const taker = await this.redis.hget(queue.toKey(jobId), 'pb').catch(() => null);
    return taker ?? undefined;
  }

  /** The owner's liveness, shared by all requests waiting on it within half a tick. */
  #isAlive(workerId: string): Promise<boolean> {
    const now = Date.now();
    const recent = this.#alive.get(workerId);
    if (recent && now - recent.at < this.opts.ownerCheckMs / 2) return recent.answer;
    // A failed check counts as alive: Redis trouble is judged by the datastore rule instead.
    const answer = this.opts.fleet.isAlive(workerId).catch(() => true);
    this.#alive.set(workerId, { at: now, answer });
    if (this.#alive.size > 1000) this.#alive.delete(this.#alive.keys().next().value!);
    return answer;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#sweeper);
    for (const w of this.#waiters.values())
      w.reject(new PagemapError('SERVICE_UNAVAILABLE', 'The gateway is shutting down.'));
    await Promise.allSettled([...this.#readers.values()].map((r) => r.events.close()));
    await Promise.allSettled([...this.#queues.values()].map((q) => q.close()));
  }

  #queue(name: string): Queue {
    let q = this.#queues.get(name);
    if (!q) {
      q = new Queue(name, {
        connection: this.redis,
        prefix: this.opts.keys.bullPrefix,
        streams: { events: { maxLen: 2000 } },
      });
      q.on('error', (err) => this.log.warn({ err: err.message, queue: name }, 'queue error'));
      this.#queues.set(name, q);
    }
    return q;
  }

  async #reader(queueName: string): Promise<void> {
    const existing = this.#readers.get(queueName);
    if (existing) {
      existing.lastUsed = Date.now();
      return;
    }
    const events = new QueueEvents(queueName, {
      connection: createRedis(this.opts.redis, 'blocking'),
      prefix: this.opts.keys.bullPrefix,
      // Read from a little in the past: events of a job added right after this reader was
      // created are never missed, whenever its first blocking read actually starts.
      lastEventId: `${Date.now() - 5_000}-0`,
      autorun: true,
    });
    events.on('completed', ({ jobId, returnvalue }) => {
      const w = this.#waiters.get(jobId);
      if (!w) return;
      try {
        w.resolve(typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue);
      } catch (err) {
        w.reject(err as Error);
      }
    });
    events.on('failed', ({ jobId, failedReason }) => {
      const w = this.#waiters.get(jobId);
      if (!w) return;
      const lost = /stalled|lock/i.test(failedReason);
      w.reject(
        lost
          ? new PagemapError(
              'WORKER_LOST',
              'The browser process serving this request stopped. Nothing was billed; open a new session and retry.',
            )
          : new Error(`job failed: ${failedReason}`),
      );
    });
    events.on('progress', ({ jobId, data }) => {
      const worker = typeof data === 'object' && data !== null ? (data as { worker?: unknown }).worker : undefined;
      if (typeof worker === 'string') this.#waiters.get(jobId)?.onOwner(worker);
    });
    events.on('error', (err) => this.log.warn({ err: err.message, queue: queueName }, 'queue events error'));
    this.#readers.set(queueName, { events, lastUsed: Date.now() });
    await events.waitUntilReady();
  }

  /** A key in the queue's slot (every key of a queue shares its hash tag). */
  #probeKey(queueName: string): string {
    return `${this.opts.keys.bullPrefix}:${queueName}:meta`;
  }

  /** Closes readers of worker queues nobody used for a while (workers come and go). */
  async #sweepReaders(): Promise<void> {
    const now = Date.now();
    for (const [name, r] of this.#readers) {
      if (name === this.opts.keys.openQueue || now - r.lastUsed < READER_IDLE_MS) continue;
      this.#readers.delete(name);
      await r.events.close().catch(() => undefined);
      const q = this.#queues.get(name);
      this.#queues.delete(name);
      await q?.close().catch(() => undefined);
    }
  }
}

function requireOwner(owner: string | undefined): string {
  if (!owner) throw new Error('a worker-queue job needs the owning worker');
  return owner;
}

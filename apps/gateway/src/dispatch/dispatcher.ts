/**
 * Enqueues jobs and waits for their results. New sessions go on the shared queue; follow-ups on
 * the owning worker's own queue. Each wait is a ResultWait, bounded four ways (deadline,
 * datastore, pickup, owner; see result-wait.ts), so a caller never hangs. On a cluster
 * "datastore down" is per queue: the slot holding the queue is probed (SlotProbe).
 *
 * Results arrive through BullMQ's QueueEvents stream (one reader per queue in use). The waiter is
 * registered before the job is added and the reader starts from a point in the past, so a job
 * that finishes very fast cannot slip past it.
 */
import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { OwnerAnnouncement, PagemapError } from '@pagemap/contracts';
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
import { withTimeout, type Logger } from '@pagemap/runtime';
import { jobExists, takerOf } from './job-lookup';
import { KEEP_AFTER_DEADLINE_MS, OrphanOpens, type FindOwner } from './orphan-opens';
import { LOST, ResultWait, UNAVAILABLE } from './result-wait';
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
  /** The live owner of a session in the directory (orphaned opens are found with it). */
  findOwner?: FindOwner;
}

interface Waiter {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  onOwner: (workerId: string) => void;
}

/** How long a new results reader may take to reach Redis before the request answers 503. */
const READER_READY_MS = 3_000;

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
  readonly #orphans: OrphanOpens;
  /** Connection losses of the command client so far (ResultWait's `outages`). */
  #outages = 0;
  #closed = false;

  constructor(
    private readonly redis: RedisClient,
    private readonly opts: DispatcherOptions,
    private readonly log: Logger,
  ) {
    this.#probe = isCluster(redis) ? new SlotProbe(redis, opts.ownerCheckMs) : undefined;
    // One Redis: every outage closes this connection. (A cluster's slots are probed instead.)
    if (!isCluster(redis)) redis.on('close', () => (this.#outages += 1));
    this.#orphans = new OrphanOpens(
      (open, workerId) =>
        this.run(
          'close',
          {
            requestId: open.requestId,
            tenantId: open.tenantId,
            sessionId: open.sessionId,
            deadlineAt: Date.now() + 30_000,
          },
          workerId,
        ),
      log,
      opts.findOwner,
    );
    this.#sweeper = setInterval(() => void this.#sweepReaders(), READER_IDLE_MS);
    this.#sweeper.unref();
  }

  /**
   * Runs a job and resolves with its parsed result. `owner` is the worker that owns the session
   * (follow-ups); new sessions learn theirs from the job's owner announcement.
   */
  async run<N extends JobName>(name: N, payload: JobPayload<N>, owner?: string): Promise<JobResult<N>> {
    if (this.#closed) throw new PagemapError('SERVICE_UNAVAILABLE', 'The gateway is shutting down.');
    const entry = JOB_CATALOG[name];
    const queueName =
      entry.queue === 'open' ? this.opts.keys.openQueue : this.opts.keys.workerQueue(requireOwner(owner));
    const queue = this.#queue(queueName);
    await this.#reader(queueName);
    const jobId = randomUUID();
    const wait = new ResultWait({
      deadlineAt: payload.deadlineAt,
      pickupMs: this.opts.pickupMs,
      checkMs: this.opts.ownerCheckMs,
      ...(owner !== undefined ? { owner } : {}),
      datastoreDown: () => this.redis.status !== 'ready' || (this.#probe?.down(this.#probeKey(queueName)) ?? false),
      outages: () => this.#outages,
      withdraw: () => queue.remove(jobId),
      takerOf: () => takerOf(this.redis, queue, jobId),
      isAlive: (w) => this.#isAlive(w),
      jobExists: () => jobExists(this.redis, queue, jobId),
      ...(this.opts.onPickup ? { onPickup: this.opts.onPickup } : {}),
    });
    // The waiter is registered before the job is added, so a result cannot slip past it.
    const result = new Promise<unknown>((resolve, reject) => {
      this.#waiters.set(jobId, { resolve, reject, onOwner: (w) => wait.announced(w) });
    });
    try {
      await queue.add(name, sealJobPayload(this.opts.sealer, payload), { ...BASE_JOB_OPTIONS, jobId });
      wait.start();
      const raw = await Promise.race([result, wait.ended]);
      return openJobResult(name, raw, this.opts.sealer);
    } catch (err) {
      if (name === 'open')
        this.#orphans.abandon(jobId, {
          requestId: payload.requestId,
          tenantId: payload.tenantId,
          sessionId: payload.sessionId,
          keepUntil: payload.deadlineAt + KEEP_AFTER_DEADLINE_MS,
        });
      throw await this.#lostOrUnavailable(err, wait);
    } finally {
      wait.stop();
      this.#waiters.delete(jobId);
    }
  }

  /**
   * A job that lost its lock (BullMQ failed it as stalled) lost it with its worker — or with
   * Redis: a stalled or failing-over datastore takes locks with it while the worker lives on.
   * Only a worker that stopped heart-beating is WORKER_LOST; otherwise the answer is a 503.
   */
  async #lostOrUnavailable(err: unknown, wait: ResultWait): Promise<unknown> {
    if (!(err instanceof LockLost) && !(err instanceof PagemapError && err.code === 'WORKER_LOST')) return err;
    if (wait.disturbed) return new PagemapError('SERVICE_UNAVAILABLE', UNAVAILABLE);
    if (err instanceof PagemapError) return err;
    const owner = wait.owner;
    const alive = owner
      ? await withTimeout(
          this.opts.fleet.isAlive(owner).catch(() => true),
          1_000,
        )
      : undefined;
    const gone = alive !== undefined && !alive.timedOut && !alive.value;
    return gone ? new PagemapError('WORKER_LOST', LOST) : new PagemapError('SERVICE_UNAVAILABLE', UNAVAILABLE);
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
    this.#orphans.stop();
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
      // QueueEvents reads through a duplicate of this client and closes only the duplicate: a lazy
      // template that never connects, or each reader would leave a connection behind.
      connection: createRedis(this.opts.redis, 'blocking', { lazyConnect: true }),
      prefix: this.opts.keys.bullPrefix,
      // Read from a little in the past: events of a job added right after this reader was
      // created are never missed, whenever its first blocking read actually starts.
      lastEventId: `${Date.now() - 5_000}-0`,
      autorun: true,
    });
    events.on('completed', ({ jobId, returnvalue }) => {
      const w = this.#waiters.get(jobId);
      try {
        const raw = typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue;
        if (w) w.resolve(raw);
        // An orphaned open's late result: only opens are abandoned, and results travel sealed.
        else this.#orphans.resultArrived(jobId, this.#openLate(raw));
      } catch (err) {
        w?.reject(err as Error);
      }
    });
    events.on('failed', ({ jobId, failedReason }) => {
      const w = this.#waiters.get(jobId);
      if (!w) return;
      const lost = /stalled|lock/i.test(failedReason);
      w.reject(lost ? new LockLost(failedReason) : new Error(`job failed: ${failedReason}`));
    });
    events.on('progress', ({ jobId, data }) => {
      const announced = OwnerAnnouncement.safeParse(data);
      if (announced.success) this.#waiters.get(jobId)?.onOwner(announced.data.worker);
    });
    events.on('error', (err) => this.log.warn({ err: err.message, queue: queueName }, 'queue events error'));
    this.#readers.set(queueName, { events, lastUsed: Date.now() });
    // A reader whose Redis is down or stalled would wait for it forever: answer 503 instead (the
    // reader stays, and is ready for the next request once Redis is back).
    const ready = await withTimeout(events.waitUntilReady(), READER_READY_MS);
    if (ready.timedOut) throw new PagemapError('SERVICE_UNAVAILABLE', 'The datastore is unreachable; retry shortly.');
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

  /** A late result unsealed for OrphanOpens, or null when it is no open's result (it ignores null). */
  #openLate(raw: unknown): unknown {
    try {
      return openJobResult('open', raw, this.opts.sealer);
    } catch {
      return null;
    }
  }
}

/** A job BullMQ failed because its lock was lost (see Dispatcher.#lostOrUnavailable). */
class LockLost extends Error {}

function requireOwner(owner: string | undefined): string {
  if (!owner) throw new Error('a worker-queue job needs the owning worker');
  return owner;
}

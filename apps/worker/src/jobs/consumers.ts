/**
 * The BullMQ adapter: the worker's two queue consumers, and nothing else.
 * - the shared `open` queue, consumed only while this worker has room for another session
 *   (Capacity pauses it locally when full, so another worker takes the job);
 * - its own queue, with follow-ups and closes for the sessions it owns.
 * Each is a SupervisedConsumer (restarted when BullMQ's loop stops); each job is checked against
 * the catalog, measured by JobTelemetry and handed to its handler.
 */
import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import type { OwnerAnnouncement } from '@pagemap/contracts';
import {
  isDatastoreUnavailable,
  isJobName,
  JOB_CATALOG,
  openJobPayload,
  sealJobResult,
  type JobHandlers,
  type JobName,
  type JobPayload,
  type KeySpace,
  type RedisClient,
  type Sealer,
} from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { SessionRegistry } from '../sessions/registry';
import type { WorkerMetrics } from '../metrics';
import type { PhaseClock } from '../telemetry/phases';
import { Capacity } from './capacity';
import { jobFailure } from './failure';
import { jobLogger } from './job-log';
import { JobTelemetry, type JobSpan } from './job-telemetry';
import { SupervisedConsumer } from './supervised-consumer';

/** What a handler gets besides its payload: a logger carrying the job's request and session, and the job's phase clock. */
export interface JobContext {
  log: Logger;
  phases: PhaseClock;
}

export interface ConsumerOptions {
  workerId: string;
  keys: KeySpace;
  connection: RedisClient;
  maxSessions: number;
  openConcurrency: number;
  logJobs: boolean;
  /** Opens job payloads and seals results (@pagemap/queue sealed-jobs). */
  sealer: Sealer;
  /** How often each consumer is checked for a stopped loop, ms. */
  watchMs?: number;
  /** Called when the last running job ends (the context pool refills then). */
  onIdle?: () => void;
}

type QueueLabel = 'open' | 'own';

/**
 * A consumer with room that leaves jobs waiting this long is stuck (a healthy one takes them in
 * ms). With the 1 s watch, a stuck consumer is reported down within 5 s of the first job it left.
 */
const STUCK_MS = 4_000;

export class JobConsumers {
  readonly #consumers = new Map<QueueLabel, SupervisedConsumer>();
  /** One Queue per consumed queue, to see whether jobs wait there (stuck-consumer check). */
  readonly #counters: Queue[] = [];
  readonly #capacity: Capacity;
  readonly #telemetry: JobTelemetry;
  #running = 0;

  constructor(
    private readonly opts: ConsumerOptions,
    /** One handler per job name in the catalog: a job without one does not compile. */
    private readonly handlers: JobHandlers<JobContext>,
    private readonly registry: SessionRegistry,
    private readonly metrics: WorkerMetrics,
    private readonly log: Logger,
  ) {
    this.#capacity = new Capacity({
      maxSessions: opts.maxSessions,
      openConcurrency: opts.openConcurrency,
      openSessions: () => registry.size,
      isOpen: (id) => registry.has(id),
    });
    this.#telemetry = new JobTelemetry(metrics, opts.logJobs);
  }

  /** Jobs running now (any queue). */
  get running(): number {
    return this.#running;
  }

  get accepting(): boolean {
    return !this.#capacity.draining;
  }

  /** Whether every consumer fetches jobs (false while one waits for its restart). */
  get up(): boolean {
    return [...this.#consumers.values()].every((c) => c.up);
  }

  /** Sessions held or being opened: what counts against PAGEMAP_MAX_SESSIONS. */
  get load(): number {
    return this.#capacity.load;
  }

  start(): void {
    const { keys } = this.opts;
    this.#supervise('own', keys.workerQueue(this.opts.workerId), Math.max(8, this.opts.maxSessions * 2));
    this.#supervise('open', keys.openQueue, this.#capacity.openSlots());
  }

  #supervise(label: QueueLabel, queue: string, concurrency: number): void {
    const create = () => {
      const w = new Worker(queue, (job, token) => this.#taken(label, job, token), {
        connection: this.opts.connection,
        prefix: this.opts.keys.bullPrefix,
        // A job whose worker died is failed, never handed to another worker: a browse is not
        // idempotent, and the gateway has already answered the caller.
        maxStalledCount: 0,
        // Stored with each job this worker takes (BullMQ's processedBy): a gateway whose job was
        // taken but never announced (the worker died in between) learns the owner from it.
        name: this.opts.workerId,
        removeOnComplete: { count: 0 },
        removeOnFail: { count: 0 },
        concurrency: label === 'open' ? this.#capacity.openSlots() : concurrency,
      });
      // Emitted once the result is stored and published: the end of the job's 'reply' phase.
      w.on('completed', (job) => this.#telemetry.replied(job.id));
      w.on('failed', (job) => this.#telemetry.replied(job?.id));
      return w;
    };
    this.metrics.queueConsumerUp.set({ queue: label }, 1);
    const counter = new Queue(queue, { connection: this.opts.connection, prefix: this.opts.keys.bullPrefix });
    counter.on('error', () => undefined); // the count is best-effort; the consumer logs Redis errors
    this.#counters.push(counter);
    const consumer = new SupervisedConsumer(
      queue,
      create,
      {
        checkMs: this.opts.watchMs ?? 1_000,
        waiting: () => counter.getJobCountByTypes('wait', 'prioritized'),
        stuckMs: STUCK_MS,
        backoffMs: 500,
        maxBackoffMs: 10_000,
        onChange: (up) => this.metrics.queueConsumerUp.set({ queue: label }, up ? 1 : 0),
        onRestart: () => {
          this.metrics.queueConsumerRestarts.inc({ queue: label });
          if (label === 'open') this.rebalance();
        },
      },
      this.log,
    );
    this.#consumers.set(label, consumer);
  }

  /** The BullMQ worker of a queue now (tests; it changes when the consumer is restarted). */
  consumer(label: QueueLabel): SupervisedConsumer | undefined {
    return this.#consumers.get(label);
  }

  /** Keeps the shared queue's consumer in step with free capacity (see Capacity). */
  rebalance(): void {
    this.#capacity.rebalance(this.#consumers.get('open')?.worker);
  }

  /** A consumer took a job: counted for its stuck check, then processed. */
  async #taken(label: QueueLabel, job: Job, token?: string): Promise<unknown> {
    const consumer = this.#consumers.get(label);
    consumer?.took();
    try {
      return await this.#process(job, token);
    } finally {
      consumer?.finished();
    }
  }

  async #process(job: Job, token?: string): Promise<unknown> {
    if (!isJobName(job.name)) throw new Error(`unknown job ${job.name}`);
    // The payload is opened and checked here, once, against the catalog and handed on typed.
    const data = openJobPayload(job.name, job.data, this.opts.sealer);
    if (job.name === 'open') await this.#claimRoom(job, data.sessionId, token);
    // Sealed: BullMQ writes the return value into the events stream (and Redis into its AOF).
    return sealJobResult(this.opts.sealer, await this.#serve(job.name, job, data));
  }

  /** An `open` job taken without room (see Capacity) goes back to the shared queue for another worker. */
  async #claimRoom(job: Job, sessionId: string, token?: string): Promise<void> {
    if (this.#capacity.hasRoom()) {
      this.#capacity.opening(sessionId);
      this.rebalance();
      return;
    }
    // The gateway has not heard from us (no announcement), so its pickup bound still holds.
    this.rebalance();
    await job.moveToWait(token);
    this.log.debug({ jobId: job.id }, 'open job given back: no free capacity');
    throw new WaitingError();
  }

  /** Serves one job, measured from start to stored result. */
  async #serve<N extends JobName>(name: N, job: Job, data: JobPayload<N>): Promise<unknown> {
    const span = this.#telemetry.begin(
      job,
      JOB_CATALOG[name].metricKind,
      jobLogger(this.log, this.registry, name, data),
    );
    let result: unknown;
    this.#running += 1;
    try {
      result = await this.#run(name, job, data, span);
      return result;
    } finally {
      if (name === 'open') this.#capacity.opened(data.sessionId);
      this.rebalance();
      this.#running -= 1;
      if (this.#running === 0) this.opts.onIdle?.();
      this.#telemetry.end(span, job.id, result !== undefined);
    }
  }

  /** The handler's answer, or the job failure the gateway maps to its error (never a throw). */
  async #run<N extends JobName>(name: N, job: Job, data: JobPayload<N>, span: JobSpan): Promise<unknown> {
    const { log, phases } = span;
    if (Date.now() > data.deadlineAt) {
      log.warn('job arrived after its deadline; skipped');
      span.outcome = 'UPSTREAM_TIMEOUT';
      return jobFailure(this.opts.workerId, {
        code: 'UPSTREAM_TIMEOUT',
        message: 'The request waited too long in the queue.',
      });
    }
    try {
      // Tells the waiting gateway who runs the job, so it can watch this worker's heartbeat. Not
      // waited for before the work starts: Redis carries it on this connection ahead of the
      // result, so the gateway always hears it first.
      const announcement: OwnerAnnouncement = { worker: this.opts.workerId };
      const progress = name === 'open' ? phases.time('progress', () => job.updateProgress(announcement)) : undefined;
      progress?.catch(() => undefined);
      const served = await this.handlers[name](data, { log, phases });
      await progress;
      span.outcome = served.ok ? 'ok' : served.error.code;
      return served;
    } catch (err) {
      log.error({ err: err instanceof Error ? err.message : String(err) }, 'job failed');
      // An open that failed leaves no live session behind, whatever failed.
      if (name === 'open') await this.registry.close(data.sessionId, 'open_failed');
      span.outcome = isDatastoreUnavailable(err) ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
      // Redis (or, on a cluster, the node of one slot) unable to answer: a 503 to retry, not our bug.
      return jobFailure(
        this.opts.workerId,
        isDatastoreUnavailable(err)
          ? { code: 'SERVICE_UNAVAILABLE', message: 'The datastore is unreachable; retry shortly. Nothing was billed.' }
          : { code: 'INTERNAL_ERROR', message: 'The request could not be processed.' },
      );
    }
  }

  /** Stops taking new sessions (the shared queue), keeps serving owned sessions. */
  async stopTakingSessions(): Promise<void> {
    this.#capacity.drain();
    await this.#consumers.get('open')?.close();
  }

  /** Waits for running jobs to finish (BullMQ's close waits for active jobs), then stops. */
  async close(): Promise<void> {
    this.#capacity.drain();
    await Promise.all([...this.#consumers.values()].map((c) => c.close()));
    await Promise.all(this.#counters.map((q) => q.close().catch(() => undefined)));
  }

  /** Stops both consumers at once without waiting for their jobs (a shutdown past its drain time). */
  async forceClose(): Promise<void> {
    this.#capacity.drain();
    await Promise.all([...this.#consumers.values()].map((c) => c.close(true).catch(() => undefined)));
  }

  /**
   * Deletes this worker's own queue once it has stopped: jobs still waiting there carry sealed
   * tool params and nobody will ever serve them (their gateways answer WORKER_LOST as soon as
   * this worker's heartbeat is gone).
   */
  async removeOwnQueue(): Promise<void> {
    const queue = new Queue(this.opts.keys.workerQueue(this.opts.workerId), {
      connection: this.opts.connection,
      prefix: this.opts.keys.bullPrefix,
    });
    try {
      await queue.obliterate({ force: true });
    } finally {
      await queue.close();
    }
  }
}

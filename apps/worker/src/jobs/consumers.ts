/**
 * The worker's two BullMQ consumers:
 * - the shared `open` queue, consumed only while this worker has room for another session
 *   (it pauses locally when full, so another worker takes the job);
 * - its own queue, with follow-ups and closes for the sessions it owns.
 */
import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import {
  isDatastoreUnavailable,
  isJobName,
  JOB_CATALOG,
  openJobPayload,
  sealJobResult,
  type JobHandlers,
  type JobName,
  type KeySpace,
  type RedisClient,
  type Sealer,
} from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { SessionRegistry } from '../sessions/registry';
import type { WorkerMetrics } from '../metrics';
import { jobFailure } from './failure';
import { PhaseClock } from './phases';

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
  /** Called when the last running job ends (the context pool refills then). */
  onIdle?: () => void;
}

export class JobConsumers {
  #open: Worker | undefined;
  #own: Worker | undefined;
  /** Sessions being opened by running `open` jobs (counted against capacity before they are registered). */
  readonly #opening = new Set<string>();
  /** Phase clocks of jobs whose handler returned, until BullMQ has stored the result ('reply'). */
  readonly #replying = new Map<
    string,
    { phases: PhaseClock; log: Logger; returned: number; ms: number; outcome: string }
  >();
  #draining = false;
  #running = 0;

  constructor(
    private readonly opts: ConsumerOptions,
    /** One handler per job name in the catalog: a job without one does not compile. */
    private readonly handlers: JobHandlers<JobContext>,
    private readonly registry: SessionRegistry,
    private readonly metrics: WorkerMetrics,
    private readonly log: Logger,
  ) {}

  /** Jobs running now (any queue). */
  get running(): number {
    return this.#running;
  }

  get accepting(): boolean {
    return !this.#draining;
  }

  start(): void {
    const { keys, connection } = this.opts;
    const common = {
      connection,
      prefix: keys.bullPrefix,
      // A job whose worker died is failed, never handed to another worker: a browse is not
      // idempotent, and the gateway has already answered the caller.
      maxStalledCount: 0,
      // Stored with each job this worker takes (BullMQ's processedBy): a gateway whose job was
      // taken but never announced (the worker died in between) learns the owner from it.
      name: this.opts.workerId,
      removeOnComplete: { count: 0 },
      removeOnFail: { count: 0 },
    } as const;
    this.#own = new Worker(keys.workerQueue(this.opts.workerId), (job, token) => this.#process(job, token), {
      ...common,
      concurrency: Math.max(8, this.opts.maxSessions * 2),
    });
    this.#open = new Worker(keys.openQueue, (job, token) => this.#process(job, token), {
      ...common,
      concurrency: this.#openSlots(),
    });
    for (const w of [this.#own, this.#open]) {
      w.on('error', (err) => this.log.error({ err: err.message }, 'queue consumer error'));
      // Emitted once the result is stored and published: the end of the job's 'reply' phase.
      w.on('completed', (job) => this.#replied(job.id));
      w.on('failed', (job) => this.#replied(job?.id));
    }
  }

  /** Sessions held or being opened: what counts against PAGEMAP_MAX_SESSIONS. */
  get load(): number {
    let opening = 0;
    for (const id of this.#opening) if (!this.registry.has(id)) opening += 1;
    return this.registry.size + opening;
  }

  /** How many `open` jobs may run at once right now: free capacity, at most the configured concurrency. */
  #openSlots(): number {
    return Math.max(1, Math.min(this.opts.openConcurrency, this.opts.maxSessions - this.registry.size));
  }

  /**
   * Keeps the shared queue's consumer in step with free capacity. Called whenever the load
   * changes (a job starts or ends, a session closes).
   *
   * BullMQ semantics this relies on (5.x Worker): `pause(true)` is a local pause that sets a flag
   * at once and does not wait for active jobs; the fetch loop stops asking for jobs, and exits
   * when the active ones are done. `resume()` clears the flag and restarts the loop if it had
   * exited. The loop fetches while fewer than `concurrency` jobs are in hand, so concurrency is
   * set to the free slots (registry.size counts open sessions; jobs in hand are counted by BullMQ).
   * That alone is not exact: a fetch that was already blocked on the queue when the pause came
   * can still hand over one job. #process therefore checks capacity itself and gives such a job
   * back to the queue (see below), so a worker never holds more than its maximum.
   */
  rebalance(): void {
    const open = this.#open;
    if (!open) return;
    const full = this.#draining || this.load >= this.opts.maxSessions;
    open.concurrency = this.#openSlots();
    if (full && !open.isPaused()) void open.pause(true);
    else if (!full && open.isPaused()) open.resume();
  }

  async #process(job: Job, token?: string): Promise<unknown> {
    if (!isJobName(job.name)) throw new Error(`unknown job ${job.name}`);
    // Sealed: BullMQ writes the return value into the events stream (and Redis into its AOF).
    return sealJobResult(this.opts.sealer, await this.#serve(job.name, job, token));
  }

  /** Serves one job: its payload is checked here, once, against the catalog and handed on typed. */
  async #serve<N extends JobName>(name: N, job: Job, token?: string): Promise<unknown> {
    const data = openJobPayload(name, job.data, this.opts.sealer);
    const { requestId, sessionId, deadlineAt } = data;
    const kind = JOB_CATALOG[name].metricKind;
    if (name === 'open') {
      if (this.#draining || this.load >= this.opts.maxSessions) {
        // Taken without room (see rebalance): back to the shared queue for another worker. The
        // gateway has not heard from us (no progress event), so its pickup bound still holds.
        this.rebalance();
        await job.moveToWait(token);
        this.log.debug({ jobId: job.id }, 'open job given back: no free capacity');
        throw new WaitingError();
      }
      this.#opening.add(sessionId);
      this.rebalance();
    }
    // Tenant and target host on every line of the job; never the path, query or tool params.
    const url = 'url' in data && typeof data.url === 'string' ? data.url : undefined;
    const log = this.log.child({
      requestId,
      tenantId: data.tenantId,
      sessionId,
      job: name,
      host: hostOf(url) ?? this.#sessionHost(sessionId),
    });
    const phases = new PhaseClock();
    const waited = Math.max(0, (job.processedOn ?? Date.now()) - job.timestamp);
    phases.add('queue_pickup', waited);
    this.metrics.queueWaitSeconds.observe({ kind }, waited / 1000);
    const started = performance.now();
    let outcome = 'error';
    let result: unknown;
    this.#running += 1;
    try {
      if (Date.now() > deadlineAt) {
        log.warn('job arrived after its deadline; skipped');
        outcome = 'UPSTREAM_TIMEOUT';
        return jobFailure(this.opts.workerId, {
          code: 'UPSTREAM_TIMEOUT',
          message: 'The request waited too long in the queue.',
        });
      }
      // Tells the waiting gateway who runs the job, so it can watch this worker's heartbeat. Not
      // waited for before the work starts: Redis carries it on this connection ahead of the
      // result, so the gateway always hears it first.
      const progress =
        name === 'open' ? phases.time('progress', () => job.updateProgress({ worker: this.opts.workerId })) : undefined;
      progress?.catch(() => undefined);
      const served = await this.handlers[name](data, { log, phases });
      await progress;
      outcome = served.ok ? 'ok' : served.error.code;
      result = served;
      return served;
    } catch (err) {
      log.error({ err: err instanceof Error ? err.message : String(err) }, 'job failed');
      if (name === 'open') await this.registry.close(sessionId, 'open_failed');
      // Redis (or, on a cluster, the node of one slot) unreachable: a 503 to retry, not our bug.
      if (isDatastoreUnavailable(err))
        return jobFailure(this.opts.workerId, {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The datastore is unreachable; retry shortly. Nothing was billed.',
        });
      return jobFailure(this.opts.workerId, { code: 'INTERNAL_ERROR', message: 'The request could not be processed.' });
    } finally {
      if (name === 'open') this.#opening.delete(sessionId);
      this.rebalance();
      this.#running -= 1;
      if (this.#running === 0) this.opts.onIdle?.();
      const ms = performance.now() - started;
      this.metrics.jobSeconds.observe({ kind, outcome }, ms / 1000);
      if (result !== undefined && job.id) {
        this.#replying.set(job.id, { phases, log, returned: performance.now(), ms, outcome });
        // BullMQ emits completed or failed for every processed job; should one ever be missed
        // (a connection lost at that moment), the map still stays bounded.
        if (this.#replying.size > 1000) this.#replying.delete(this.#replying.keys().next().value!);
      } else this.#report(phases, log, ms, outcome);
    }
  }

  /** Host of the page a session shows now, for follow-up and close jobs. */
  #sessionHost(sessionId: string): string | undefined {
    const page = this.registry.get(sessionId)?.page;
    return page && !page.isClosed() ? hostOf(page.url()) : undefined;
  }

  /** BullMQ stored a job's result: its 'reply' phase ends, and the job's phases are reported. */
  #replied(jobId: string | undefined): void {
    const r = jobId ? this.#replying.get(jobId) : undefined;
    if (!r) return;
    this.#replying.delete(jobId!);
    r.phases.add('reply', performance.now() - r.returned);
    this.#report(r.phases, r.log, r.ms, r.outcome);
  }

  #report(phases: PhaseClock, log: Logger, ms: number, outcome: string): void {
    const spent = phases.report();
    for (const [phase, v] of Object.entries(spent)) this.metrics.phaseSeconds.observe({ phase }, v / 1000);
    // The logger already carries `worker` (one key per line).
    if (this.opts.logJobs) log.info({ outcome, ms: Math.round(ms), phases: spent }, 'job served');
  }

  /** Stops taking new sessions (the shared queue), keeps serving owned sessions. */
  async stopTakingSessions(): Promise<void> {
    this.#draining = true;
    await this.#open?.close();
  }

  /** Waits for running jobs to finish (BullMQ's close waits for active jobs), then stops. */
  async close(): Promise<void> {
    this.#draining = true;
    await Promise.all([this.#open?.close(), this.#own?.close()]);
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

/** `host[:port]` of a URL, or undefined (no URL, about:blank, unparsable). */
export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

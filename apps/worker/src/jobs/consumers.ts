/**
 * The worker's two BullMQ consumers:
 * - the shared `open` queue, consumed only while this worker has room for another session
 *   (it pauses locally when full, so another worker takes the job);
 * - its own queue, with follow-ups and closes for the sessions it owns.
 */
import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import { JOB_CATALOG, isDatastoreUnavailable, type JobName, type KeySpace, type RedisClient } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { BrowseHandler } from './browse';
import type { SessionRegistry } from '../sessions/registry';
import type { WorkerMetrics } from '../metrics';

export interface ConsumerOptions {
  workerId: string;
  keys: KeySpace;
  connection: RedisClient;
  maxSessions: number;
  openConcurrency: number;
  logJobs: boolean;
}

export class JobConsumers {
  #open: Worker | undefined;
  #own: Worker | undefined;
  /** Sessions being opened by running `open` jobs (counted against capacity before they are registered). */
  readonly #opening = new Set<string>();
  #draining = false;

  constructor(
    private readonly opts: ConsumerOptions,
    private readonly handler: BrowseHandler,
    private readonly registry: SessionRegistry,
    private readonly metrics: WorkerMetrics,
    private readonly log: Logger,
  ) {}

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
      removeOnComplete: { count: 0 },
      removeOnFail: { count: 0 },
    } as const;
    this.#own = new Worker(keys.workerQueue(this.opts.workerId), (job, token) => this.#process(job, token), {
      ...common,
      concurrency: Math.max(8, this.opts.maxSessions * 2),
    });
    this.#open = new Worker(keys.openQueue, (job, token) => this.#process(job, token), { ...common, concurrency: this.#openSlots() });
    for (const w of [this.#own, this.#open]) w.on('error', (err) => this.log.error({ err: err.message }, 'queue consumer error'));
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
    const name = job.name as JobName;
    const entry = JOB_CATALOG[name];
    if (!entry) throw new Error(`unknown job ${job.name}`);
    const data = entry.payload.parse(job.data);
    if (name === 'open') {
      if (this.#draining || this.load >= this.opts.maxSessions) {
        // Taken without room (see rebalance): back to the shared queue for another worker. The
        // gateway has not heard from us (no progress event), so its pickup bound still holds.
        this.rebalance();
        await job.moveToWait(token);
        this.log.debug({ jobId: job.id }, 'open job given back: no free capacity');
        throw new WaitingError();
      }
      this.#opening.add(data.sessionId);
      this.rebalance();
    }
    const log = this.log.child({ requestId: data.requestId, sessionId: data.sessionId, job: name });
    this.metrics.queueWaitSeconds.observe({ kind: name }, Math.max(0, (job.processedOn ?? Date.now()) - job.timestamp) / 1000);
    const started = performance.now();
    let outcome = 'error';
    try {
      if (Date.now() > data.deadlineAt) {
        log.warn('job arrived after its deadline; skipped');
        outcome = 'UPSTREAM_TIMEOUT';
        return this.handler.fail('UPSTREAM_TIMEOUT', 'The request waited too long in the queue.');
      }
      // Tells the waiting gateway who runs the job, so it can watch this worker's heartbeat.
      if (name === 'open') await job.updateProgress({ worker: this.opts.workerId });
      let result;
      if (name === 'open') result = await this.handler.open(JOB_CATALOG.open.payload.parse(data), log);
      else if (name === 'browse') result = await this.handler.resume(JOB_CATALOG.browse.payload.parse(data), log);
      else result = await this.#close(data.sessionId, data.tenantId);
      outcome = result.ok ? 'ok' : result.error.code;
      if (this.opts.logJobs) log.info({ worker: this.opts.workerId, outcome, ms: Math.round(performance.now() - started) }, 'job served');
      return result;
    } catch (err) {
      log.error({ err: err instanceof Error ? err.message : String(err) }, 'job failed');
      if (name === 'open') await this.registry.close(data.sessionId, 'open_failed');
      // Redis (or, on a cluster, the node of one slot) unreachable: a 503 to retry, not our bug.
      if (isDatastoreUnavailable(err)) return this.handler.fail('SERVICE_UNAVAILABLE', 'The datastore is unreachable; retry shortly. Nothing was billed.');
      return this.handler.fail('INTERNAL_ERROR', 'The request could not be processed.');
    } finally {
      if (name === 'open') this.#opening.delete(data.sessionId);
      this.rebalance();
      this.metrics.jobSeconds.observe({ kind: name, outcome }, (performance.now() - started) / 1000);
    }
  }

  async #close(sessionId: string, tenantId: string) {
    const session = this.registry.get(sessionId);
    if (!session || session.tenantId !== tenantId) return this.handler.fail('SESSION_NOT_FOUND', 'Session not found or expired.');
    // Wait for work already queued on the session, then close.
    await session.exclusive(async () => undefined);
    const closed = await this.registry.close(sessionId, 'deleted');
    return closed ? { ok: true as const, workerId: this.opts.workerId } : this.handler.fail('SESSION_NOT_FOUND', 'Session not found or expired.');
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
    const queue = new Queue(this.opts.keys.workerQueue(this.opts.workerId), { connection: this.opts.connection, prefix: this.opts.keys.bullPrefix });
    try {
      await queue.obliterate({ force: true });
    } finally {
      await queue.close();
    }
  }
}

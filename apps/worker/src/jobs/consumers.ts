/**
 * The worker's two BullMQ consumers:
 * - the shared `open` queue, consumed only while this worker has room for another session
 *   (it pauses locally when full, so another worker takes the job);
 * - its own queue, with follow-ups and closes for the sessions it owns.
 */
import { Worker, type Job } from 'bullmq';
import { JOB_CATALOG, type JobName, type KeySpace } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { Redis } from 'ioredis';
import type { BrowseHandler } from './browse';
import type { SessionRegistry } from '../sessions/registry';
import type { WorkerMetrics } from '../metrics';

export interface ConsumerOptions {
  workerId: string;
  keys: KeySpace;
  connection: Redis;
  maxSessions: number;
  openConcurrency: number;
  logJobs: boolean;
}

export class JobConsumers {
  #open: Worker | undefined;
  #own: Worker | undefined;
  #opening = 0;
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
    this.#own = new Worker(keys.workerQueue(this.opts.workerId), (job) => this.#process(job), {
      ...common,
      concurrency: Math.max(8, this.opts.maxSessions * 2),
    });
    this.#open = new Worker(keys.openQueue, (job) => this.#process(job), { ...common, concurrency: this.opts.openConcurrency });
    for (const w of [this.#own, this.#open]) w.on('error', (err) => this.log.error({ err: err.message }, 'queue consumer error'));
  }

  /** Pauses or resumes the shared queue so this worker never takes more sessions than it can hold. */
  rebalance(): void {
    const open = this.#open;
    if (!open) return;
    const full = this.#draining || this.registry.size + this.#opening >= this.opts.maxSessions;
    if (full && !open.isPaused()) void open.pause(true);
    else if (!full && open.isPaused()) open.resume();
  }

  async #process(job: Job): Promise<unknown> {
    const name = job.name as JobName;
    const entry = JOB_CATALOG[name];
    if (!entry) throw new Error(`unknown job ${job.name}`);
    const data = entry.payload.parse(job.data);
    const log = this.log.child({ requestId: data.requestId, sessionId: data.sessionId, job: name });
    this.metrics.queueWaitSeconds.observe({ kind: name }, Math.max(0, (job.processedOn ?? Date.now()) - job.timestamp) / 1000);
    if (Date.now() > data.deadlineAt) {
      log.warn('job arrived after its deadline; skipped');
      return this.handler.fail('UPSTREAM_TIMEOUT', 'The request waited too long in the queue.');
    }
    const started = performance.now();
    let outcome = 'error';
    if (name === 'open') {
      this.#opening += 1;
      this.rebalance();
    }
    try {
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
      return this.handler.fail('INTERNAL_ERROR', 'The request could not be processed.');
    } finally {
      if (name === 'open') this.#opening -= 1;
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
}

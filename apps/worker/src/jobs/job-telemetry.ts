/**
 * What the worker measures about each job, in one place: the wait in the queue, the job's time
 * and outcome, and its phases — reported once BullMQ has stored the result (the 'reply' phase
 * ends there), or at once for a job that produced no result.
 */
import type { Job } from 'bullmq';
import type { Logger } from '@pagemap/runtime';
import type { WorkerMetrics } from '../metrics';
import { PhaseClock } from '../telemetry/phases';

/** One job being measured: handed to the handler (its phases) and ended by the consumer. */
export interface JobSpan {
  phases: PhaseClock;
  log: Logger;
  kind: string;
  started: number;
  outcome: string;
}

interface Replying {
  span: JobSpan;
  returned: number;
  ms: number;
}

/** Jobs whose result waits for BullMQ's completed/failed event; bounded should one be missed. */
const MAX_REPLYING = 1000;

export class JobTelemetry {
  readonly #replying = new Map<string, Replying>();

  constructor(
    private readonly metrics: WorkerMetrics,
    private readonly logJobs: boolean,
  ) {}

  /** A job starts: its time in the queue is its first phase. */
  begin(job: Job, kind: string, log: Logger): JobSpan {
    const phases = new PhaseClock();
    const waited = Math.max(0, (job.processedOn ?? Date.now()) - job.timestamp);
    phases.add('queue_pickup', waited);
    this.metrics.queueWaitSeconds.observe({ kind }, waited / 1000);
    return { phases, log, kind, started: performance.now(), outcome: 'error' };
  }

  /** The handler is done; with a result, the report waits for BullMQ to have stored it. */
  end(span: JobSpan, jobId: string | undefined, hasResult: boolean): void {
    const ms = performance.now() - span.started;
    this.metrics.jobSeconds.observe({ kind: span.kind, outcome: span.outcome }, ms / 1000);
    if (!hasResult || !jobId) return this.#report(span, ms);
    this.#replying.set(jobId, { span, returned: performance.now(), ms });
    if (this.#replying.size > MAX_REPLYING) this.#replying.delete(this.#replying.keys().next().value!);
  }

  /** BullMQ stored a job's result: its 'reply' phase ends, and the job's phases are reported. */
  replied(jobId: string | undefined): void {
    const r = jobId ? this.#replying.get(jobId) : undefined;
    if (!r) return;
    this.#replying.delete(jobId!);
    r.span.phases.add('reply', performance.now() - r.returned);
    this.#report(r.span, r.ms);
  }

  #report(span: JobSpan, ms: number): void {
    const spent = span.phases.report();
    for (const [phase, v] of Object.entries(spent)) this.metrics.phaseSeconds.observe({ phase }, v / 1000);
    // The logger already carries `worker` (one key per line).
    if (this.logJobs) span.log.info({ outcome: span.outcome, ms: Math.round(ms), phases: spent }, 'job served');
  }
}

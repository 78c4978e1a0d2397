/**
 * The typed job catalog: each job name maps to the queue it goes on, its payload and result
 * schemas, and its BullMQ options. The gateway enqueues from it and the worker's handlers are
 * typed from it, so neither side can drift from the other.
 */
import type { JobsOptions } from 'bullmq';
import type { z } from 'zod';
import { BrowseJob, BrowseJobResult, CloseJob, CloseJobResult } from '@pagemap/contracts';

/**
 * Options shared by every job. No retries: a browse is not idempotent (a tool may have submitted
 * a form) and the gateway answers the caller itself when a worker is lost. Finished jobs are
 * removed at once: their data must not rest in Redis.
 */
export const BASE_JOB_OPTIONS: JobsOptions = {
  attempts: 1,
  removeOnComplete: true,
  removeOnFail: true,
};

/**
 * `metricKind` is the `kind` label the job's metrics carry. It predates the open/resume job names
 * (a follow-up was then the job "browse") and dashboards and alerts select on it, so it stays.
 */
interface JobSpec {
  queue: 'open' | 'worker';
  payload: z.ZodType;
  result: z.ZodType;
  metricKind: string;
}

export const JOB_CATALOG = {
  /** Open a new session on `url` and (optionally) run tools on it. Shared queue. */
  open: { queue: 'open', payload: BrowseJob, result: BrowseJobResult, metricKind: 'open' },
  /** Resume an open session: run tools on it and answer with its page. The owner's queue. */
  resume: { queue: 'worker', payload: BrowseJob, result: BrowseJobResult, metricKind: 'browse' },
  /** Close a session. The owner's queue. */
  close: { queue: 'worker', payload: CloseJob, result: CloseJobResult, metricKind: 'close' },
} as const satisfies Record<string, JobSpec>;

export type JobName = keyof typeof JOB_CATALOG;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_CATALOG)[N]['payload']>;
export type JobResult<N extends JobName> = z.infer<(typeof JOB_CATALOG)[N]['result']>;

/**
 * What serves a job: one handler per job name. A map of these (`JobHandlers`) must name every job
 * in the catalog, so a job added here without a handler in the worker does not compile.
 */
export type JobHandler<N extends JobName, Ctx> = (payload: JobPayload<N>, ctx: Ctx) => Promise<JobResult<N>>;
export type JobHandlers<Ctx> = { [N in JobName]: JobHandler<N, Ctx> };

export function isJobName(name: string): name is JobName {
  return Object.prototype.hasOwnProperty.call(JOB_CATALOG, name);
}

/** Checks a job's data against its catalog schema: done once, where a consumer takes the job. */
export function parseJobPayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  return JOB_CATALOG[name].payload.parse(data) as JobPayload<N>;
}

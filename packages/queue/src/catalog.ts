/**
 * The typed job catalog: each job name maps to the queue it goes on, its payload and result
 * schemas, and its BullMQ options. The gateway enqueues from it and the worker's handlers are
 * typed from it, so neither side can drift from the other.
 */
import type { JobsOptions } from 'bullmq';
import { z } from 'zod';
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

export const JOB_CATALOG = {
  /** Open a new session and (optionally) run tools on it. Shared queue. */
  open: { queue: 'open', payload: BrowseJob, result: BrowseJobResult },
  /** A follow-up on an open session. The owner's queue. */
  browse: { queue: 'worker', payload: BrowseJob, result: BrowseJobResult },
  /** Close a session. The owner's queue. */
  close: { queue: 'worker', payload: CloseJob, result: CloseJobResult },
} as const;

export type JobName = keyof typeof JOB_CATALOG;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_CATALOG)[N]['payload']>;
export type JobResult<N extends JobName> = z.infer<(typeof JOB_CATALOG)[N]['result']>;

export function isJobName(name: string): name is JobName {
  return Object.prototype.hasOwnProperty.call(JOB_CATALOG, name);
}

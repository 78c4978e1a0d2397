/**
 * How a job says no. Business failures travel back as results (`{ok: false, error}`), never as
 * throws: a throw means a bug, and the gateway answers those with a generic 500. The job-path
 * modules return bare errors; the handler that answers adds its worker id.
 */
import type { JobFailure } from '@pagemap/contracts';

export type JobError = JobFailure['error'];

export function jobFailure(workerId: string, error: JobError): JobFailure {
  return { ok: false, error, workerId };
}

/** The one answer for a session this worker does not hold for this tenant (or no longer holds). */
export const SESSION_GONE: JobError = { code: 'SESSION_NOT_FOUND', message: 'Session not found or expired.' };

/**
 * Job payloads and results shared by the gateway (enqueue side) and the worker (handlers).
 * Tool calls travel sealed (`sealedCalls`, AES-256-GCM with a key that never touches Redis)
 * because their params carry passwords: see @pagemap/queue's `sealing`.
 */
import { z } from 'zod';
import { BrowseResponse, ScreenshotOptions, SessionId } from './browse';
import { ERROR_CODE_NAMES } from './errors';

const JobBase = z.object({
  /** Carried into the worker's log lines. */
  requestId: z.string().max(128),
  tenantId: z.string().min(1).max(128),
  sessionId: SessionId,
  /** Epoch ms after which the gateway no longer waits: a worker skips a job it meets later. */
  deadlineAt: z.number().int().positive(),
});

export const BrowseJob = JobBase.extend({
  /** Present when the job opens a new session. */
  url: z.string().optional(),
  /** Sealed JSON of ToolCall[]; absent when no tools run. */
  sealedCalls: z.string().optional(),
  /** Number of tool calls inside `sealedCalls`, in clear for metrics and billing. */
  toolCount: z.number().int().nonnegative(),
  includePageContent: z.boolean(),
  /** Screenshot wanted with the answer (defaults filled in by the gateway); absent for none. */
  screenshot: ScreenshotOptions.optional(),
  /** Whether the tenant may automate logins (and so reach identity-provider domains). */
  loginAutomation: z.boolean(),
});
export type BrowseJob = z.infer<typeof BrowseJob>;

export const CloseJob = JobBase;
export type CloseJob = z.infer<typeof CloseJob>;

export const JobFailure = z.object({
  ok: z.literal(false),
  error: z.object({ code: z.enum(ERROR_CODE_NAMES), message: z.string() }),
  workerId: z.string(),
});
export type JobFailure = z.infer<typeof JobFailure>;

export const BrowseJobResult = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    response: BrowseResponse,
    cache: z.enum(['HIT', 'MISS']),
    /** Tools actually run (their results are in the response): the billable tool count. */
    toolsRun: z.number().int().nonnegative(),
    workerId: z.string(),
  }),
  JobFailure,
]);
export type BrowseJobResult = z.infer<typeof BrowseJobResult>;

export const CloseJobResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), workerId: z.string() }),
  JobFailure,
]);
export type CloseJobResult = z.infer<typeof CloseJobResult>;

/**
 * The worker's announcement that it took a new-session job (the job's BullMQ progress): the
 * gateway waiting on the job watches this worker's heartbeat from then on.
 */
export const OwnerAnnouncement = z.object({ worker: z.string().min(1) });
export type OwnerAnnouncement = z.infer<typeof OwnerAnnouncement>;

/** Codes of tools that never ran: no such tool, params refused, a suspended tenant's sign-in tool. */
const NOT_RUN_CODES: ReadonlySet<string> = new Set(['UNKNOWN_TOOL', 'INVALID_PARAMS', 'LOGIN_AUTOMATION_SUSPENDED']);

/**
 * The billing rule for tool results, written once: a tool that does not exist, whose params were
 * refused, or whose sign-in a suspension refused never ran, so it is not billed. Everything else —
 * success or a tool's own failure on the page — ran, and is.
 */
export function toolRan(result: { error?: { code: string } | null | undefined }): boolean {
  return !NOT_RUN_CODES.has(result.error?.code ?? '');
}

/**
 * The tool calls of a browse job travel sealed (their params carry passwords); they are opened
 * only here, in memory, right before they run.
 */
import type { BrowseJob, ToolCall } from '@pagemap/contracts';
import { ToolCall as ToolCallSchema } from '@pagemap/contracts';
import type { Sealer } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import { z } from 'zod';
import type { JobError } from './failure';

const ToolCalls = z.array(ToolCallSchema);

/** The job's tool calls (none when it carries none), or an internal error when they cannot be opened. */
export function unsealCalls(sealer: Sealer, job: BrowseJob, log: Logger): ToolCall[] | JobError {
  if (!job.sealedCalls) return [];
  try {
    return ToolCalls.parse(sealer.unseal(job.sealedCalls));
  } catch {
    // Wrong payload key between gateway and worker: an operator problem, not the caller's.
    log.error(
      { requestId: job.requestId },
      'could not unseal tool calls (PAGEMAP_PAYLOAD_KEY differs between gateway and worker?)',
    );
    return { code: 'INTERNAL_ERROR', message: 'The request could not be processed.' };
  }
}

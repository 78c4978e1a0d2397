/**
 * Jobs travel sealed both ways. BullMQ keeps a job's data in its hash while it waits and runs,
 * writes its return value into the queue's `…:events` stream (kept up to the stream's maxLen)
 * and Redis copies every write into its append-only file. A payload holds the URL a session opens
 * (`?token=…`, magic links); a result holds everything a page showed (an account balance after a
 * login, page content, a base64 screenshot). So what BullMQ stores is `{ sealed }` only: the
 * catalog's JSON sealed with AES-256-GCM under PAGEMAP_PAYLOAD_KEY (sealing.ts), which never
 * touches Redis. Job names and ids stay in clear; they carry nothing a page showed.
 */
import { z } from 'zod';
import { JOB_CATALOG, parseJobPayload, type JobName, type JobPayload, type JobResult } from './catalog';
import type { Sealer } from './sealing';

/** What BullMQ stores as a job's data and as its return value. */
export const SealedEnvelope = z.object({ sealed: z.string().min(1) });
export type SealedEnvelope = z.infer<typeof SealedEnvelope>;

/** The data to hand to `queue.add`. */
export function sealJobPayload<N extends JobName>(sealer: Sealer, payload: JobPayload<N>): SealedEnvelope {
  return { sealed: sealer.seal(payload) };
}

/** A job's data as the worker takes it: unsealed, then checked against the catalog. Throws on anything else. */
export function openJobPayload<N extends JobName>(name: N, data: unknown, sealer: Sealer): JobPayload<N> {
  return parseJobPayload(name, sealer.unseal(SealedEnvelope.parse(data).sealed));
}

/** What the worker's processor returns to BullMQ. */
export function sealJobResult(sealer: Sealer, result: unknown): SealedEnvelope {
  return { sealed: sealer.seal(result) };
}

/** A result as the gateway reads it from the events stream: unsealed, then checked against the catalog. */
export function openJobResult<N extends JobName>(name: N, raw: unknown, sealer: Sealer): JobResult<N> {
  return JOB_CATALOG[name].result.parse(sealer.unseal(SealedEnvelope.parse(raw).sealed)) as JobResult<N>;
}

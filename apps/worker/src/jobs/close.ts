/**
 * The `close` job: ends a session this worker holds, after the work already queued on it — but
 * never waits on that work past its own deadline. A request still running on the session (a long
 * batch, its page stuck in a script, a protocol call that does not answer) must not keep the
 * session, nor the close job's consumer slot, for as long as it runs: the DELETE would answer 504,
 * be retried, and each retry would take another slot. Shortly before the close's deadline the
 * session is closed anyway; closing its context ends the work, which answers SESSION_NOT_FOUND
 * (browse.ts).
 */
import type { CloseJob, CloseJobResult } from '@pagemap/contracts';
import type { Logger } from '@pagemap/runtime';
import { withTimeout } from '@pagemap/runtime';
import type { SessionRegistry } from '../sessions/registry';
import { jobFailure, SESSION_GONE } from './failure';

/** Time kept back from the close's own deadline to close the session and answer, ms. */
const ANSWER_MARGIN_MS = 2_000;

export class CloseHandler {
  constructor(
    private readonly registry: Pick<SessionRegistry, 'get' | 'close'>,
    private readonly workerId: string,
    private readonly log: Logger,
  ) {}

  async close(job: CloseJob): Promise<CloseJobResult> {
    const session = this.registry.get(job.sessionId);
    if (!session || session.tenantId !== job.tenantId) return jobFailure(this.workerId, SESSION_GONE);
    // Wait for work already queued on the session (its answer goes out first), then close.
    const waited = await withTimeout(
      session.exclusive(async () => undefined),
      Math.max(0, job.deadlineAt - Date.now() - ANSWER_MARGIN_MS),
    );
    if (waited.timedOut) this.log.warn({ sessionId: job.sessionId }, 'closing a session whose work did not finish');
    const closed = await this.registry.close(job.sessionId, 'deleted');
    return closed ? { ok: true, workerId: this.workerId } : jobFailure(this.workerId, SESSION_GONE);
  }
}

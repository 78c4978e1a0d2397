/** The `close` job: ends a session this worker holds, after the work already queued on it. */
import type { CloseJob, CloseJobResult } from '@pagemap/contracts';
import type { SessionRegistry } from '../sessions/registry';
import { jobFailure, SESSION_GONE } from './failure';

export class CloseHandler {
  constructor(
    private readonly registry: SessionRegistry,
    private readonly workerId: string,
  ) {}

  async close(job: CloseJob): Promise<CloseJobResult> {
    const session = this.registry.get(job.sessionId);
    if (!session || session.tenantId !== job.tenantId) return jobFailure(this.workerId, SESSION_GONE);
    // Wait for work already queued on the session, then close.
    await session.exclusive(async () => undefined);
    const closed = await this.registry.close(job.sessionId, 'deleted');
    return closed ? { ok: true, workerId: this.workerId } : jobFailure(this.workerId, SESSION_GONE);
  }
}

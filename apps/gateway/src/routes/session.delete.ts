/** DELETE /v1/session/{id} — closes a session at once and frees its browser context. */
import { PagemapError, SessionId } from '@pagemap/contracts';
import { readSession } from '@pagemap/queue';
import { defineRoute } from '../http/route';

export default defineRoute({
  method: 'delete',
  path: '/v1/session/:id',
  access: 'any',
  async handler({ req, res, principal, services, requestId }) {
    const { redis, keys, dispatcher, env } = services;
    const parsed = SessionId.safeParse(req.params.id);
    const notFound = new PagemapError('SESSION_NOT_FOUND', 'Session not found or expired.');
    if (!parsed.success) throw notFound;
    const entry = await readSession(redis, keys, parsed.data);
    if (!entry || entry.tenant !== principal.tenant.id || (await redis.exists(keys.worker(entry.worker))) === 0) throw notFound;
    const result = await dispatcher.run('close', { requestId, tenantId: principal.tenant.id, sessionId: parsed.data, deadlineAt: Date.now() + env.PAGEMAP_REQUEST_TIMEOUT_MS }, entry.worker);
    if (!result.ok) throw new PagemapError(result.error.code, result.error.message);
    res.status(200).json({ status: 'closed' });
  },
});

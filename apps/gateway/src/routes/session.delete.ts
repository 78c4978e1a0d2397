/** DELETE /v1/session/{id} — closes a session at once and frees its browser context. */
import { PagemapError } from '@pagemap/contracts';
import { defineRoute } from '../http/route';

export default defineRoute({
  method: 'delete',
  path: '/v1/session/:id',
  access: 'any',
  async handler({ req, res, principal, services, requestId }) {
    const { directory, dispatcher, env } = services;
    const sessionId = String(req.params.id);
    const owner = await directory.ownerOf(principal.tenant.id, sessionId);
    const result = await dispatcher.run(
      'close',
      { requestId, tenantId: principal.tenant.id, sessionId, deadlineAt: Date.now() + env.PAGEMAP_REQUEST_TIMEOUT_MS },
      owner,
    );
    if (!result.ok) throw new PagemapError(result.error.code, result.error.message);
    res.status(200).json({ status: 'closed' });
  },
});

/**
 * POST /v1/browse — open a page in a new session (`url`) or resume one (`session_id`), run the
 * requested tool or batch, answer with the page map. Billing: one action for a page opened,
 * one per tool run; reserved before any work, the unrun remainder given back after.
 */
import { randomBytes } from 'node:crypto';
import { BrowseRequest, PagemapError, toolCallsOf } from '@pagemap/contracts';
import { readSession } from '@pagemap/queue';
import { defineRoute } from '../http/route';

/** Session ids: 144 random bits, base64url (24 characters). */
export function newSessionId(): string {
  return randomBytes(18).toString('base64url');
}

export default defineRoute({
  method: 'post',
  path: '/v1/browse',
  access: 'any',
  body: BrowseRequest,
  async handler({ res, body, principal, services, requestId }) {
    const { dispatcher, meter, keys, redis, sealer, env, metrics } = services;
    const calls = toolCallsOf(body);
    if (calls.length > 0 && principal.scope === 'playground') {
      throw new PagemapError('FORBIDDEN', 'Playground tokens can observe pages but cannot execute tools; use a full API key.');
    }

    // Follow-ups go to the worker that owns the session. Unknown, other tenant's, expired and
    // dead-owner sessions all answer the same 404: no oracle for ids of other tenants.
    let owner: string | undefined;
    if (body.session_id !== undefined) {
      const entry = await readSession(redis, keys, body.session_id);
      const alive = entry ? (await redis.exists(keys.worker(entry.worker))) === 1 : false;
      if (!entry || entry.tenant !== principal.tenant.id || !alive || entry.expires_at <= Date.now()) {
        throw new PagemapError('SESSION_NOT_FOUND', 'Session not found or expired.');
      }
      owner = entry.worker;
    }

    const reserved = await meter.reserve(res, principal.tenant, body.url !== undefined ? 1 : 0, calls.length);
    const deadlineAt = Date.now() + env.PAGEMAP_REQUEST_TIMEOUT_MS;
    const payload = {
      requestId,
      tenantId: principal.tenant.id,
      sessionId: body.session_id ?? newSessionId(),
      deadlineAt,
      ...(body.url !== undefined ? { url: body.url } : {}),
      // Tool params carry passwords: sealed before they reach Redis.
      ...(calls.length > 0 ? { sealedCalls: sealer.seal(calls) } : {}),
      toolCount: calls.length,
      includePageContent: body.include_page_content ?? false,
      loginAutomation: principal.tenant.loginAutomation,
    };
    const started = performance.now();
    let result;
    try {
      result = owner === undefined ? await dispatcher.run('open', payload) : await dispatcher.run('browse', payload, owner);
    } catch (err) {
      await meter.settle(res, reserved, null, err instanceof PagemapError ? err.code : 'INTERNAL_ERROR');
      metrics.jobWaitSeconds.observe({ kind: owner ? 'browse' : 'open', outcome: 'error' }, (performance.now() - started) / 1000);
      throw err;
    }
    metrics.jobWaitSeconds.observe({ kind: owner ? 'browse' : 'open', outcome: result.ok ? 'ok' : result.error.code }, (performance.now() - started) / 1000);
    if (!result.ok) {
      await meter.settle(res, reserved, null, result.error.code);
      throw new PagemapError(result.error.code, result.error.message);
    }
    await meter.settle(res, reserved, { pages: reserved.pages, tools: result.toolsRun }, 'not_run');
    res.setHeader('X-Cache', result.cache);
    res.status(200).json(result.response);
  },
});

/**
 * POST /v1/browse — open a page in a new session (`url`) or resume one (`session_id`), run the
 * requested tool or batch, answer with the page map. Billing: one action for a page opened,
 * one per tool run; reserved before any work, the unrun remainder given back after.
 */
import { randomBytes } from 'node:crypto';
import { BrowseRequest, PagemapError, toolCallsOf, type ToolResult } from '@pagemap/contracts';
import type { Tenant } from '@pagemap/accounts';
import { readSession } from '@pagemap/queue';
import { defineRoute } from '../http/route';
import type { GatewayServices } from '../services';

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
    const { dispatcher, meter, keys, redis, sealer, env, metrics, accounts } = services;
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

    // A new session takes one of the tenant's open-session slots first (atomic across replicas);
    // the slot is held until the request's deadline, when the worker's real expiry replaces it.
    const sessionId = body.session_id ?? newSessionId();
    const deadlineAt = Date.now() + env.PAGEMAP_REQUEST_TIMEOUT_MS;
    const opening = owner === undefined;
    if (opening) await takeSessionSlot(services, principal.tenant, sessionId, env.PAGEMAP_REQUEST_TIMEOUT_MS + 5_000);
    let reserved;
    try {
      reserved = await meter.reserve(res, principal.tenant, body.url !== undefined ? 1 : 0, calls.length);
    } catch (err) {
      if (opening) await accounts.releaseSessionSlot(principal.tenant, sessionId).catch(() => undefined);
      throw err;
    }
    const payload = {
      requestId,
      tenantId: principal.tenant.id,
      sessionId,
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
      result = owner === undefined ? await dispatcher.run('open', payload) : await dispatcher.run('resume', payload, owner);
    } catch (err) {
      if (opening) await accounts.releaseSessionSlot(principal.tenant, sessionId).catch(() => undefined);
      await meter.settle(res, reserved, null, err instanceof PagemapError ? err.code : 'INTERNAL_ERROR');
      metrics.jobWaitSeconds.observe({ kind: owner ? 'browse' : 'open', outcome: 'error' }, (performance.now() - started) / 1000);
      throw err;
    }
    metrics.jobWaitSeconds.observe({ kind: owner ? 'browse' : 'open', outcome: result.ok ? 'ok' : result.error.code }, (performance.now() - started) / 1000);
    if (!result.ok) {
      // The worker removes sessions it opened and then closed; this covers refusals before opening.
      if (opening) await accounts.releaseSessionSlot(principal.tenant, sessionId).catch(() => undefined);
      await meter.settle(res, reserved, null, result.error.code);
      throw new PagemapError(result.error.code, result.error.message);
    }
    // Billed: the page opened (new sessions) and the tools that actually ran. The worker does not
    // count UNKNOWN_TOOL / INVALID_PARAMS results, nor tools a cut batch never reached.
    await meter.settle(res, reserved, { pages: reserved.pages, tools: Math.min(result.toolsRun, billableResults(result.response.results)) }, 'not_run');
    res.setHeader('X-Cache', result.cache);
    res.status(200).json(result.response);
  },
});

/** Results that stand for a tool that ran: everything except "no such tool" and "bad params". */
export function billableResults(results: ToolResult[] | undefined): number {
  if (!results) return 0;
  return results.filter((r) => r.error?.code !== 'UNKNOWN_TOOL' && r.error?.code !== 'INVALID_PARAMS').length;
}

/**
 * Takes an open-session slot or refuses with 429 SESSION_LIMIT_EXCEEDED. Before refusing, slots of
 * sessions whose worker is dead are given back (their directory entry outlives the worker until
 * the session's own expiry), so a crashed worker does not lock a tenant out.
 */
async function takeSessionSlot(services: GatewayServices, tenant: Tenant, sessionId: string, holdMs: number): Promise<void> {
  const { accounts, redis, keys } = services;
  let slot = await accounts.reserveSessionSlot(tenant, sessionId, holdMs);
  if (!slot.admitted) {
    let freed = 0;
    for (const { sessionId: id } of await accounts.openSessions(tenant.id)) {
      const entry = await readSession(redis, keys, id);
      // No entry: a slot held for an open in progress (or already closed) — leave it.
      if (entry && (await redis.exists(keys.worker(entry.worker))) === 0) {
        await accounts.releaseSessionSlot(tenant, id);
        freed += 1;
      }
    }
    if (freed > 0) slot = await accounts.reserveSessionSlot(tenant, sessionId, holdMs);
  }
  if (!slot.admitted) {
    throw new PagemapError(
      'SESSION_LIMIT_EXCEEDED',
      `The account already has ${slot.open} open session(s), the most its plan allows (${slot.limit}). Close one with DELETE /v1/session/{id} or wait for one to expire.`,
      { retryAfterS: slot.retryAfterS },
    );
  }
}

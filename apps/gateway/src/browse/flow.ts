/**
 * The path of one POST /v1/browse through the gateway, step by step: refuse tools to playground
 * tokens, find the session's owner (follow-ups) or take an open-session slot (new sessions),
 * reserve the actions, run the job on a worker, settle the bill, and give the slot back if no
 * session came of it. Billing: one action for a page opened, one per tool run; reserved before
 * any work, the unrun remainder given back after.
 */
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import {
  PagemapError,
  screenshotOptionsOf,
  toolCallsOf,
  toolRan,
  type BrowseRequest,
  type BrowseResponse,
  type ToolResult,
} from '@pagemap/contracts';
import type { AccountStore, Tenant } from '@pagemap/accounts';
import type { JobPayload, Sealer, SessionDirectory } from '@pagemap/queue';
import type { Principal } from '../auth/principal';
import type { Dispatcher } from '../dispatch/dispatcher';
import type { GatewayEnv } from '../env';
import type { GatewayMetrics } from '../metrics';
import type { Reserved, UsageMeter } from '../usage/meter';

export interface BrowseFlowDeps {
  env: Pick<GatewayEnv, 'PAGEMAP_REQUEST_TIMEOUT_MS'>;
  accounts: AccountStore;
  directory: SessionDirectory;
  dispatcher: Dispatcher;
  meter: UsageMeter;
  sealer: Sealer;
  metrics: GatewayMetrics;
}

export interface BrowseInput {
  /** Carries the X-Usage-* headers the meter sets. */
  res: Response;
  body: BrowseRequest;
  principal: Principal;
  requestId: string;
}

export interface BrowseAnswer {
  response: BrowseResponse;
  /** The X-Cache header: whether the page map came from the cache. */
  cache: string;
}

/** How much longer than the request deadline a new session's provisional slot is held. */
const SLOT_HOLD_MARGIN_MS = 5_000;

/** Session ids: 144 random bits, base64url (24 characters). */
export function newSessionId(): string {
  return randomBytes(18).toString('base64url');
}

/** Results that stand for a tool that ran (the billing rule, `toolRan`, lives in contracts). */
export function billableResults(results: ToolResult[] | undefined): number {
  if (!results) return 0;
  return results.filter(toolRan).length;
}

export class BrowseFlow {
  constructor(private readonly deps: BrowseFlowDeps) {}

  async run({ res, body, principal, requestId }: BrowseInput): Promise<BrowseAnswer> {
    const { env, directory, meter, sealer } = this.deps;
    const tenant = principal.tenant;
    const calls = toolCallsOf(body);
    if (calls.length > 0 && principal.scope === 'playground') {
      throw new PagemapError(
        'FORBIDDEN',
        'Playground tokens can observe pages but cannot execute tools; use a full API key.',
      );
    }

    // Follow-ups go to the worker that owns the session (SESSION_NOT_FOUND otherwise); a new
    // session first takes one of the tenant's open-session slots, held until the request's
    // deadline, when the worker's real expiry replaces it.
    const owner = body.session_id === undefined ? undefined : await directory.ownerOf(tenant.id, body.session_id);
    const sessionId = body.session_id ?? newSessionId();
    const deadlineAt = Date.now() + env.PAGEMAP_REQUEST_TIMEOUT_MS;
    if (owner === undefined) await this.#takeSlot(tenant, sessionId);

    let sessionOpened = false;
    try {
      const reserved = await meter.reserve(res, tenant, body.url !== undefined ? 1 : 0, calls.length);
      const screenshot = screenshotOptionsOf(body.screenshot);
      const payload: JobPayload<'open'> = {
        requestId,
        tenantId: tenant.id,
        sessionId,
        deadlineAt,
        ...(body.url !== undefined ? { url: body.url } : {}),
        // Tool params carry passwords: sealed before they reach Redis.
        ...(calls.length > 0 ? { sealedCalls: sealer.seal(calls) } : {}),
        toolCount: calls.length,
        includePageContent: body.include_page_content ?? false,
        ...(screenshot ? { screenshot } : {}),
        loginAutomation: tenant.loginAutomation,
      };
      const answer = await this.#runBilled(res, reserved, payload, owner);
      sessionOpened = true;
      return answer;
    } finally {
      // Any failure of a new session gives its slot back. (The worker removes sessions it opened
      // and then closed; this covers refusals before opening.)
      if (owner === undefined && !sessionOpened)
        await directory.releaseSlot(tenant.id, sessionId).catch(() => undefined);
    }
  }

  /** Takes an open-session slot or refuses with 429 SESSION_LIMIT_EXCEEDED. */
  async #takeSlot(tenant: Tenant, sessionId: string): Promise<void> {
    const limit = this.deps.accounts.plan(tenant).maxOpenSessions;
    const slot = await this.deps.directory.takeSlot(
      tenant.id,
      sessionId,
      limit,
      this.deps.env.PAGEMAP_REQUEST_TIMEOUT_MS + SLOT_HOLD_MARGIN_MS,
    );
    if (!slot.admitted) {
      throw new PagemapError(
        'SESSION_LIMIT_EXCEEDED',
        `The account already has ${slot.open} open session(s), the most its plan allows (${slot.limit}). Close one with DELETE /v1/session/{id} or wait for one to expire.`,
        { retryAfterS: slot.retryAfterS },
      );
    }
  }

  /**
   * Runs the job and settles the reservation once, whatever happens: billed are the page opened
   * (new sessions) and the tools that actually ran — the worker does not count UNKNOWN_TOOL /
   * INVALID_PARAMS results, nor tools a cut batch never reached. A failure bills nothing.
   */
  async #runBilled(
    res: Response,
    reserved: Reserved,
    payload: JobPayload<'open'>,
    owner: string | undefined,
  ): Promise<BrowseAnswer> {
    let performed: { pages: number; tools: number } | null = null;
    let reason = 'not_run';
    try {
      const result = await this.#dispatch(payload, owner);
      if (!result.ok) throw new PagemapError(result.error.code, result.error.message);
      performed = { pages: reserved.pages, tools: Math.min(result.toolsRun, billableResults(result.response.results)) };
      return { response: result.response, cache: result.cache };
    } catch (err) {
      reason = err instanceof PagemapError ? err.code : 'INTERNAL_ERROR';
      throw err;
    } finally {
      await this.deps.meter.settle(res, reserved, performed, reason);
    }
  }

  /** New sessions go on the shared queue, follow-ups to their owner; the wait is measured either way. */
  async #dispatch(payload: JobPayload<'open'>, owner: string | undefined) {
    const { dispatcher, metrics } = this.deps;
    const kind = owner === undefined ? 'open' : 'browse';
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const result =
        owner === undefined ? await dispatcher.run('open', payload) : await dispatcher.run('resume', payload, owner);
      metrics.jobWaitSeconds.observe({ kind, outcome: result.ok ? 'ok' : result.error.code }, seconds());
      return result;
    } catch (err) {
      metrics.jobWaitSeconds.observe({ kind, outcome: 'error' }, seconds());
      throw err;
    }
  }
}

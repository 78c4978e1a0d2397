/**
 * The browse handlers: open a session on a URL, or resume one; run the requested tools in order
 * (stopping early on navigation or when the batch's time budget runs out); answer with a fresh
 * page map. Business failures are returned as `{ok: false, error}` results, never thrown: a throw
 * means a bug, and the gateway answers those with a generic 500.
 */
import type { BrowseJob, BrowseJobResult, BrowseResponse, ErrorCode, ToolCall, ToolResult, StoppedReason } from '@pagemap/contracts';
import { ToolCall as ToolCallSchema } from '@pagemap/contracts';
import { extractPageMap, runTool, type PageMap, type Summarizer } from '@pagemap/page-map';
import type { Sealer } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { HTTPRequest } from 'puppeteer-core';
import { z } from 'zod';
import type { OutboundGuard } from '../browser/outbound-guard';
import { REFUSED_HEADER } from '../browser/egress-proxy';
import type { IdpPolicy } from '../browser/idp-domains';
import type { SessionRegistry } from '../sessions/registry';
import type { Session } from '../sessions/session';
import type { WorkerMetrics } from '../metrics';
import type { PageMapCache } from './page-map-cache';

export interface BrowseDeps {
  workerId: string;
  registry: SessionRegistry;
  guard: OutboundGuard;
  idp: IdpPolicy;
  summarizer: Summarizer;
  sealer: Sealer;
  cache: PageMapCache;
  metrics: WorkerMetrics;
  log: Logger;
  timeouts: { navigationMs: number; toolMs: number; batchMs: number };
}

type Failure = Extract<BrowseJobResult, { ok: false }>;

export class BrowseHandler {
  constructor(private readonly deps: BrowseDeps) {}

  fail(code: ErrorCode, message: string): Failure {
    return { ok: false, error: { code, message }, workerId: this.deps.workerId };
  }

  /** A new session: open, navigate, check for blocks, run tools, answer. */
  async open(job: BrowseJob, log: Logger): Promise<BrowseJobResult> {
    const { registry, metrics } = this.deps;
    const url = job.url;
    if (!url) return this.fail('INVALID_REQUEST', 'a new session needs `url`');
    const refused = await this.#refuseTarget(url, job.loginAutomation);
    if (refused) return refused;
    const calls = this.#unsealCalls(job);
    if (!Array.isArray(calls)) return calls;

    const session = await registry.open(job.sessionId, job.tenantId);
    return session.exclusive(() =>
      this.#crashSafe(session, async () => {
        const status = await this.#navigate(session, url);
        if (typeof status !== 'number') {
          await registry.close(session.id, 'open_failed');
          return status;
        }
        const map = await extractPageMap(session.page, { includeContent: job.includePageContent && calls.length === 0, status });
        if (map.block) {
          metrics.blocks.inc({ kind: map.block.kind });
          await registry.close(session.id, 'open_failed');
          const what = map.block.kind === 'challenge' ? `a bot-verification challenge (${map.block.vendor})` : `an access-denied page (${map.block.vendor})`;
          return this.fail('SITE_BLOCKED', `The site served ${what} instead of content. Retrying from this service meets the same block. Not billed.`);
        }
        log.debug({ sessionId: session.id, tools: map.tools.length }, 'page opened');
        return this.#runAndAnswer(session, map, calls, job);
      }),
    );
  }

  /** A follow-up on a session this worker owns. */
  async resume(job: BrowseJob, log: Logger): Promise<BrowseJobResult> {
    const session = this.deps.registry.get(job.sessionId);
    if (!session || session.tenantId !== job.tenantId) return this.fail('SESSION_NOT_FOUND', 'Session not found or expired.');
    const calls = this.#unsealCalls(job);
    if (!Array.isArray(calls)) return calls;
    return session.exclusive(() =>
      this.#crashSafe(session, async () => {
        if (session.closed) return this.fail('SESSION_NOT_FOUND', 'Session not found or expired.');
        await this.deps.registry.touch(session);
        const map = session.pageMap ?? (await extractPageMap(session.page, { includeContent: false }));
        log.debug({ sessionId: session.id, calls: calls.length }, 'session resumed');
        return this.#runAndAnswer(session, map, calls, job);
      }),
    );
  }

  /**
   * Runs a job's work on a session. If the browser crashed under it (the registry closed the
   * session with reason browser_crash), whatever the work returned or threw is replaced by a
   * clean WORKER_LOST: the session is gone and the caller must open a new one.
   */
  async #crashSafe(session: Session, work: () => Promise<BrowseJobResult>): Promise<BrowseJobResult> {
    const lost = () => this.fail('WORKER_LOST', 'The browser serving this session crashed; the session is gone. Nothing was billed; open a new session and retry.');
    try {
      const result = await work();
      return session.closeReason === 'browser_crash' ? lost() : result;
    } catch (err) {
      if (session.closeReason === 'browser_crash' || !session.context.browser().connected) {
        // The crash listener may not have run yet when the page call failed: close it ourselves.
        await this.deps.registry.close(session.id, 'browser_crash');
        return lost();
      }
      throw err;
    }
  }

  async #refuseTarget(url: string, loginAutomation: boolean): Promise<Failure | null> {
    if (!loginAutomation && this.deps.idp.isIdentityProvider(url)) {
      this.deps.metrics.blocks.inc({ kind: 'domain' });
      return this.fail('DOMAIN_BLOCKED', 'The target is a dedicated identity-provider domain and login automation is not enabled for this account.');
    }
    const verdict = await this.deps.guard.check(url);
    if (!verdict.allowed) {
      this.deps.metrics.blocks.inc({ kind: 'outbound' });
      return this.fail('TARGET_NOT_ALLOWED', `The target is not a public http(s) address: ${verdict.reason}.`);
    }
    return null;
  }

  /** Navigates the session's page; the main document's HTTP status, or a failure. */
  async #navigate(session: Session, url: string): Promise<number | Failure> {
    // The last main-frame document request: after a redirect, the address the egress proxy judged.
    let lastDocument = url;
    const onRequest = (r: HTTPRequest) => {
      if (r.isNavigationRequest() && r.frame() === session.page.mainFrame()) lastDocument = r.url();
    };
    session.page.on('request', onRequest);
    try {
      const response = await session.page.goto(url, { waitUntil: 'load', timeout: this.deps.timeouts.navigationMs });
      // A redirect to a refused address: the egress proxy answered for it (plain http).
      if (response?.headers()[REFUSED_HEADER] === 'refused') return this.#targetRefused('a redirect led to a refused address');
      return response?.status() ?? 200;
    } catch (err) {
      const reason = err instanceof Error ? err.message.split('\n')[0]! : 'navigation failed';
      // A refused tunnel (https, or a redirect to one) surfaces as a failed tunnel: say why.
      if (/ERR_TUNNEL_CONNECTION_FAILED|ERR_UNSAFE_REDIRECT|ERR_UNKNOWN_URL_SCHEME/.test(reason)) {
        // The navigation's failure can reach us before the request event of the redirect that
        // caused it: let pending protocol events arrive before judging the last document.
        await new Promise((r) => setTimeout(r, 100));
        const verdict = await this.deps.guard.check(lastDocument);
        if (!verdict.allowed) return this.#targetRefused(verdict.reason);
      }
      return this.fail('NAVIGATION_FAILED', `The page could not be loaded: ${reason.replace(/ at https?:\/\/\S+/, '')}`);
    } finally {
      session.page.off('request', onRequest);
    }
  }

  #targetRefused(reason: string): Failure {
    this.deps.metrics.blocks.inc({ kind: 'outbound' });
    return this.fail('TARGET_NOT_ALLOWED', `The target is not a public http(s) address: ${reason}.`);
  }

  #unsealCalls(job: BrowseJob): ToolCall[] | Failure {
    if (!job.sealedCalls) return [];
    try {
      return z.array(ToolCallSchema).parse(this.deps.sealer.unseal(job.sealedCalls));
    } catch {
      // Wrong payload key between gateway and worker: an operator problem, not the caller's.
      this.deps.log.error({ requestId: job.requestId }, 'could not unseal tool calls (PAGEMAP_PAYLOAD_KEY differs between gateway and worker?)');
      return this.fail('INTERNAL_ERROR', 'The request could not be processed.');
    }
  }

  async #runAndAnswer(session: Session, map: PageMap, calls: ToolCall[], job: BrowseJob): Promise<BrowseJobResult> {
    const { metrics, timeouts } = this.deps;
    const results: ToolResult[] = [];
    let stopped: StoppedReason | undefined;
    let current = map;
    let toolsRun = 0;

    if (calls.length > 0) {
      const cookiesBefore = await cookieFingerprint(session);
      const batchDeadline = Date.now() + timeouts.batchMs;
      for (let i = 0; i < calls.length; i++) {
        const call = calls[i]!;
        const remaining = batchDeadline - Date.now();
        if (remaining <= 0) {
          stopped = 'timeout';
          break;
        }
        const outcome = await withDeadline(
          runTool(session.page, current, call, {
            timeoutMs: Math.min(timeouts.toolMs, remaining),
            checkUrl: (target) => {
              if (this.deps.idp.isIdentityProvider(target) && !job.loginAutomation) return { code: 'NOT_ALLOWED', message: 'That address is a dedicated identity-provider domain and login automation is not enabled for this account.' };
              // Other schemes and non-public literal addresses; host names are judged on connection by the egress proxy.
              const quick = this.deps.guard.quickCheck(target);
              return quick.allowed ? null : { code: 'NOT_ALLOWED', message: `That address is not a public http(s) address: ${quick.reason}.` };
            },
          }),
          remaining,
        );
        toolsRun += 1;
        if (outcome === 'timeout') {
          results.push({ tool: call.tool, success: false, error: { code: 'TOOL_TIMEOUT', message: 'The batch\'s time budget ran out while this tool was running.' } });
          metrics.toolOutcomes.inc({ code: 'TOOL_TIMEOUT' });
          stopped = 'timeout';
          break;
        }
        results.push(outcome.result);
        metrics.toolOutcomes.inc({ code: outcome.result.error?.code ?? 'ok' });
        // The tool used up what was left of the batch's budget (its own limit was the remainder):
        // the batch stopped on its time budget, even if this was its last tool.
        if (outcome.result.error?.code === 'TOOL_TIMEOUT' && batchDeadline - Date.now() <= 50) {
          stopped = 'timeout';
          break;
        }
        if (outcome.result.error?.code === 'UNKNOWN_TOOL' || outcome.result.error?.code === 'INVALID_PARAMS') toolsRun -= 1; // never ran: not billed
        if (outcome.login) session.authenticated = true;
        if (outcome.navigated) {
          if (i < calls.length - 1) stopped = 'navigation';
          break;
        }
      }
      if (stopped) metrics.batchStops.inc({ reason: stopped });
      if (!session.authenticated && (await cookieFingerprint(session)) !== cookiesBefore) session.authenticated = true;
      current = await extractPageMap(session.page, { includeContent: job.includePageContent });
    } else if (job.includePageContent && current.markdown === undefined) {
      current = await extractPageMap(session.page, { includeContent: true });
    }
    session.pageMap = current;

    const { summary, cache } = await this.#summary(session, current);
    // The request ends now: the idle time-out counts from here.
    await this.deps.registry.touch(session);
    const response: BrowseResponse = {
      session_id: session.id,
      expires_at: new Date(session.expiresAt()).toISOString(),
      url: current.url,
      title: current.title,
      summary,
      tools: current.tools.map((t) => t.tool),
      ...(job.includePageContent && current.markdown !== undefined ? { page_content: current.markdown } : {}),
      ...(calls.length > 0 ? { results } : {}),
      ...(stopped ? { stopped_reason: stopped } : {}),
    };
    return { ok: true, response, cache, toolsRun, workerId: this.deps.workerId };
  }

  /**
   * The page's summary: from the shared page-map cache for anonymous sessions when the same page
   * (URL + structure) was summarized before, otherwise from the summarizer.
   */
  async #summary(session: Session, map: PageMap): Promise<{ summary: string; cache: 'HIT' | 'MISS' }> {
    const { cache, summarizer, metrics } = this.deps;
    const cacheable = !session.authenticated;
    if (cacheable) {
      const hit = await cache.get(map);
      if (hit) {
        metrics.cacheLookups.inc({ result: 'hit' });
        return { summary: hit.summary, cache: 'HIT' };
      }
      metrics.cacheLookups.inc({ result: 'miss' });
    } else {
      metrics.cacheLookups.inc({ result: 'bypass' });
    }
    const started = performance.now();
    const out = await summarizer.summarize({ url: map.url, title: map.title, text: map.text });
    metrics.summarySeconds.observe({ source: out.source }, (performance.now() - started) / 1000);
    if (out.source === 'fallback') metrics.summaryFallbacks.inc();
    if (cacheable) await cache.put(map, { summary: out.summary });
    return { summary: out.summary, cache: 'MISS' };
  }
}

async function cookieFingerprint(session: Session): Promise<string> {
  try {
    const cookies = await session.context.cookies();
    return cookies.map((c) => `${c.domain}|${c.path}|${c.name}|${c.value}`).sort().join('\n');
  } catch {
    return '';
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

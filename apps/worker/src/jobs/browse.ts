/**
 * The browse route's two jobs: `open` a new session on a URL, or `resume` one this worker holds.
 * Either runs the requested tools (batch-runner) and answers with a fresh page map (page-answer).
 * This module owns the session's side of it: opening and closing, the one-job-at-a-time lock,
 * turning a browser crash into WORKER_LOST, and when the idle time-out starts counting.
 */
import type { BrowseJob, BrowseJobResult, JobFailure, ToolCall } from '@pagemap/contracts';
import { dialogsOf, extractPageMap, loadInFull, type PageMap } from '@pagemap/page-map';
import type { Sealer } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { SessionRegistry } from '../sessions/registry';
import type { Session } from '../sessions/session';
import type { WorkerMetrics } from '../metrics';
import type { BatchOutcome, BatchRunner } from './batch-runner';
import type { LoginGuard } from './login-guard';
import type { JobContext } from './consumers';
import { jobFailure, SESSION_GONE, type JobError } from './failure';
import type { PhaseClock } from '../telemetry/phases';
import { openFirstPage } from './first-page';
import { browseResponse, pageAfter, type PageSummaries } from './page-answer';
import { shareable } from './page-map-cache';
import { redactEchoes } from './redact-echoes';
import { DocumentWatch } from './document-watch';
import { takeScreenshot, type ScreenshotBounds } from './screenshot';
import { unsealCalls } from './sealed-calls';
import type { TargetPolicy } from './target-policy';

export interface BrowseDeps {
  workerId: string;
  registry: SessionRegistry;
  policy: TargetPolicy;
  sealer: Sealer;
  batch: BatchRunner;
  /** Refuses sign-in tools of suspended tenants and feeds the abuse signals (absent in some tests). */
  loginGuard?: LoginGuard;
  summaries: PageSummaries;
  metrics: WorkerMetrics;
  log: Logger;
  navigationMs: number;
  /** Longest wait for a loaded page that is still rendering (see extractPageMap's awaitRenderMs). */
  renderWaitMs: number;
  screenshots: ScreenshotBounds;
}

/** A session closed under its job because the worker's heartbeat had lapsed (Heartbeat). */
const DECLARED_GONE: JobError = {
  code: 'WORKER_LOST',
  message:
    'This browser worker was out of touch with the service for a while and its sessions were ended. Nothing was billed; open a new session and retry.',
};

export class BrowseHandler {
  constructor(private readonly deps: BrowseDeps) {}

  /** A new session: refuse disallowed targets, open, navigate, check for blocks, run tools, answer. */
  async open(job: BrowseJob, { log, phases }: JobContext): Promise<BrowseJobResult> {
    const { registry, policy } = this.deps;
    const url = job.url;
    if (!url) return this.#fail({ code: 'INVALID_REQUEST', message: 'a new session needs `url`' });
    const refused = await phases.time('target_check', () => policy.refuseOpen(url, job.loginAutomation));
    if (refused) return this.#fail(refused);
    const calls = unsealCalls(this.deps.sealer, job, this.deps.log);
    if (!Array.isArray(calls)) return this.#fail(calls);

    const session = await registry.open(job.sessionId, job.tenantId, phases);
    try {
      return await session.exclusive(() =>
        this.#crashSafe(session, () => this.#firstPage(session, job, url, calls, { log, phases })),
      );
    } finally {
      session.opening = false; // answered: from now on a client may hold its id
    }
  }

  /** The new session's first page loaded, checked for blocks, its tools run and its answer made. */
  async #firstPage(
    session: Session,
    job: BrowseJob,
    url: string,
    calls: ToolCall[],
    { log, phases }: JobContext,
  ): Promise<BrowseJobResult> {
    const { registry, metrics, policy } = this.deps;
    // A screenshot needs the images, media and fonts light loading leaves out: load in full.
    if (job.screenshot) await loadInFull(session.page);
    const map = await openFirstPage(session.page, url, policy, this.deps.navigationMs, phases, {
      includeContent: job.includePageContent && calls.length === 0,
      onTiming: phases.extractTiming,
      awaitRenderMs: this.deps.renderWaitMs,
    });
    if ('code' in map) {
      await registry.close(session.id, 'open_failed');
      return this.#fail(map);
    }
    if (map.block) {
      metrics.blocks.inc({ kind: map.block.kind });
      await registry.close(session.id, 'open_failed');
      const what =
        map.block.kind === 'challenge'
          ? `a bot-verification challenge (${map.block.vendor})`
          : `an access-denied page (${map.block.vendor})`;
      return this.#fail({
        code: 'SITE_BLOCKED',
        message: `The site served ${what} instead of content. Retrying from this service meets the same block. Not billed.`,
      });
    }
    log.debug({ sessionId: session.id, tools: map.tools.length }, 'page opened');
    return this.#runAndAnswer(session, map, calls, job, phases);
  }

  /** A follow-up on a session this worker holds: run tools on its page, answer. */
  async resume(job: BrowseJob, { log, phases }: JobContext): Promise<BrowseJobResult> {
    const session = this.deps.registry.get(job.sessionId);
    if (!session || session.tenantId !== job.tenantId) return this.#fail(SESSION_GONE);
    const calls = unsealCalls(this.deps.sealer, job, this.deps.log);
    if (!Array.isArray(calls)) return this.#fail(calls);
    return session.exclusive(() =>
      this.#crashSafe(session, async () => {
        if (session.closed) return this.#fail(SESSION_GONE);
        // Not idle while it runs (a long batch must not outlive the entry's expiry); not waited for.
        void this.deps.registry.touch(session);
        const map =
          session.pageMap ??
          (await extractPageMap(session.page, { includeContent: false, onTiming: phases.extractTiming }));
        log.debug({ sessionId: session.id, calls: calls.length }, 'session resumed');
        return this.#runAndAnswer(session, map, calls, job, phases);
      }),
    );
  }

  /** Runs the request's tools; the session counts as having acted from now on. */
  async #runBatch(session: Session, map: PageMap, calls: ToolCall[], job: BrowseJob): Promise<BatchOutcome> {
    // Whatever the tools do (a form posted, storage written, a sign-in by cookies), the session's
    // pages may now show it: from now on it never shares the page-map cache (page-map-cache.ts).
    session.acted = true;
    const documents = new DocumentWatch(session.page);
    let out: BatchOutcome;
    try {
      out = await this.deps.batch.run(
        session.page,
        map,
        calls,
        this.deps.policy.toolTargets(job.loginAutomation),
        this.deps.loginGuard?.forJob(job.tenantId, session.page.url()),
      );
    } finally {
      documents.detach();
    }
    // A navigation that ended on the proxy's refusal or its 502 is a failed tool, and not billed.
    const failure = await documents.failure(this.deps.policy);
    const last = out.results.at(-1);
    if (failure && last && (last.success || last.error?.code === 'NAVIGATION_FAILED')) {
      out.results[out.results.length - 1] = { tool: last.tool, success: false, error: failure };
      out.toolsRun -= 1;
    }
    // A dialog may echo a value typed by any tool of the batch, as typed or disguised: redact all.
    dialogsOf(session.page).redact((m) => redactEchoes(m, calls));
    if (out.loggedIn) session.authenticated = true;
    return out;
  }

  #fail(error: JobError): JobFailure {
    return jobFailure(this.deps.workerId, error);
  }

  /**
   * Runs a job's work on a session. If the browser crashed under it (the registry closed the
   * session with reason browser_crash), whatever the work returned or threw is replaced by a
   * clean WORKER_LOST: the session is gone and the caller must open a new one.
   */
  async #crashSafe(session: Session, work: () => Promise<BrowseJobResult>): Promise<BrowseJobResult> {
    const lost = () =>
      this.#fail({
        code: 'WORKER_LOST',
        message:
          'The browser serving this session crashed; the session is gone. Nothing was billed; open a new session and retry.',
      });
    try {
      const result = await work();
      if (session.closeReason === 'declared_gone') return this.#fail(DECLARED_GONE);
      return session.closeReason === 'browser_crash' ? lost() : result;
    } catch (err) {
      // Closed under the work because the service had declared this worker gone (its heartbeat
      // lapsed): what failed on the page says nothing about the page.
      if (session.closeReason === 'declared_gone') return this.#fail(DECLARED_GONE);
      // Closed under the work by a DELETE that would not wait longer (close.ts): the session is gone.
      if (session.closeReason === 'deleted') return this.#fail(SESSION_GONE);
      if (session.closeReason === 'browser_crash' || !session.context.browser().connected) {
        // The crash listener may not have run yet when the page call failed: close it ourselves.
        await this.deps.registry.close(session.id, 'browser_crash');
        return lost();
      }
      throw err;
    }
  }

  async #runAndAnswer(
    session: Session,
    map: PageMap,
    calls: ToolCall[],
    job: BrowseJob,
    phases: PhaseClock,
  ): Promise<BrowseJobResult> {
    const batch =
      calls.length > 0 ? await phases.time('tools', () => this.#runBatch(session, map, calls, job)) : undefined;
    const current = await pageAfter(session, map, job, batch !== undefined, phases, this.deps.renderWaitMs);
    session.pageMap = current;
    const shared = shareable(session, job.url, calls.length, current.url);
    const { summary, cache } = await this.deps.summaries.summarize(current, shared, phases);
    // A new session's record must be in the directory before the agent learns its id.
    await phases.time('directory', () => session.recorded);
    // The request ends now: the idle time-out counts from here (and `expires_at` says so). Not
    // waited for (touch logs a failed write itself): on a single Redis it travels ahead of the
    // job's result on the same connection; on a cluster it may land a moment after the answer,
    // when the entry still holds the earlier, later-than-now expiry.
    void this.deps.registry.touch(session);
    const response = phases.timeSync('serialise', () => browseResponse(session, current, summary, job, batch));
    if (job.screenshot) {
      // A session opened light: from now on in full, and this document's images asked for again.
      await loadInFull(session.page);
      // A failed capture leaves the field out rather than failing a page map that is ready.
      const shot = await takeScreenshot(session.page, job.screenshot, this.deps.screenshots).catch((err: unknown) => {
        this.deps.log.warn(
          { sessionId: session.id, err: err instanceof Error ? err.message : String(err) },
          'screenshot failed',
        );
        return undefined;
      });
      if (shot) response.screenshot = shot;
    }
    return { ok: true, response, cache, toolsRun: batch?.toolsRun ?? 0, workerId: this.deps.workerId };
  }
}

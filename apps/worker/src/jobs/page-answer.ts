/**
 * What a browse job answers with: the page map after the batch, its summary (from the shared
 * page-map cache when a fresh open sees a page that was summarized before), and the
 * response the caller receives.
 */
import type { BrowseJob, BrowseResponse } from '@pagemap/contracts';
import { dialogsOf, extractPageMap, withPendingDialog, type PageMap, type Summarizer } from '@pagemap/page-map';
import type { Session } from '../sessions/session';
import type { WorkerMetrics } from '../metrics';
import type { BatchOutcome } from './batch-runner';
import type { PageMapCache } from './page-map-cache';
import type { PhaseClock } from '../telemetry/phases';

/**
 * The page map to answer with: extracted afresh after tools ran (the page changed); otherwise the
 * one in hand, re-extracted only when the caller wants page content it does not carry. While a
 * dialog waits for the agent the page is blocked: the map in hand, with `answer_dialog` first.
 */
export async function pageAfter(
  session: Session,
  map: PageMap,
  job: BrowseJob,
  toolsRan: boolean,
  phases: PhaseClock,
  renderWaitMs: number,
): Promise<PageMap> {
  const dialogs = dialogsOf(session.page);
  if (dialogs.pending) return withPendingDialog(map, dialogs);
  const onTiming = phases.extractTiming;
  // A tool that led to another page may have led to an app still drawing itself; one that stayed
  // in the page is read as it is.
  const awaitRenderMs = session.page.url() !== map.url ? renderWaitMs : undefined;
  if (toolsRan)
    return extractPageMap(session.page, {
      includeContent: job.includePageContent,
      onTiming,
      ...(awaitRenderMs ? { awaitRenderMs } : {}),
    });
  if (job.includePageContent && map.markdown === undefined)
    return extractPageMap(session.page, { includeContent: true, onTiming });
  return map;
}

export interface PageSummary {
  summary: string;
  cache: 'HIT' | 'MISS';
}

export class PageSummaries {
  constructor(
    private readonly cache: PageMapCache,
    private readonly summarizer: Summarizer,
    private readonly metrics: WorkerMetrics,
  ) {}

  /**
   * The page's summary. Only `shareable` answers (page-map-cache.ts: a fresh open that did
   * nothing) read or write the cache: any other page can show one tenant's data.
   */
  async summarize(map: PageMap, shareable: boolean, phases: PhaseClock): Promise<PageSummary> {
    const { cache, summarizer, metrics } = this;
    const cacheable = shareable;
    if (cacheable) {
      const hit = await phases.time('cache', () => cache.get(map));
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
    const spent = performance.now() - started;
    phases.add('summary', spent);
    metrics.summarySeconds.observe({ source: out.source }, spent / 1000);
    if (out.source === 'fallback') metrics.summaryFallbacks.inc();
    if (cacheable) await phases.time('cache', () => cache.put(map, { summary: out.summary }));
    return { summary: out.summary, cache: 'MISS' };
  }
}

/** The caller's answer. `batch` is absent when the request carried no tools (no `results` then). */
export function browseResponse(
  session: Session,
  map: PageMap,
  summary: string,
  job: BrowseJob,
  batch: BatchOutcome | undefined,
): BrowseResponse {
  const dialogs = dialogsOf(session.page).take();
  return {
    session_id: session.id,
    expires_at: new Date(session.expiresAt()).toISOString(),
    url: map.url,
    title: map.title,
    summary,
    tools: map.tools.map((t) => t.tool),
    ...(job.includePageContent && map.markdown !== undefined ? { page_content: map.markdown } : {}),
    ...(batch ? { results: batch.results } : {}),
    ...(batch?.stopped ? { stopped_reason: batch.stopped } : {}),
    ...(dialogs.length ? { dialogs } : {}),
    ...(map.overlay ? { overlay: map.overlay } : {}),
  };
}

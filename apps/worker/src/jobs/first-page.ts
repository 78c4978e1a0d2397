/**
 * The first page of a new session: navigate, then map what the page shows. A page can move on by
 * itself right after it loaded (a meta refresh, a script setting location): the extraction then
 * meets a destroyed execution context, which used to fail the whole job with a 500. It is read
 * again once the new document has loaded. And if the page moved on to an address the outbound
 * guard refuses (or that never answered), the egress proxy's answer is not the site's page: the
 * open is refused like a redirect to that address would be.
 */
import { extractPageMap, type ExtractOptions, type PageMap } from '@pagemap/page-map';
import type { Page } from 'puppeteer-core';
import type { JobError } from './failure';
import { DocumentWatch } from './document-watch';
import { navigate } from './navigation';
import type { PhaseClock } from '../telemetry/phases';
import type { TargetPolicy } from './target-policy';

/** How long a page that moved on by itself may take to load its new document before it is read again. */
const MOVED_ON_LOAD_MS = 5_000;

export async function openFirstPage(
  page: Page,
  url: string,
  policy: TargetPolicy,
  navigationMs: number,
  phases: PhaseClock,
  extract: ExtractOptions,
): Promise<PageMap | JobError> {
  const documents = new DocumentWatch(page);
  let map: PageMap;
  try {
    const status = await navigate(page, url, policy, navigationMs, phases);
    if (typeof status !== 'number') return status;
    map = await extractSettled(page, { ...extract, status });
  } finally {
    documents.detach();
  }
  const moved = await documents.failure(policy);
  if (moved?.code === 'NOT_ALLOWED') return policy.refused('the page moved on to a refused address');
  if (moved) return { code: 'NAVIGATION_FAILED', message: 'The page could not be loaded: the site did not answer.' };
  return map;
}

async function extractSettled(page: Page, opts: ExtractOptions): Promise<PageMap> {
  try {
    return await extractPageMap(page, opts);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (!/Execution context was destroyed|Cannot find context|detached Frame|navigat/i.test(message)) throw err;
    await page
      .waitForFunction(() => document.readyState === 'complete', { timeout: MOVED_ON_LOAD_MS })
      .catch(() => undefined);
    return extractPageMap(page, opts);
  }
}

/**
 * Scripts a page's own scripts asked for that have not arrived yet: a dynamic `import()` of the
 * module that draws the page (Gentelella's tables, orders and inbox come this way, after the load
 * event), a script tag a loader inserts, from the page's origin. The page cannot tell (no event says an import is on its
 * way), so the browser's network events are counted here, per page, from preparePage on.
 * extract.ts waits for them to land (bounded) before it reads a freshly loaded page.
 */
import type { HTTPRequest, Page } from 'puppeteer-core';

/** Requests older than this are no longer waited for (a script that never answers). */
const STALE_MS = 10_000;

const inFlight = new WeakMap<Page, Map<HTTPRequest, number>>();

const origin = (url: string | undefined): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * A script the page's own scripts asked for from the page's own origin: the app's modules. Another
 * origin's (an analytics tag, a chat widget a loader adds after the load event) draws nothing of
 * the page and is not waited for.
 */
const byScript = (r: HTTPRequest): boolean =>
  r.resourceType() === 'script' &&
  r.initiator()?.type === 'script' &&
  origin(r.url()) !== null &&
  origin(r.url()) === origin(r.frame()?.url());

/** Starts counting a page's script-requested scripts (once per page). */
export function trackScripts(page: Page): void {
  if (inFlight.has(page)) return;
  const pending = new Map<HTTPRequest, number>();
  inFlight.set(page, pending);
  page.on('request', (r) => {
    if (byScript(r)) pending.set(r, Date.now());
  });
  const done = (r: HTTPRequest) => pending.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** How many are on their way now. */
export function scriptsInFlight(page: Page): number {
  const pending = inFlight.get(page);
  if (!pending) return 0;
  const now = Date.now();
  for (const [r, since] of pending) if (now - since > STALE_MS) pending.delete(r);
  return pending.size;
}

/** Resolves once none is on its way, or at `deadline` (epoch ms); true when some were waited for. */
export async function scriptsLanded(page: Page, deadline: number): Promise<boolean> {
  if (scriptsInFlight(page) === 0) return false;
  while (scriptsInFlight(page) > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, Math.min(20, Math.max(1, deadline - Date.now()))));
  return true;
}

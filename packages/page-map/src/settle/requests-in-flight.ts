/**
 * What a page's own scripts asked its origin for that has not arrived yet: a dynamic `import()` of
 * the module that draws the page (Gentelella's tables, orders and inbox come this way, after the
 * load event), a script tag a loader inserts, or the data the page is drawn from (JSON Editor's
 * forms wait for the schemas they `$ref`, fetched one after another around the load event; a map
 * read at load had no form at all). The page cannot tell (no event says an import or a request is
 * on its way), so the browser's network events are counted here, per page, from preparePage on.
 * extract.ts waits for them to land (bounded) before it reads a freshly loaded page.
 */
import type { HTTPRequest, Page } from 'puppeteer-core';

/** Requests older than this are no longer waited for (a script that never answers). */
const STALE_MS = 10_000;

/** A page's script-made requests on their way (with when each was sent), and who waits for none. */
interface Tracked {
  pending: Map<HTTPRequest, number>;
  waiters: Set<() => void>;
}

const inFlight = new WeakMap<Page, Tracked>();

const origin = (url: string | undefined): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** Scripts and data (XHR, fetch). Not a beacon, an event stream or a socket: they never "land". */
const DRAWS_THE_PAGE = new Set(['script', 'xhr', 'fetch']);

/**
 * A script or data the page's own scripts asked for from the page's own origin: the app's modules
 * and what they draw. Another origin's (an analytics tag, a chat widget a loader adds after the
 * load event) draws nothing of the page and is not waited for.
 */
const byScript = (r: HTTPRequest): boolean =>
  DRAWS_THE_PAGE.has(r.resourceType()) &&
  r.initiator()?.type === 'script' &&
  origin(r.url()) !== null &&
  origin(r.url()) === origin(r.frame()?.url());

/** Starts counting a page's script-made requests (once per page). */
export function trackPageRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const t: Tracked = { pending: new Map(), waiters: new Set() };
  inFlight.set(page, t);
  page.on('request', (r) => {
    if (byScript(r)) t.pending.set(r, Date.now());
  });
  const done = (r: HTTPRequest) => {
    if (!t.pending.delete(r) || t.pending.size > 0) return;
    for (const w of t.waiters) w();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** How many are on their way now. */
function requestsInFlight(page: Page): number {
  const t = inFlight.get(page);
  if (!t) return 0;
  const now = Date.now();
  for (const [r, since] of t.pending) if (now - since > STALE_MS) t.pending.delete(r);
  return t.pending.size;
}

/**
 * Resolves once none is on its way (told by the last one's network event, not polled), or at
 * `deadline` (epoch ms); true when some were waited for.
 */
export async function requestsLanded(page: Page, deadline: number): Promise<boolean> {
  const t = inFlight.get(page);
  if (!t || requestsInFlight(page) === 0) return false;
  await new Promise<void>((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      t.waiters.delete(finish);
      resolve();
    };
    const timer = setTimeout(finish, Math.max(0, deadline - Date.now()));
    t.waiters.add(finish);
  });
  return true;
}

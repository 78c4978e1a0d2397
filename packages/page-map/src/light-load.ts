/**
 * Light loading: a session's page does not fetch images, media or fonts. The page map reads the
 * DOM, its text, names and boxes, never pixels, so these bytes only cost the browser CPU (fetch,
 * decode, raster) and the network; a `<img>` keeps its element, `alt` text and declared size
 * either way. Screenshots need them: a session opened with a screenshot loads in full, and a
 * later screenshot lifts light loading first (`loadInFull`) and asks the document's images again.
 *
 * How: the Fetch domain of a CDP session of its own on the page's target, intercepting only
 * requests of those three resource types, at the request stage, and failing them as
 * "blocked by client" (one message each way per blocked request; every other request is not
 * paused at all). The interception lives in the browser process, so it holds across the page's
 * navigations. Frames of other sites run in targets of their own and still load in full.
 */
import type { CDPSession, Page } from 'puppeteer-core';
import { refetchImages } from './page-script/serialized/refetch-images';

/** The resource types a page map never needs (Chromium's names, Network.ResourceType). */
export const HEAVY_RESOURCE_TYPES = ['Image', 'Media', 'Font'] as const;

/** The CDP session intercepting a page's heavy requests, while light loading is on. */
const lightPages = new WeakMap<Page, CDPSession>();

/** Turns light loading on for a page (before its first navigation); idempotent. */
export async function loadLight(page: Page): Promise<void> {
  if (lightPages.has(page)) return;
  const session = await page.createCDPSession();
  lightPages.set(page, session);
  session.on('Fetch.requestPaused', (event) => {
    void session
      .send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' })
      .catch(() => undefined); // the page or the request went away first
  });
  await session.send('Fetch.enable', {
    patterns: HEAVY_RESOURCE_TYPES.map((resourceType) => ({ resourceType, requestStage: 'Request' as const })),
  });
}

/** Whether a page loads light now. */
export function loadsLight(page: Page): boolean {
  return lightPages.has(page);
}

/**
 * Turns light loading off for good (the page's next documents load in full) and asks the current
 * document's images again, waiting at most `waitMs` for them. Answers how many images were asked
 * for again (0 when the page was not loading light).
 */
export async function loadInFull(page: Page, waitMs = 3_000): Promise<number> {
  const session = lightPages.get(page);
  if (!session) return 0;
  lightPages.delete(page);
  await session.send('Fetch.disable').catch(() => undefined);
  await session.detach().catch(() => undefined);
  return page.evaluate(refetchImages, waitMs).catch(() => 0);
}

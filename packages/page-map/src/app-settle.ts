/**
 * Script-rendered apps (a spinner in an empty mount point, the sign-in form drawn after the app's
 * config request) have almost nothing to offer at `load`. When a page with scripts has no forms,
 * no buttons, hardly any links or text yet, extraction looks again a few times within a short
 * bound, so the page map shows the app rather than its loading state. Pages that already offer
 * something are never delayed.
 */
import type { RawPage } from './page-script/types';

/** The longest extraction waits for a near-empty app to render. */
export const APP_SETTLE_MS = 2000;
const POLL_MS = 200;

/** Nothing interactive yet, and scripts that could still render it. */
export function looksUnrendered(raw: RawPage): boolean {
  return raw.groups.length === 0 && raw.buttons.length === 0 && raw.webmcp.length === 0 && raw.links.length <= 3 && raw.bodyText.length < 200 && /<script\b/i.test(raw.htmlHead);
}

/** Extracts, and while the page still looks unrendered, extracts again (bounded by `maxMs`). */
export async function extractSettled(extract: () => Promise<RawPage>, maxMs = APP_SETTLE_MS): Promise<RawPage> {
  let raw = await extract();
  const deadline = Date.now() + maxMs;
  while (looksUnrendered(raw) && Date.now() + POLL_MS <= deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    raw = await extract();
  }
  return raw;
}

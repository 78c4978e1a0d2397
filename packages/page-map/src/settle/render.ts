/**
 * Script-rendered apps (a spinner in an empty mount point, the sign-in form drawn after the app's
 * config request) have almost nothing to offer at `load`. When a freshly loaded page has no forms,
 * no buttons, hardly any links or text yet and scripts that may still draw it, or shows a loading
 * indicator, or hides itself whole until its scripts are ready ('veiled'), or has an app mount
 * point still empty (page-script/loading.ts), extraction waits for the page to change — by signal:
 * a mutation observer in the page, then a quiet frame — and reads it again, within a bound (a
 * shorter one for an empty mount point on a page that offers something already). A page whose own
 * scripts asked its origin for scripts or data that are still on their way (a module imported
 * after the load event that draws its table, the schema a form is drawn from:
 * requests-in-flight.ts) is read again once they land and a frame is quiet, within the same
 * shorter bound. Other pages, and pages without scripts, are
 * never delayed.
 */
import type { Page } from 'puppeteer-core';
import { UNRENDERED_TEXT_MAX } from '../page-script/loading';
import type { RawPage } from '../shared/page-script-types';
import { sleep } from '../outcome';
import { quietProbe } from '../page-script/serialized/activity';
import { requestsLanded } from './requests-in-flight';

/** Longest a quiet-frame probe waits after a change (animations never stop). */
const QUIET_MS = 1000;
/**
 * Longest wait for a page that offers something already (a top bar's form, a header's buttons)
 * while an app mount point is still empty: apps fill theirs within a few hundred milliseconds of
 * the load event; one left empty (a mount for something that has not happened yet) costs a page no
 * more than this.
 */
const PARTLY_RENDERED_WAIT_MS = 1500;

/** Nothing on the page to offer yet: no form, button or tool, hardly a link or any text. */
const offersNothing = (raw: RawPage): boolean =>
  raw.groups.length === 0 &&
  raw.buttons.length === 0 &&
  raw.webmcp.length === 0 &&
  raw.links.length <= 3 &&
  raw.bodyText.length < UNRENDERED_TEXT_MAX;

/**
 * A sign that more is coming: the page hidden whole, an app's mount point still empty, a loading
 * indicator on a page with hardly any text (Swagger UI at its load event: its top bar's form and
 * "Loading…", its operations drawn once the API document arrives), or scripts in a page with
 * (almost) no text at all. A short page that says something (a "not found" page with an analytics
 * script) is taken as it is.
 */
export function looksUnrendered(raw: RawPage): boolean {
  if (raw.loading) return true;
  return offersNothing(raw) && raw.scripts > 0 && raw.bodyText.length < 40;
}

/**
 * Evaluated in the page: true at the first change of its nodes or text, false after `ms`. A page
 * that changed already, between the read and this call (its markup no longer as long as it was
 * read, or a veiled page that shows itself), has changed: before, a data table filled in that gap
 * was waited for until the whole bound passed, and the map read before it was answered.
 */
function nextChange(ms: number, wasVeiled: boolean, htmlLength: number): Promise<boolean> {
  const shown = (el: Element | null) => {
    const s = el && getComputedStyle(el);
    return !s || (s.visibility !== 'hidden' && s.opacity !== '0');
  };
  if (wasVeiled && shown(document.documentElement) && shown(document.body)) return Promise.resolve(true);
  if ((document.documentElement?.outerHTML.length ?? 0) !== htmlLength) return Promise.resolve(true);
  return new Promise((resolve) => {
    let timer = 0;
    const mo = new MutationObserver(() => {
      mo.disconnect();
      clearTimeout(timer);
      resolve(true);
    });
    mo.observe(document, { subtree: true, childList: true, characterData: true });
    // A veiled page shows itself by a class or style on its root or body.
    for (const el of [document.documentElement, document.body])
      if (el) mo.observe(el, { attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
    timer = window.setTimeout(() => {
      mo.disconnect();
      resolve(false);
    }, ms);
  });
}

/**
 * `raw`, or while it looks unrendered, the page read again after each change, until it offers
 * something or `deadline` (epoch ms) passes. A page that replaces its document meanwhile (an app
 * that redirects to its sign-in page) is read again once the new one answers.
 */
export async function readRendered(
  page: Page,
  raw: RawPage,
  read: () => Promise<RawPage>,
  deadline: number,
): Promise<RawPage> {
  let current = raw;
  // A loading indicator says more is coming: it gets the whole bound. An empty mount point says less.
  const partly = raw.loading === 'mount' && !offersNothing(raw);
  const end = partly ? Math.min(deadline, Date.now() + PARTLY_RENDERED_WAIT_MS) : deadline;
  while (looksUnrendered(current)) {
    const left = end - Date.now();
    if (left <= 0) break;
    try {
      const changed = await page.evaluate(nextChange, left, current.loading === 'veiled', current.htmlLength);
      if (!changed) break; // nothing happened within the bound
      await page.evaluate(quietProbe, Math.min(QUIET_MS, Math.max(1, end - Date.now())));
    } catch {
      // The document was replaced while waiting: give the new one a moment to exist.
      await sleep(50);
    }
    current = await read().catch(() => current);
  }
  return current;
}

/**
 * `raw`, or when scripts or data the page's scripts asked for are still on their way
 * (requests-in-flight.ts), the page read again once they have landed and it is quiet: at most
 * PARTLY_RENDERED_WAIT_MS, as for an empty mount point. What lands may ask for more (a schema that
 * refers to another): the wait goes on while requests follow one another within the bound.
 */
export async function readAfterScripts(
  page: Page,
  raw: RawPage,
  read: () => Promise<RawPage>,
  deadline: number,
): Promise<RawPage> {
  const end = Math.min(deadline, Date.now() + PARTLY_RENDERED_WAIT_MS);
  if (!(await requestsLanded(page, end))) return raw;
  do {
    try {
      await page.evaluate(quietProbe, Math.min(QUIET_MS, Math.max(1, end - Date.now())));
    } catch {
      await sleep(50); // the document was replaced meanwhile
    }
  } while (Date.now() < end && (await requestsLanded(page, end)));
  return read().catch(() => raw);
}

/**
 * Whether the page says it is still loading: a visible progress indicator (role=progressbar, an
 * aria-busy region, or an element named spinner/loader/loading/skeleton, as app shells draw while
 * their bundle fetches its data), the page hidden whole, or an app's mount point (or a table) still empty. Read
 * by extraction; the Node side (settle/render.ts) waits for a near-empty page that shows one, or
 * that has scripts which may still render it, and for any page with an empty mount point.
 */
import { visible } from './dom';

/**
 * Only pages with less body text than this can count as still rendering (settle/render.ts), so
 * only they are searched for indicators: the search costs ≈ 3.7 ms on a 9,000-element page.
 */
export const UNRENDERED_TEXT_MAX = 200;

const INDICATORS = [
  '[aria-busy="true"]',
  '[role="progressbar"]',
  '[class*="spinner" i]',
  '[class*="loader" i]',
  '[class*="loading" i]',
  '[class*="skeleton" i]',
  '[id*="spinner" i]',
  '[id*="loader" i]',
  '[id*="loading" i]',
].join(', ');

/**
 * The page hides itself until its scripts are ready: `visibility: hidden` or `opacity: 0` on the
 * root or the body (a "loading" class, an anti-flicker snippet). Nothing a person could see or use
 * is there yet: jQuery UI's demos stay hidden until RequireJS has loaded their widgets, 0.1–0.9 s
 * after the load event, and a map read before offered none of them.
 */
export function veiled(): boolean {
  return [document.documentElement, document.body].some((el) => {
    if (!el) return false;
    const s = getComputedStyle(el);
    return s.visibility === 'hidden' || s.opacity === '0';
  });
}

/**
 * Where apps mount what they draw: React's `#root`, Vue's `#app`, Angular's `<app-root>`, a page's
 * own "inbox-root". An empty one, shown, is a part of the page its scripts have yet to draw.
 */
const MOUNTS = '[id="app" i], [id$="-app" i], [id$="root" i], [id$="mount" i], app-root';
/** Mount points that stay empty until something pops up: a dialog's, a toast's, a portal's. */
const POPUP_MOUNT = /modal|portal|toast|dialog|tooltip|popover|overlay|notif|menu|drawer|announce|live|alert/i;

/**
 * An app's mount point on the page still empty: Gentelella's inbox is an empty `#inbox-root` at
 * the load event, filled 50–400 ms later by a module its main script imports; a map read before
 * had the page's header and no inbox (its search box, its messages).
 */
export function emptyMount(): boolean {
  const found = document.querySelectorAll(MOUNTS);
  for (let i = 0; i < found.length && i < 20; i++) {
    const el = found[i]!;
    if (el.childElementCount > 0 || (el.textContent ?? '').trim() || POPUP_MOUNT.test(el.id)) continue;
    if (shownWhereItSits(el)) return true;
  }
  return emptyTable() || busyRegion();
}

/**
 * A region that says it is still being drawn (`aria-busy="true"`), shown: jsTree's trees are
 * "Loading ..." and busy at the load event, drawn a moment later; a map read then had none of
 * their nodes. (The page-wide indicators below count only on pages with hardly any text.)
 */
function busyRegion(): boolean {
  const busy = document.querySelectorAll('[aria-busy="true"]');
  for (let i = 0; i < busy.length && i < 20; i++) if (visible(busy[i]!)) return true;
  return false;
}

/**
 * A table with no row at all, shown: a data table's scripts have yet to fill it. simple-datatables'
 * demos load their rows with `fetch` after the load event into an empty `<table>`; a map read before
 * had neither the table's search nor its rows.
 */
function emptyTable(): boolean {
  const tables = document.getElementsByTagName('table');
  for (let i = 0; i < tables.length && i < 20; i++) {
    const t = tables[i]!;
    if (t.rows.length > 0 || (t.textContent ?? '').trim()) continue;
    if (shownWhereItSits(t)) return true;
  }
  return false;
}

/** An empty element has no box of its own: it counts as shown where its container is. */
function shownWhereItSits(el: Element): boolean {
  return getComputedStyle(el).display !== 'none' && !!el.parentElement && visible(el.parentElement);
}

export function showsLoading(): boolean {
  const found = document.querySelectorAll(INDICATORS);
  for (let i = 0; i < found.length && i < 50; i++) if (visible(found[i]!)) return true;
  return false;
}

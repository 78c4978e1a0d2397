/**
 * Whether the page says it is still loading: a visible progress indicator (role=progressbar, an
 * aria-busy region, or an element named spinner/loader/loading/skeleton, as app shells draw while
 * their bundle fetches its data). Read by extraction; the Node side (settle/render.ts) waits for a
 * near-empty page that shows one, or that has scripts which may still render it.
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

export function showsLoading(): boolean {
  const found = document.querySelectorAll(INDICATORS);
  for (let i = 0; i < found.length && i < 50; i++) if (visible(found[i]!)) return true;
  return false;
}

/**
 * Overlays: a cookie-consent banner, a newsletter pop-up or another modal that sits over the page.
 * The page's tools are read regardless (extraction never hit-tests), but an agent must know the
 * overlay is there and be able to dismiss it; this finds the one that matters most.
 */
import type { RawOverlay } from '../shared/page-script-types';
import { textOf, visible, type RootInfo } from './dom';
import { BANNER } from './selectors';

const MODAL_SEL = 'dialog[open],[role=dialog],[role=alertdialog],[aria-modal=true]';
const CONSENT_WORDS =
  /\b(cookies?|consent|gdpr|privacy (settings|preferences)|tracking technologies|we use (cookies|technologies)|your privacy)\b/i;
const NEWSLETTER_WORDS =
  /\b(newsletter|subscribe|sign up for (our|email)|join our (mailing|email) list|\d+\s?% off|discount code)\b/i;

export interface OverlayHit {
  el: Element;
  raw: Omit<RawOverlay, 'choices'>;
}

/** Fixed or sticky boxes over the viewport: a banner across an edge, or a layer over a large part. */
function fixedLayers(): Element[] {
  const out: Element[] = [];
  const vw = window.innerWidth || 1;
  const vh = window.innerHeight || 1;
  const scan = (parent: Element, depth: number) => {
    for (const el of Array.from(parent.children)) {
      const pos = getComputedStyle(el).position;
      if (pos === 'fixed' || pos === 'sticky') {
        const r = el.getBoundingClientRect();
        const area =
          (Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0)) *
            Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0))) /
          (vw * vh);
        if (area >= 0.08 && visible(el)) out.push(el);
      } else if (depth < 2) scan(el, depth + 1);
    }
  };
  if (document.body) scan(document.body, 0);
  return out;
}

const topmost = (els: Element[]): Element[] => els.filter((e) => !els.some((o) => o !== e && o.contains(e)));

/**
 * The overlay that matters most. Consent managers often draw theirs in a shadow root of a fixed
 * host element, so the page's own shadow roots are searched too (not its frames': a dialog inside
 * an embedded widget is the widget's).
 */
export function findOverlay(roots: RootInfo[]): OverlayHit | null {
  const cands = new Set<Element>();
  for (const r of roots) {
    if (r.frame !== '') continue;
    for (const el of Array.from(r.root.querySelectorAll(`${MODAL_SEL},${BANNER}`))) if (visible(el)) cands.add(el);
  }
  for (const el of fixedLayers()) cands.add(el);
  let best: { el: Element; kind: RawOverlay['kind']; rank: number } | null = null;
  for (const el of topmost(Array.from(cands))) {
    // A sticky site header or nav is not an overlay.
    if (el.matches('header,nav,[role=banner],[role=navigation]') || el.querySelector('nav')) continue;
    if (!el.querySelector('button,a,[role=button],[onclick],input[type=button],input[type=submit]')) continue;
    const text = textOf(el, 600);
    if (!text) continue;
    const kind: RawOverlay['kind'] | '' =
      CONSENT_WORDS.test(text) || el.matches(BANNER)
        ? 'cookie_consent'
        : NEWSLETTER_WORDS.test(text)
          ? 'newsletter'
          : el.matches(MODAL_SEL)
            ? 'modal'
            : '';
    if (!kind) continue;
    const rank = kind === 'modal' ? 1 : kind === 'newsletter' ? 2 : 3;
    if (!best || rank > best.rank) best = { el, kind, rank };
  }
  if (!best) return null;
  const heading = best.el.querySelector('h1,h2,h3,h4,[role=heading]');
  const label = (heading ? textOf(heading, 100) : '') || best.el.getAttribute('aria-label') || textOf(best.el, 100);
  return { el: best.el, raw: { kind: best.kind, label } };
}

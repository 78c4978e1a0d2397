/**
 * Elements that show more when the pointer rests on them: a menu item whose submenu opens on
 * hover, a card whose controls appear on hover. Found by the page's own style sheets: a rule
 * whose selector holds `:hover` and that shows something inside the hovered element (display,
 * visibility, opacity, position), as in `.menu li:hover > ul { display: block }`, applied to an
 * element on screen whose matching part is hidden now. The `hover` tool moves the pointer onto one
 * of them as a person does, and what it shows is in the next page map while the pointer stays.
 *
 * Or found by the page's listeners (listens.ts), where a script does the showing: an element with
 * its own mouseover/mouseenter listener (tabs that open on mouseover), and a menu item with a
 * submenu (`aria-haspopup`) or an element with a tip (`title`) whose pointer events reach a
 * listener above it (a delegated menu, a tooltip script on the document). What those show is
 * unknown beforehand: the hover counts as shown when the page changed once the pointer came.
 */
import type { PageScriptResponse } from '../shared/page-script-protocol';
import { clean, inTopViewport, referenced, visible, type RootInfo } from './dom';
import { actsOnHover, hearsHover } from './listens';
import { COMPOSITE } from './selectors';
import { targetLabel } from './target-label';
import { findTarget, type TargetEntry } from './targets';

const MAX_RULES = 300;
const MAX_HOVERABLES = 40;
/** Properties whose value in a :hover rule shows an element the page keeps hidden otherwise. */
const SHOWING = [
  'display',
  'visibility',
  'opacity',
  'left',
  'right',
  'top',
  'max-height',
  'height',
  'transform',
  'clip',
];

/** A :hover rule split at the hovered element: `host` (with `:hover` taken out) and what it shows, relative to it. */
export interface HoverRule {
  host: string;
  /** The rest of the selector, from the hovered element on: `> ul`, ` .actions`. */
  rest: string;
}

/** Splits a selector list at its top-level commas (not those inside `:is(a, b)`). */
function splitList(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of list) {
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** Where the compound selector holding the last `:hover` ends (the next top-level combinator). */
function compoundEnd(sel: string, from: number): number {
  let depth = 0;
  for (let i = from; i < sel.length; i++) {
    const ch = sel[i]!;
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0 && /[\s>+~]/.test(ch)) return i;
  }
  return sel.length;
}

/** One selector of a :hover rule, split at the hovered element; null when it styles the hovered element itself. */
export function splitHoverSelector(sel: string): HoverRule | null {
  const at = sel.lastIndexOf(':hover');
  if (at < 0) return null;
  const end = compoundEnd(sel, at);
  const rest = sel.slice(end).trim();
  // Only what is inside the hovered element: a sibling's rule (`a:hover + .tip`) is left out.
  if (!rest || /^[+~]/.test(rest) || rest.includes('::')) return null;
  const host = sel
    .slice(0, end)
    .replace(/:hover\b/g, '')
    .trim();
  if (!host || /(^|[\s>+~])$/.test(host)) return null;
  return { host, rest: rest.replace(/:hover\b/g, '') };
}

const shows = (style: CSSStyleDeclaration | undefined): boolean =>
  !!style &&
  SHOWING.some((p) => {
    const v = style.getPropertyValue(p).trim();
    return v !== '' && v !== 'none' && v !== 'hidden' && v !== '0';
  });

/** The :hover rules of a document's or shadow root's readable style sheets (another site's cannot be read). */
export function hoverRules(doc: DocumentOrShadowRoot): HoverRule[] {
  const out: HoverRule[] = [];
  const visit = (rules: CSSRuleList): void => {
    for (const r of Array.from(rules)) {
      if (out.length >= MAX_RULES) return;
      const text = (r as CSSStyleRule).selectorText;
      // The declarations only of :hover rules: reading a rule's `style` has Chromium make them an
      // editable copy, which the page's other rules need not cost.
      if (typeof text === 'string' && text.includes(':hover') && shows((r as CSSStyleRule).style))
        for (const sel of splitList(text)) {
          const rule = splitHoverSelector(sel);
          if (rule) out.push(rule);
        }
      // Into @media, @supports, @layer and the like, not into a style rule's own nested rules: a
      // nested rule's selector (`&:hover > ul`) is relative to its parent's, which this split
      // does not resolve.
      if (typeof text === 'string') continue;
      const inner = (r as CSSGroupingRule).cssRules;
      if (inner) visit(inner);
    }
  };
  for (const sheet of [...Array.from(doc.styleSheets), ...(doc.adoptedStyleSheets ?? [])]) {
    try {
      visit(sheet.cssRules);
    } catch {
      // another origin's sheet: not ours to read
    }
  }
  return out;
}

/** What a rule shows inside `host`, or [] when its selector is not one the browser takes. */
function shownBy(host: Element, rule: HoverRule): Element[] {
  try {
    return Array.from(host.querySelectorAll(`:scope ${rule.rest}`));
  } catch {
    return [];
  }
}

/** Something worth showing: text, a link or a control. */
const hasContent = (el: Element): boolean =>
  !!el.textContent?.trim() || !!el.querySelector('a[href],button,input,select,textarea,[role],[onclick]');

interface Hoverable {
  el: Element;
  /** What it shows when hovered (hidden now); empty for one found by its listeners. */
  shown: Element[];
}

/** An element a hover listener serves, with no more text than a control's. */
const SERVED = '[aria-haspopup]:not([aria-haspopup=false]),[title]';
const MAX_LISTENED_SCAN = 3000;

function listenedIn(ri: RootInfo, found: Map<Element, Hoverable>): void {
  const all = ri.root.querySelectorAll('*');
  for (let i = 0; i < all.length && i < MAX_LISTENED_SCAN && found.size < MAX_HOVERABLES; i++) {
    const el = all[i]!;
    // By its words, not its markup's indentation (a menu item's text and icon span lines of spaces).
    if (found.has(el) || clean(el.textContent, 200).length > 100 || !visible(el)) continue;
    const served = el.matches(SERVED) && (el.getAttribute('title') ?? '1').trim() !== '' && hearsHover(el);
    if (served || (actsOnHover(el) && !el.matches(COMPOSITE))) found.set(el, { el, shown: [] });
  }
}

/** Most time the scan may take: it reads style sheets and matches selectors, and must never hold a page map. */
const BUDGET_MS = 40;

function hoverablesIn(ri: RootInfo, found: Map<Element, Hoverable>, until: number): void {
  for (const rule of hoverRules(ri.root)) {
    if (performance.now() > until) return;
    let hosts: Element[];
    try {
      hosts = Array.from(ri.root.querySelectorAll(rule.host));
    } catch {
      continue;
    }
    for (const el of hosts) {
      if (found.size >= MAX_HOVERABLES && !found.has(el)) return;
      if (!visible(el)) continue;
      const shown = shownBy(el, rule).filter((s) => s !== el && !visible(s) && hasContent(s));
      if (shown.length === 0) continue;
      const h = found.get(el) ?? { el, shown: [] };
      h.shown.push(...shown);
      found.set(el, h);
    }
  }
}

/** Elements on screen that show hidden content when hovered, in page order, each with a unique text. */
function hoverables(roots: RootInfo[]): Array<TargetEntry & { shown: Element[] }> {
  const found = new Map<Element, Hoverable>();
  const until = performance.now() + BUDGET_MS;
  try {
    for (const ri of roots) hoverablesIn(ri, found, until);
    for (const ri of roots) listenedIn(ri, found);
  } catch {
    // a page whose sheets or selectors the scan cannot read offers no hover
  }
  const els = [...found.values()].sort((a, b) =>
    a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  const out: Array<TargetEntry & { shown: Element[] }> = [];
  const used = new Set<string>();
  for (const h of els) {
    // A field with a tip goes by its label ("Your age"), as a person names it.
    const labels = (h.el as HTMLInputElement).labels;
    const text = (labels?.length ? clean(labels[0]!.textContent ?? '', 80).replace(/:$/, '') : '') || targetLabel(h.el);
    if (!text) continue;
    let label = text;
    for (let n = 2; used.has(label.toLowerCase()); n++) label = `${text} (${n})`;
    used.add(label.toLowerCase());
    const raw = { label, kind: 'other' as const, expanded: null, inMain: true, chrome: '', overlay: false, order: 0 };
    out.push({ raw, el: h.el, shown: h.shown });
  }
  return out;
}

export const scanHoverables = (roots: RootInfo[]): string[] => hoverables(roots).map((h) => h.raw.label);

/**
 * What the last hover was to show, to tell whether it did. For one found by listeners, what the
 * page changed since the pointer came (added or restyled), apart from the hovered element and what
 * holds it (its own highlight is no showing): shown once one of those is on screen with content.
 */
let lastShown: Element[] = [];
let changed: MutationObserver | null = null;
let touched: Element[] = [];
const SCRIPT_HIDDEN = '[aria-hidden=true],[hidden],[style*="display: none"],[style*="display:none"]';

/**
 * What an element that says it expanded (`aria-expanded="true"`: a menu item's submenu shown by
 * a script's own CSS, not an inline style) shows: what it controls, else the element after it.
 */
function expandedBy(host: Element): Element[] {
  if (host.getAttribute('aria-expanded') !== 'true') return [];
  const controlled = referenced(host, ['aria-controls']);
  if (controlled.length) return controlled;
  return host.nextElementSibling ? [host.nextElementSibling] : [];
}

/** The point of the top page's viewport a person's pointer rests on to hover `el` (its frames' offsets added). */
function pointOf(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  // Inside the element's own first line, clear of what it shows below or beside it.
  return inTopViewport(el, r.left + Math.min(r.width / 2, 24), r.top + Math.min(r.height / 2, 10));
}

/** The hoverable named `label`, scrolled into view, and where to put the pointer on it. */
export function hoverPoint(roots: RootInfo[], label: string): PageScriptResponse {
  const list = hoverables(roots);
  const hit = findTarget(list, label) as (TargetEntry & { shown: Element[] }) | null;
  if (!hit) return { op: 'hoverPoint', ok: false };
  hit.el.scrollIntoView({ block: 'center' });
  lastShown = hit.shown;
  changed?.disconnect();
  touched = [];
  if (hit.shown.length === 0) {
    const host = hit.el;
    const doc = host.ownerDocument;
    // What a script keeps hidden now, the usual ways (a submenu, a tab panel): restyled later, it showed.
    const hidden = new Set(Array.from(doc.querySelectorAll(SCRIPT_HIDDEN)).slice(0, 500));
    changed = new MutationObserver((records) => {
      for (const r of records) {
        const els =
          r.type === 'childList'
            ? Array.from(r.addedNodes)
            : hidden.has(r.target as Element)
              ? [r.target]
              : r.target === host && r.attributeName === 'aria-expanded'
                ? expandedBy(host)
                : [];
        for (const n of els) if (n instanceof Element && !n.contains(host) && touched.length < 200) touched.push(n);
      }
    });
    changed.observe(host.ownerDocument, { subtree: true, childList: true, attributes: true });
  }
  return { op: 'hoverPoint', ok: true, label: hit.raw.label, ...pointOf(hit.el) };
}

/** Whether the last hover shows what it was to show. */
export const hoverShown = (): PageScriptResponse => ({
  op: 'hoverShown',
  ok: (lastShown.length ? lastShown : touched).some((el) => el.isConnected && visible(el) && hasContent(el)),
});

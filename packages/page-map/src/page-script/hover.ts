/**
 * Elements that show more when the pointer rests on them: a menu item whose submenu opens on
 * hover, a card whose controls appear on hover. Found by the page's own style sheets: a rule
 * whose selector holds `:hover` and that shows something inside the hovered element (display,
 * visibility, opacity, position), as in `.menu li:hover > ul { display: block }`, applied to an
 * element on screen whose matching part is hidden now. The `hover` tool moves the pointer onto one
 * of them as a person does, and what it shows is in the next page map while the pointer stays.
 */
import type { PageScriptResponse } from '../shared/page-script-types';
import { visible, type RootInfo } from './dom';
import { findTarget, targetLabel, type TargetEntry } from './targets';

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
  /** What it shows when hovered (hidden now). */
  shown: Element[];
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
  } catch {
    // a page whose sheets or selectors the scan cannot read offers no hover
  }
  const els = [...found.values()].sort((a, b) =>
    a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  const out: Array<TargetEntry & { shown: Element[] }> = [];
  const used = new Set<string>();
  for (const h of els) {
    const text = targetLabel(h.el);
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

/** What the last hover was to show, to tell whether it did. */
let lastShown: Element[] = [];

/** The point of the top page's viewport a person's pointer rests on to hover `el` (its frames' offsets added). */
function pointOf(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  // Inside the element's own first line, clear of what it shows below or beside it.
  let x = r.left + Math.min(r.width / 2, 24);
  let y = r.top + Math.min(r.height / 2, 10);
  let win = el.ownerDocument.defaultView;
  while (win && win !== window.top && win.frameElement) {
    const f = win.frameElement.getBoundingClientRect();
    x += f.left + win.frameElement.clientLeft;
    y += f.top + win.frameElement.clientTop;
    win = win.parent as typeof window;
  }
  return { x, y };
}

/** The hoverable named `label`, scrolled into view, and where to put the pointer on it. */
export function hoverPoint(roots: RootInfo[], label: string): PageScriptResponse {
  const list = hoverables(roots);
  const hit = findTarget(list, label) as (TargetEntry & { shown: Element[] }) | null;
  if (!hit) return { op: 'hoverPoint', ok: false };
  hit.el.scrollIntoView({ block: 'center' });
  lastShown = hit.shown;
  return { op: 'hoverPoint', ok: true, label: hit.raw.label, ...pointOf(hit.el) };
}

/** Whether the last hover shows what it was to show. */
export const hoverShown = (): PageScriptResponse => ({
  op: 'hoverShown',
  ok: lastShown.some((el) => el.isConnected && visible(el)),
});

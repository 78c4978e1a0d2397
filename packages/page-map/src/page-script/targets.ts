/**
 * Click targets: what a person can click that no other tool covers — buttons outside forms (and
 * the non-submit buttons inside them), tabs, menu items, options, tree items, switches, <summary>,
 * links that work by script (no href), and elements that only a click handler makes clickable.
 * An element's own click listener, as the browser's debugger reports it (../listeners.ts marks
 * them before this runs), makes it a target. Frameworks attach handlers at the root, where no
 * element is named, so a pointer cursor (set by the page's CSS for exactly this reason),
 * `onclick`, a focusable `tabindex` and an interactive role are signs too, as they are to a
 * person's eye. Each target gets a unique visible text,
 * which is what the `click` tool offers and how a click finds its element again after a re-render.
 */
import { isOpenerBox, OPENER_BOX } from './field-controls';
import type { RawTarget } from '../shared/page-script-types';
import type { PageScriptResponse } from '../shared/page-script-protocol';
import { clean, isSubmitControl, region, visible, type Order, type RootInfo } from './dom';
import { actsOnClick } from './listens';
import { pressElement } from './press';
import { contextOf, sectionOf } from './target-context';
import { targetLabel, toggleLabel } from './target-label';
import { twistiesIn } from './tree-twisty';
import { cellDate } from './cell-date';
import { hiddenFileOpeners } from './file-opener';
import { BUTTON_SEL, SKIP_INPUT_TYPES } from './selectors';
import { openThenPress } from './revealed';
import { cellsServed, itemsServed } from './served';

export interface TargetEntry {
  raw: RawTarget;
  el: Element;
  /** What shows the element when it is hidden in a panel (revealed.ts): clicked first. */
  opener?: Element;
}

const ROLES = 'button,link,tab,menuitem,menuitemcheckbox,menuitemradio,option,treeitem,switch,checkbox,radio,gridcell';
const ROLE_SEL = ROLES.split(',')
  .map((r) => `[role=${r}]`)
  .join(',');
const CANDIDATE_SEL = `button,input[type=button],input[type=submit],input[type=image],${OPENER_BOX},summary,a:not([href]),a[href="#"],a[href^="javascript:" i],a[aria-expanded],a[aria-controls],a[aria-haspopup],${ROLE_SEL},[onclick],[tabindex]:not([tabindex="-1"]),[data-href],[data-url]`;
/** Tags a pointer cursor can make clickable (the outermost one with the cursor is the target). */
const POINTER_TAGS = new Set([
  'DIV',
  'SPAN',
  'LI',
  'TD',
  'TH',
  'TR',
  'IMG',
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'I',
  'SVG',
  'SECTION',
  'ARTICLE',
  'DT',
  'DD',
  'STRONG',
  'B',
  'EM',
  'FIGURE',
]);
const MAX_TARGETS = 150;
const MAX_POINTER_SCAN = 5000;
/** An element with a click listener of its own and more elements inside is a container, not a control. */
const MAX_LISTENED_DESCENDANTS = 40;

/** A click listener of the element's own (the debugger's report, ../listeners.ts) makes it a target. */
const listenedControl = (el: Element): boolean =>
  el.tagName !== 'HTML' &&
  el.tagName !== 'BODY' &&
  actsOnClick(el) &&
  el.getElementsByTagName('*').length <= MAX_LISTENED_DESCENDANTS;
const FIELD_TAGS = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'OPTION', 'LABEL']);

/** The real form a submit control sends, or null when it is not one. */
const formSubmittedBy = (el: Element): HTMLFormElement | null => {
  const form = (el as HTMLButtonElement).form ?? el.closest('form');
  return form && isSubmitControl(el) ? form : null;
};

/** Inputs nobody types into: the ones that are no field at all, and boxes that are ticked. */
const UNTYPED_INPUTS = new Set([...SKIP_INPUT_TYPES, 'checkbox', 'radio', 'file']);

/** A text field of the form holds something typed since the page loaded (its value is not its default). */
const typedInto = (form: HTMLFormElement): boolean =>
  Array.from(form.elements).some((f) => {
    const typed =
      (f.tagName === 'INPUT' && !UNTYPED_INPUTS.has((f as HTMLInputElement).type)) || f.tagName === 'TEXTAREA';
    return typed && (f as HTMLInputElement).value !== (f as HTMLInputElement).defaultValue;
  });

/**
 * A form's submit control belongs to the form's tool, which fills and sends it in one call. Once
 * the form has been typed into and not sent (a tool held it for an autocomplete pick, or the page
 * itself filled it), sending it is one click away, and the click tool offers that click, as a
 * person would make it.
 */
const leftToFormTool = (el: Element): boolean => {
  const form = formSubmittedBy(el);
  return !!form && !typedInto(form);
};

const kindOf = (el: Element): RawTarget['kind'] => {
  const role = el.getAttribute('role') ?? '';
  if (role === 'tab') return 'tab';
  if (/^menuitem/.test(role)) return 'menu_item';
  if (role === 'option' || role === 'radio' || role === 'checkbox' || role === 'switch') return 'choice';
  if (role === 'treeitem') return 'tree_item';
  if (el.tagName === 'SUMMARY' || el.getAttribute('aria-expanded') !== null) return 'toggle';
  if (el.tagName === 'A' || role === 'link') return 'link';
  if (el.tagName === 'BUTTON' || el.tagName === 'INPUT' || role === 'button') return 'button';
  return 'other';
};

function candidates(ri: RootInfo, claimed: Set<Element>): Element[] {
  const seen = new Set<Element>();
  const out: Element[] = [];
  const add = (el: Element) => {
    if (seen.has(el)) return;
    seen.add(el);
    out.push(el);
  };
  for (const el of Array.from(ri.root.querySelectorAll(CANDIDATE_SEL))) add(el);
  const win = (ri.root.ownerDocument ?? (ri.root as Document)).defaultView ?? window;
  const all = ri.root.querySelectorAll('*');
  for (let i = 0; i < all.length && i < MAX_POINTER_SCAN; i++) {
    const el = all[i]!;
    if (seen.has(el)) continue;
    if (listenedControl(el)) {
      const items = itemsServed(el);
      if (items) for (const item of items) add(item);
      else add(el);
      continue;
    }
    const cells = actsOnClick(el) ? cellsServed(el) : null;
    if (cells) for (const cell of cells) add(cell);
    if (!POINTER_TAGS.has(el.tagName.toUpperCase())) continue;
    if (win.getComputedStyle(el).cursor !== 'pointer') continue;
    const parent = el.parentElement;
    if (parent && win.getComputedStyle(parent).cursor === 'pointer') continue; // inherited: the parent is the target
    const entries = el.tagName === 'DIV' ? itemsServed(el) : null; // a floating panel's entries
    if (entries) for (const entry of entries) add(entry);
    else add(el);
  }
  for (const twisty of twistiesIn(ri.root)) add(twisty);
  const openers = hiddenFileOpeners(ri.root);
  return out.filter((el) => {
    // Grouped fields belong to their form's tool; grouped buttons stay clickable unless they submit a <form>.
    if (claimed.has(el) && !el.matches(BUTTON_SEL)) return false;
    if (FIELD_TAGS.has(el.tagName) && el.tagName !== 'INPUT') return false;
    if (
      el.tagName === 'INPUT' &&
      !['button', 'submit', 'image'].includes((el as HTMLInputElement).type) &&
      !isOpenerBox(el)
    )
      return false;
    if (leftToFormTool(el) || (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true')
      return false;
    if (openers.has(el)) return false; // its file input is the field (file-opener.ts)
    // Inside a real link or a field: the link (follow_link) or the form's tool covers it.
    const link = el.closest('a[href]');
    if (link && !/^(#|javascript:)/i.test(link.getAttribute('href') ?? '')) return false;
    // Words inside a field's label (clicking them only focuses the field), but not a button or a
    // suggestion a script drew inside it (Awesomplete's list and combobox button sit in the label).
    const label = el.closest('label');
    if (label?.querySelector('input,select,textarea') && !el.matches(`${BUTTON_SEL},[role=option]`)) return false;
    if (el.querySelector('input:not([type=hidden]),select,textarea')) return false;
    return visible(el);
  });
}

/** Every click target of the page, in page order, with unique labels. `overlay` marks the overlay's own. */
export function scanTargets(
  roots: RootInfo[],
  claimed: Set<Element>,
  order: Order,
  overlay: Element | null,
): TargetEntry[] {
  const found: { el: Element; label: string }[] = [];
  for (const ri of roots) {
    for (const el of candidates(ri, claimed)) {
      const label = targetLabel(el) || toggleLabel(el);
      if (label) found.push({ el, label });
    }
  }
  // The innermost of nested targets with the same text: its handler is the one that acts.
  const byEl = new Map(found.map((f) => [f.el, f]));
  const drop = new Set<Element>();
  for (const f of found) {
    for (let p = f.el.parentElement; p; p = p.parentElement) {
      const outer = byEl.get(p);
      if (outer && outer.label.toLowerCase() === f.label.toLowerCase()) drop.add(p);
    }
  }
  const kept = found.filter((f) => !drop.has(f.el)).slice(0, MAX_TARGETS);
  const count = new Map<string, number>();
  for (const f of kept) count.set(f.label.toLowerCase(), (count.get(f.label.toLowerCase()) ?? 0) + 1);
  const contexts = contextsOf(kept, count);
  const used = new Set<string>();
  const out: TargetEntry[] = [];
  kept.forEach((f, i) => {
    let label = f.label;
    if (contexts[i]) label = `${label} (${contexts[i]})`;
    for (let n = 2; used.has(label.toLowerCase()); n++) label = `${f.label} (${n})`;
    used.add(label.toLowerCase());
    const reg = region(f.el);
    const el = f.el;
    out.push({
      raw: {
        label,
        kind: kindOf(el),
        expanded:
          el.tagName === 'SUMMARY'
            ? String(!!(el.parentElement as HTMLDetailsElement | null)?.open)
            : el.getAttribute('aria-expanded'),
        inMain: reg.inMain,
        chrome: reg.chrome,
        overlay: !!overlay && overlay.contains(el),
        order: order.next++,
      },
      el,
    });
  });
  return out;
}

/**
 * What tells each repeated label apart: a calendar cell's date, its row or card, else its
 * section's heading where that heading is the only one among the label's repeats to have it.
 */
function contextsOf(kept: { el: Element; label: string }[], count: Map<string, number>): string[] {
  const repeated = (f: { label: string }) => (count.get(f.label.toLowerCase()) ?? 0) > 1;
  const own = kept.map((f) => (repeated(f) ? cellDate(f.el) || contextOf(f.el, f.label) : ''));
  const sections = kept.map((f, i) => (repeated(f) && !own[i] ? sectionOf(f.el, f.label) : ''));
  const seen = new Map<string, number>();
  kept.forEach((f, i) => {
    const key = `${f.label.toLowerCase()}\u0001${sections[i]!.toLowerCase()}`;
    if (sections[i]) seen.set(key, (seen.get(key) ?? 0) + 1);
  });
  return kept.map((f, i) => {
    if (own[i] || !sections[i]) return own[i]!;
    return seen.get(`${f.label.toLowerCase()}\u0001${sections[i]!.toLowerCase()}`) === 1 ? sections[i]! : '';
  });
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The target a label names: the same text, else the one label that starts with or contains it. */
export function findTarget(targets: TargetEntry[], label: string): TargetEntry | null {
  const w = norm(label);
  const exact = targets.find((t) => norm(t.raw.label) === w);
  if (exact) return exact;
  const starts = targets.filter((t) => norm(t.raw.label).startsWith(w));
  if (starts.length >= 1 && w.length >= 1) return starts[0]!;
  const contains = targets.filter((t) => norm(t.raw.label).includes(w));
  return w.length >= 3 && contains.length >= 1 ? contains[0]! : null;
}

/**
 * Follows a same-page link by clicking it (its href only changes the fragment; the page's click
 * handler is what acts: a router, a menu, a recorded action).
 */
export function clickLink(roots: RootInfo[], href: string, text?: string): PageScriptResponse {
  const all = roots
    .flatMap((ri) => Array.from(ri.root.querySelectorAll('a[href]')))
    .filter((a) => (a as HTMLAnchorElement).href === href);
  // The one with the text asked for (the same address in two frames loads in two places).
  const want = clean(text ?? '').toLowerCase();
  const same = all.filter((a) => clean((a as HTMLElement).innerText ?? a.textContent).toLowerCase() === want);
  const anchors = same.length ? same : all;
  // The one on screen, else one in a closed menu (a click reaches it as a person's would once the menu is open).
  const a = anchors.find((x) => visible(x)) ?? anchors[0];
  if (!a) return { op: 'clickTarget', ok: false };
  pressElement(a);
  return { op: 'clickTarget', ok: true };
}

export function clickTarget(targets: TargetEntry[], label: string): PageScriptResponse | Promise<PageScriptResponse> {
  const hit = findTarget(targets, label);
  if (!hit) return { op: 'clickTarget', ok: false };
  if (hit.opener && !visible(hit.el)) return openThenPress(hit, hit.opener);
  pressElement(hit.el);
  return { op: 'clickTarget', ok: true, label: hit.raw.label };
}

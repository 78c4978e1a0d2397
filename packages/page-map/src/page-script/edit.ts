/**
 * Text edited in place: an element the page turns into a text box when it is double-clicked (a
 * list entry's title, a cell, the kitchen sink's "Double click to edit"), found by its dblclick
 * listener (../listeners.ts marks them). The edit tool double-clicks it as a person does, then
 * types into the box that took the focus; this module finds both.
 */
import type { PageScriptResponse } from '../shared/page-script-protocol';
import { clean, focusedElement, visible, type RootInfo } from './dom';
import { actsOnDoubleClick } from './listens';
import { COMPOSITE } from './selectors';
import { targetLabel } from './target-label';
import { findTarget, type TargetEntry } from './targets';

const MAX_EDITABLES = 40;
const MAX_FOUND = 200;
/** A page or app root that hears every double-click is no text to edit. */
const container = (el: Element): boolean =>
  el.tagName === 'HTML' || el.tagName === 'BODY' || el.matches(COMPOSITE) || el.getElementsByTagName('*').length > 40;

const GRID = 'table,[role=grid],[role=treegrid]';

/**
 * A table or grid that hears the double-clicks of all its cells (one listener on the table:
 * simple-datatables' editor): its body cells that show a text and hold no control of their own
 * are edited in place. Before, such a table was a container and no cell could be edited.
 */
function delegatedCells(el: Element): Element[] {
  if (!el.matches(GRID)) return [];
  return Array.from(el.querySelectorAll('tbody td,[role=gridcell]')).filter(
    (c) => visible(c) && !c.querySelector('input,select,textarea,button') && clean(c.textContent) !== '',
  );
}

/** Elements edited by a double-click, in page order, each with a unique visible text. */
export function scanEditables(roots: RootInfo[]): TargetEntry[] {
  const found: Element[] = [];
  for (const ri of roots)
    for (const el of Array.from(ri.root.querySelectorAll('*'))) {
      if (found.length >= MAX_FOUND || !actsOnDoubleClick(el) || !visible(el)) continue;
      if (!container(el)) found.push(el);
      else found.push(...delegatedCells(el).slice(0, MAX_FOUND - found.length));
    }
  // The innermost: a framework's root listens for every double-click of its app (React).
  const inner = found.filter((el) => !found.some((o) => o !== el && el.contains(o)));
  const out: TargetEntry[] = [];
  const used = new Set<string>();
  for (const el of inner.slice(0, MAX_EDITABLES)) {
    const text = targetLabel(el);
    if (!text) continue;
    let label = text;
    // A cell's text repeated in another row is told by its row's first cell ("Norman (Kylie Bishop)").
    const row = el.tagName === 'TD' ? (el.parentElement as HTMLTableRowElement | null) : null;
    const first = row?.cells[0] && row.cells[0] !== el ? clean(row.cells[0].textContent, 40) : '';
    if (used.has(label.toLowerCase()) && first) label = `${text} (${first})`;
    for (let n = 2; used.has(label.toLowerCase()); n++) label = `${text} (${n})`;
    used.add(label.toLowerCase());
    const raw = { label, kind: 'other' as const, expanded: null, inMain: true, chrome: '', overlay: false, order: 0 };
    out.push({ raw, el });
  }
  return out;
}

/** The events of a person's double-click, in their order (two clicks, then dblclick). Deferred like a click. */
function doubleClickOn(el: Element): void {
  const win = (el.ownerDocument.defaultView ?? window) as typeof window;
  const h = el as HTMLElement;
  setTimeout(() => {
    h.scrollIntoView?.({ block: 'center' });
    const r = h.getBoundingClientRect();
    const at = { bubbles: true, cancelable: true, composed: true, button: 0, view: win };
    const xy = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
    for (const detail of [1, 2]) {
      h.dispatchEvent(new win.PointerEvent('pointerdown', { ...at, ...xy, pointerType: 'mouse', isPrimary: true }));
      h.dispatchEvent(new win.MouseEvent('mousedown', { ...at, ...xy, detail, buttons: 1 }));
      h.dispatchEvent(new win.PointerEvent('pointerup', { ...at, ...xy, pointerType: 'mouse', isPrimary: true }));
      h.dispatchEvent(new win.MouseEvent('mouseup', { ...at, ...xy, detail }));
      h.dispatchEvent(new win.MouseEvent('click', { ...at, ...xy, detail }));
    }
    const before = new Set(textBoxesIn(scopeOf(h)));
    h.dispatchEvent(new win.MouseEvent('dblclick', { ...at, ...xy, detail: 2 }));
    focusNewBox(h, before, performance.now());
  }, 0);
}

const TEXT_BOX = 'input:not([type]),input[type=text],input[type=search],input[type=number],textarea';
const textBoxesIn = (scope: ParentNode): Element[] => Array.from(scope.querySelectorAll(TEXT_BOX));
/** Where the box a double-click opens appears: the table or grid, else two levels up. */
const scopeOf = (el: Element): Element => el.closest(GRID) ?? el.parentElement?.parentElement ?? el;
const BOX_APPEARS_MS = 600;

/**
 * A box the double-click drew without giving it the focus (simple-datatables' inline editor): a
 * person clicks into it before typing, so it is focused here, as that click would. Looked for,
 * frame by frame, among the text boxes that were not there before, until one has the focus.
 */
function focusNewBox(el: Element, before: Set<Element>, t0: number): void {
  const now = focusedElement();
  if (now && now.matches(TEXT_BOX)) return;
  const scope = scopeOf(el).isConnected ? scopeOf(el) : el.ownerDocument;
  const fresh = textBoxesIn(scope).find((b) => !before.has(b) && visible(b));
  if (fresh) {
    (fresh as HTMLInputElement).focus();
    return;
  }
  if (performance.now() - t0 < BOX_APPEARS_MS) setTimeout(() => focusNewBox(el, before, t0), 25);
}

export function doubleClick(entries: TargetEntry[], label: string): PageScriptResponse {
  const hit = findTarget(entries, label);
  if (!hit) return { op: 'doubleClick', ok: false };
  doubleClickOn(hit.el);
  return { op: 'doubleClick', ok: true, label: hit.raw.label };
}

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'number', '']);

/**
 * The text box that has the focus (what a double-click opened, a row's box set_item focused),
 * selected when asked so typing replaces it; an editable region counts as one.
 */
export function editBox(select: boolean): PageScriptResponse {
  const el = focusedElement();
  if (el instanceof HTMLElement && el.isContentEditable) {
    if (select) {
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(el);
      el.ownerDocument.getSelection()?.removeAllRanges();
      el.ownerDocument.getSelection()?.addRange(range);
    }
    return { op: 'editBox', ok: true, inForm: !!el.closest('form'), value: el.innerText };
  }
  const input = el instanceof HTMLInputElement && TEXT_INPUTS.has(el.getAttribute('type') ?? '');
  const area = el instanceof HTMLTextAreaElement;
  if (!el || !(input || area)) return { op: 'editBox', ok: false, inForm: false, value: '' };
  const box = el as HTMLInputElement;
  if (select) box.select();
  return { op: 'editBox', ok: true, inForm: !!box.form, value: box.value };
}

/**
 * Text edited in place: an element the page turns into a text box when it is double-clicked (a
 * list entry's title, a cell, the kitchen sink's "Double click to edit"), found by its dblclick
 * listener (../listeners.ts marks them). The edit tool double-clicks it as a person does, then
 * types into the box that took the focus; this module finds both.
 */
import type { PageScriptResponse } from '../shared/page-script-protocol';
import { focusedElement, visible, type RootInfo } from './dom';
import { actsOnDoubleClick } from './listens';
import { targetLabel } from './target-label';
import { findTarget, type TargetEntry } from './targets';

const MAX_EDITABLES = 40;
const MAX_FOUND = 200;
/** A page or app root that hears every double-click is no text to edit. */
const container = (el: Element): boolean =>
  el.tagName === 'HTML' || el.tagName === 'BODY' || el.getElementsByTagName('*').length > 40;

/** Elements edited by a double-click, in page order, each with a unique visible text. */
export function scanEditables(roots: RootInfo[]): TargetEntry[] {
  const found: Element[] = [];
  for (const ri of roots)
    for (const el of Array.from(ri.root.querySelectorAll('*')))
      if (found.length < MAX_FOUND && actsOnDoubleClick(el) && !container(el) && visible(el)) found.push(el);
  // The innermost: a framework's root listens for every double-click of its app (React).
  const inner = found.filter((el) => !found.some((o) => o !== el && el.contains(o)));
  const out: TargetEntry[] = [];
  const used = new Set<string>();
  for (const el of inner.slice(0, MAX_EDITABLES)) {
    const text = targetLabel(el);
    if (!text) continue;
    let label = text;
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
    h.dispatchEvent(new win.MouseEvent('dblclick', { ...at, ...xy, detail: 2 }));
  }, 0);
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

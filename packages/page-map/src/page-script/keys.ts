/**
 * The field a key press goes to (press_key): the one whose label, placeholder or nearby text is
 * the name asked for, in the document and its open shadow roots; it gets the focus, and Node
 * presses the key with the browser's trusted input.
 */
import type { PageScriptResponse } from '../shared/page-script-protocol';
import { clean, visible, type RootInfo } from './dom';
import { labelOf } from './labels';

const TYPED =
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]),textarea,select,[contenteditable=""],[contenteditable=true]';
const norm = (s: string) => clean(s).toLowerCase();

/** A field's name as a person reads it: its label, else its placeholder, else the text beside it. */
export const fieldName = (el: Element, root: Document | ShadowRoot): string => {
  const { label, nearby } = labelOf(el, root);
  return label || clean(el.getAttribute('placeholder'), 100) || nearby;
};

export function focusByName(roots: RootInfo[], name: string): PageScriptResponse {
  const want = norm(name);
  const fields = roots.flatMap((ri) => Array.from(ri.root.querySelectorAll(TYPED)).map((el) => ({ el, ri })));
  const shown = fields.filter((f) => visible(f.el));
  const named = shown.map((f) => ({ el: f.el, name: norm(fieldName(f.el, f.ri.root)) }));
  const hit = named.find((f) => f.name === want) ?? named.find((f) => want.length >= 3 && f.name.includes(want));
  if (!hit) return { op: 'focusByName', ok: false };
  (hit.el as HTMLElement).focus();
  return { op: 'focusByName', ok: true };
}

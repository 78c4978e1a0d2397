/**
 * Clickables: visible, enabled buttons outside any form group, keyed by the slug of their label
 * (with an index among equal keys), and clicking one again by that key. An editor's toolbar
 * buttons are no tools of their own (Summernote's seventeen buried the page's tools): `click`
 * still offers each by its text.
 */
import type { RawButton } from '../shared/page-script-types';
import type { PageScriptResponse } from '../shared/page-script-protocol';
import { labelKey, slug } from '../shared/slug';
import { region, visible, type Order, type RootInfo } from './dom';
import { facesSelect } from './field-controls';
import { inEditorToolbar } from './group-buttons';
import { buttonLabel } from './labels';
import { BUTTON_SEL } from './selectors';
import { contextOf } from './target-context';

export interface ButtonEntry {
  raw: RawButton;
  el: Element;
}

const MAX_BUTTONS = 80;

export function scanButtons(roots: RootInfo[], claimed: Set<Element>, order: Order): ButtonEntry[] {
  const out: ButtonEntry[] = [];
  const btnCount = new Map<string, number>();
  for (const ri of roots) {
    for (const b of Array.from(ri.root.querySelectorAll(BUTTON_SEL))) {
      if (claimed.has(b) || b.closest('form') || !visible(b) || inEditorToolbar(b) || facesSelect(b)) continue;
      if ((b as HTMLButtonElement).disabled) continue;
      if (b.tagName === 'A' && (b as HTMLAnchorElement).href && !/^javascript:|#$/.test(b.getAttribute('href') ?? ''))
        continue; // a link
      const label = buttonLabel(b);
      if (!label) continue;
      // A label in another script slugs to nothing: it keys by its text instead of going unseen.
      const key = slug(label) || labelKey(label);
      const idx = btnCount.get(key) ?? 0;
      btnCount.set(key, idx + 1);
      const reg = region(b);
      out.push({
        raw: {
          key,
          idx,
          label,
          inMain: reg.inMain,
          chrome: reg.chrome,
          frame: ri.frame,
          expanded: b.getAttribute('aria-expanded'),
          order: order.next++,
        },
        el: b,
      });
      if (out.length >= MAX_BUTTONS) break;
    }
  }
  // Equal buttons (an "Add to cart" per card): each says which card it sits in and how many
  // there are, so the one that becomes a tool is not taken for all of them.
  for (const b of out) {
    const count = btnCount.get(b.raw.key) ?? 1;
    if (count < 2) continue;
    b.raw.count = count;
    const context = contextOf(b.el, b.raw.label);
    if (context) b.raw.context = context;
  }
  return out;
}

/** Clicks the button with this key (and index, else the first with the key). */
export function clickButton(buttons: ButtonEntry[], key: string, idx: number): PageScriptResponse {
  let hit = buttons.find((b) => b.raw.key === key && b.raw.idx === idx);
  if (!hit) hit = buttons.find((b) => b.raw.key === key);
  if (!hit) return { op: 'click', ok: false };
  const el = hit.el as HTMLElement;
  // Deferred: a click that navigates must not destroy this evaluate's context before it returns.
  setTimeout(() => el.click(), 0);
  return { op: 'click', ok: true };
}

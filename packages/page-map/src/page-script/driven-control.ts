/**
 * What the form will send for a text box that has no name of its own, drawn by a widget over a
 * control the page hides: a combobox over a select (GOV.UK's accessible-autocomplete, select2,
 * Choices), which the widget sets only when what was typed is one of its options; or a box over a
 * textarea that collects items (The National Archives' "itemised rows": an item counts once added).
 * The box can show "Atlantis" while the form sends nothing, so the read-back asks the hidden
 * control, not the box.
 */
import { chipBoxOf, chipText } from './chips';
import { clean, isSubmitControl, offScreen, visible } from './dom';
import { buttonLabel } from './labels';

export type DrivenControl = HTMLSelectElement | HTMLTextAreaElement;

/** The hidden, named control matching `sel` of the box's form, nearest to the box (up to `levels` ancestors). */
function hiddenNear(el: HTMLInputElement, sel: string, levels: number): DrivenControl | null {
  let up = el.parentElement;
  for (let k = 0; k < levels && up && up !== el.form; k++, up = up.parentElement) {
    const hidden = Array.from(up.querySelectorAll(sel)).find(
      (c) => (c as DrivenControl).form === el.form && (!visible(c) || offScreen(c)),
    );
    if (hidden) return hidden as DrivenControl;
  }
  return null;
}

/**
 * The hidden control a nameless box stands for, or null: then the box is an ordinary field and
 * reads back as one. A combobox stands for the nearest hidden select of its form (outside a form,
 * one in its widget's own containers: USWDS's combo box in a dialog); a box of a form for a hidden
 * textarea right beside it (in its own container or the one above).
 */
export function drivenControl(el: HTMLInputElement): DrivenControl | null {
  if (el.tagName !== 'INPUT' || el.name) return null;
  const combobox = el.getAttribute('role') === 'combobox' || el.hasAttribute('aria-autocomplete');
  // Outside a form (a combo box in a dialog), only the widget's own containers are looked in.
  if (combobox) return hiddenNear(el, 'select[name]', el.form ? 20 : 3);
  return el.form ? hiddenNear(el, 'textarea[name]', 2) : null;
}

/** A box over a hidden textarea that collects items: what it holds counts only once added to the list. */
export const collectsItems = (el: Element): boolean =>
  el.tagName === 'INPUT' && drivenControl(el as HTMLInputElement)?.tagName === 'TEXTAREA';

/** The words of a button that adds what its box holds to a list: "Add", "Add to list", "+". */
const ADDS = /^(\+|add)\b/i;

/** The box's own "Add" button: a non-submit button in the box's container or the one above it. */
function addButtonOf(el: Element): HTMLElement | null {
  let up = el.parentElement;
  for (let k = 0; k < 2 && up; k++, up = up.parentElement) {
    const hit = Array.from(up.querySelectorAll('button,input[type=button],[role=button]')).find(
      (b) => !isSubmitControl(b) && visible(b) && ADDS.test(buttonLabel(b).trim()),
    );
    if (hit) return hit as HTMLElement;
  }
  return null;
}

/** The items a value asks for: one per line. */
export const itemsOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : String(v).split(/\r?\n/)).map((l) => l.trim()).filter(Boolean);

/**
 * Adds each item of `v` to the list a collecting box feeds, as a person does: the item in the box,
 * then its "Add" button, or Enter in the box when it has none (dispatched, so the box's own key
 * listener adds it and the form is not sent). An item already in the list is not added again.
 */
export function addItems(el: HTMLInputElement, v: unknown, setText: (text: string) => void): void {
  if (!heldItems(el)) return;
  const add = addButtonOf(el);
  const win = (el.ownerDocument.defaultView ?? window) as typeof window;
  for (const item of itemsOf(v)) {
    if (heldItems(el)!.some((l) => l.toLowerCase() === item.toLowerCase())) continue;
    if (el.value.trim() !== item) setText(item);
    if (add) add.click();
    else
      for (const type of ['keydown', 'keypress', 'keyup'])
        el.dispatchEvent(
          new win.KeyboardEvent(type, { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true } as KeyboardEventInit),
        );
  }
}

/**
 * The items a collecting box holds: what its hidden control will send, or the tags of a box of
 * tags (chips.ts: the form sends them, kept by the widget in a control it hid); null for neither.
 */
export function heldItems(el: Element): string[] | null {
  const list = drivenControl(el as HTMLInputElement);
  if (list) return sentValues(list);
  const box = chipBoxOf(el);
  return box ? box.chips.map((c, i) => chipText(c, box.removers[i]!)) : null;
}

/** What the hidden control will send: a select's chosen options by label, a textarea's lines. */
export function sentValues(c: DrivenControl): string[] {
  if (c.tagName === 'TEXTAREA')
    return c.value
      .split('\n')
      .map((l) => clean(l, 200))
      .filter(Boolean);
  return Array.from((c as HTMLSelectElement).selectedOptions)
    .filter((o) => o.value !== '')
    .map((o) => clean(o.label || o.text, 80));
}

/**
 * Waits for a widget to finish what leaving its box started (accessible-autocomplete confirms its
 * pick on blur and sets the select on its next render): a few short turns of the event loop,
 * bounded, so a value the widget refuses is reported promptly.
 */
export function widgetsSettled(turns = 8, stepMs = 25): Promise<void> {
  return new Promise((resolve) => {
    let left = turns;
    const tick = () => (--left <= 0 ? resolve() : setTimeout(tick, stepMs));
    setTimeout(tick, stepMs);
  });
}

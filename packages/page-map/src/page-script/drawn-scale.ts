/**
 * A rating or scale a script drew over a hidden <select>: right after the select, one item a
 * person presses per option (jQuery Bar Rating's bars, pills and stars: empty links that carry
 * the option in data attributes), one of them marked as the current one. The widget does not
 * hear the select's change: setting the select alone left it showing the old rating, and the
 * fill answered success. After a fill the item of the chosen option is pressed, as a person does,
 * and the widget is read back by its mark (drawn-select.ts drives it).
 */
import { clean, visible } from './dom';

/** What an item of the scale can be: the innermost of these. */
const ITEM = 'a,button,[role=radio],[role=option],[tabindex]';
/** A class word that marks an item as chosen (`br-current`, `is-active`, `selected`). */
const MARK = /^(current|active|checked|selected|on)$/i;

export interface Scale {
  /** `items[i]` stands for `options[i]`. */
  items: HTMLElement[];
  options: HTMLOptionElement[];
}

/** The item says the option: a data attribute holding its value, or its own text or name. */
function saysOption(item: HTMLElement, o: HTMLOptionElement): boolean {
  if (Object.values(item.dataset).some((v) => v === o.value)) return true;
  const name = clean(item.textContent || item.getAttribute('aria-label') || item.title || '');
  return name !== '' && name === clean(o.text);
}

/** The scale drawn right after a hidden select, one item per option (null: none). */
export function scaleFor(sel: HTMLSelectElement): Scale | null {
  if (sel.multiple || visible(sel)) return null;
  const next = sel.nextElementSibling;
  if (!next || !visible(next)) return null;
  const items = Array.from(next.querySelectorAll<HTMLElement>(ITEM)).filter((i) => !i.querySelector(ITEM));
  // An option with no words is the select's "no rating" (whatever its value): no item stands for it.
  const options = Array.from(sel.options).filter((o) => clean(o.text) !== '');
  if (items.length < 2 || items.length !== options.length) return null;
  // Drawn in reverse (a reversed scale), the items say which option each is; else by position.
  const byWords = options.map((o) => items.find((i) => saysOption(i, o)));
  return { items: byWords.every(Boolean) ? (byWords as HTMLElement[]) : items, options };
}

/** The item marked as chosen, alone among the items to carry that mark (-1: none). */
export function markedIndex({ items }: Scale): number {
  const marks = items.map((i) => {
    const words = Array.from(i.classList).flatMap((c) => c.split(/[-_]/));
    if (i.getAttribute('aria-checked') === 'true' || i.getAttribute('aria-selected') === 'true') words.push('checked');
    return new Set(words.filter((w) => MARK.test(w)).map((w) => w.toLowerCase()));
  });
  for (const word of new Set(marks.flatMap((m) => [...m]))) {
    const holders = marks.flatMap((m, k) => (m.has(word) ? [k] : []));
    if (holders.length === 1) return holders[0]!;
  }
  return -1;
}

/** The scale shows the select's chosen option (or, with no mark at all, the select holds it). */
export function scaleShows(sel: HTMLSelectElement, scale: Scale): boolean {
  const want = scale.options.indexOf(sel.selectedOptions[0]!);
  const marked = markedIndex(scale);
  return want >= 0 && marked === want;
}

/**
 * Presses the item of the select's chosen option. The select goes back first to what the scale
 * shows: the widget reports a change (the page's handler runs) only when the press differs.
 */
export function pressScaleItem(sel: HTMLSelectElement, scale: Scale, press: (el: Element) => void): void {
  const want = scale.options.indexOf(sel.selectedOptions[0]!);
  if (want < 0) return;
  const shown = markedIndex(scale);
  if (shown >= 0) sel.selectedIndex = scale.options[shown]!.index;
  press(scale.items[want]!);
}

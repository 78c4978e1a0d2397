/**
 * Read-back: after filling, what each field holds is read from the page and compared with what was
 * asked. A widget that swallowed the keys (a spin button that only takes digits, a field reset by
 * its own script) then shows up as a field that does not hold its value, and the tool reports it
 * instead of answering success. Comparison allows what a person accepts as the same value: case
 * and spacing, a mask's punctuation ("(555) 123-4567"), a number's grouping ("1,000").
 */
import { splitCodeValue } from './split-code';
import type { RawField } from '../shared/page-script-types';
import type { FileData, FillField, ReadBack } from '../shared/page-script-protocol';
import { filesReadBack } from './files';
import { clean } from './dom';
import { collectsItems, drivenControl, heldItems, itemsOf, sentValues } from './driven-control';

const CHOICE_TYPES = new Set(['radio', 'checkbox-group', 'select']);

/** The chosen options of a radio group, box group or select: their values and labels. */
function chosen(raw: RawField, els: Element[]): { values: string[]; labels: string[] } {
  if (raw.type === 'select') {
    const opts = Array.from((els[0] as HTMLSelectElement).selectedOptions);
    return { values: opts.map((o) => o.value), labels: opts.map((o) => clean(o.label || o.text, 80)) };
  }
  const values: string[] = [];
  const labels: string[] = [];
  els.forEach((e, k) => {
    if (!(e as HTMLInputElement).checked) return;
    values.push(raw.optionValues?.[k] ?? (e as HTMLInputElement).value);
    labels.push(raw.options?.[k] ?? '');
  });
  return { values, labels };
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const alnum = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const NUMERIC = /^[-+]?[\d\s.,]*\d[\d\s.,]*$/;
const numberOf = (s: string) => Number(s.replace(/[\s,]/g, ''));

/** Text held against text asked: equal up to case and spacing, a mask's punctuation, or as numbers. */
export function sameText(asked: string, held: string): boolean {
  if (norm(asked) === norm(held)) return true;
  // A number: "1.5" held as "15" is another value; "1,000" or a currency mask's "$1,000.00" for
  // 1000 is the same.
  const heldNumber = held.replace(/[^\d\s.,+-]/g, '').trim();
  if (NUMERIC.test(asked.trim()) && NUMERIC.test(heldNumber)) return numberOf(asked) === numberOf(heldNumber);
  return alnum(asked) !== '' && alnum(asked) === alnum(held);
}

/** The choices asked for, lower-cased: one value or a list. */
export function wantedList(v: FillField['value']): string[] {
  return (Array.isArray(v) ? v : [v]).map((x) => String(x).toLowerCase());
}

const isOn = (v: FillField['value']) => v === true || v === 'true' || v === 'on' || v === 'yes' || v === 1 || v === '1';

/**
 * A box that feeds a list (driven-control.ts): it holds what was asked when every item asked for
 * is in the list the form sends (the box itself is emptied as each is added).
 */
function listReadBack(el: HTMLInputElement, want: FillField): ReadBack {
  const sent = heldItems(el) ?? [];
  const items = itemsOf(want.value);
  const holds = items.every((item) => sent.some((l) => sameText(item, l)));
  return holds
    ? { param: want.param, holds, value: clean(items.join('\n'), 200) }
    : { param: want.param, holds, value: clean(el.value, 200), unsent: true };
}

/** What the field holds now, and whether that is what was asked. */
export function readBack(raw: RawField, els: Element[], want: FillField): ReadBack {
  const el = els[0] as HTMLInputElement;
  const secret = raw.type === 'password';
  if (raw.type === 'file') return filesReadBack(el, want.param, want.value as FileData[]);
  if (raw.type === 'checkbox') return { param: want.param, holds: el.checked === isOn(want.value), value: el.checked };
  if (CHOICE_TYPES.has(raw.type)) {
    const { values, labels } = chosen(raw, els);
    const wanted = wantedList(want.value);
    const matches = (k: number) =>
      wanted.includes(values[k]!.toLowerCase()) || wanted.includes(labels[k]!.toLowerCase());
    const holds = values.length === wanted.length && values.every((_, k) => matches(k));
    const many = raw.type === 'checkbox-group' || raw.multiple;
    return { param: want.param, holds, value: many ? labels : (labels[0] ?? '') };
  }
  if (!secret && (collectsItems(el) || raw.collects)) return listReadBack(el, want);
  const held = raw.split
    ? splitCodeValue(els)
    : raw.type === 'contenteditable'
      ? (el as HTMLElement).innerText || el.textContent || ''
      : el.value;
  // A box of tags the Enter emptied as it added the tag (chips.ts): it holds its tags, said whole.
  const tags = held === '' && !secret ? heldItems(el) : null;
  if (tags?.some((t) => sameText(String(want.value), t)))
    return { param: want.param, holds: true, value: clean(tags.join(', '), 200) };
  // A combobox that completes inline ("Ala" → "Alabama", the rest selected) holds what was typed.
  const completed = raw.entersOn === true && norm(held).startsWith(norm(String(want.value)));
  const holds = completed || sameText(String(want.value), held) || collectedBeside(el, held, String(want.value));
  // A box drawn over a hidden control: what counts is what that control will send (driven-control.ts).
  const driven = holds ? drivenControl(el) : null;
  if (driven) {
    const sent = sentValues(driven);
    const sends = sent.some((l) => sameText(held, l) || sameText(String(want.value), l));
    if (!sends) return { param: want.param, holds: false, value: clean(held, 200), unsent: true };
  }
  return secret ? { param: want.param, holds } : { param: want.param, holds, value: clean(held, 200) };
}

/**
 * A tag or chip box: what was typed became an item beside it ("7" a tag of the list, RapiDoc's
 * array parameters) and the box emptied. It took the value when the box is empty and an item
 * in its container (or the one above) says the value.
 */
function collectedBeside(el: Element, held: string, want: string): boolean {
  if (held !== '' || !want.trim() || el.tagName !== 'INPUT') return false;
  let up = el.parentElement;
  for (let k = 0; k < 2 && up; k++, up = up.parentElement) {
    for (const item of Array.from(up.children)) {
      if (item === el || item.contains(el) || item.matches('input,select,textarea,button')) continue;
      if (sameText(want, (item as HTMLElement).innerText ?? item.textContent ?? '')) return true;
    }
  }
  return false;
}

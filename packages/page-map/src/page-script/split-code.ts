/**
 * A code drawn as a row of one-character boxes (a one-time code as six boxes, each `maxlength=1`,
 * side by side in one container): a person reads one field, the code, and types it across the
 * boxes. Before, Gentelella's two-factor page offered `digit_1_of_6` … `digit_6_of_6`, and an
 * agent given "123456" had no param to put it in.
 */
import type { RawField } from '../shared/page-script-types';
import { slug } from '../shared/slug';
import { clean, type RootInfo } from './dom';
import { labelOf } from './labels';
import { setNativeValue } from './native-value';

/** Fewest boxes a split code has (a PIN of four). */
const MIN_BOXES = 4;
const BOX_TYPES = new Set(['text', 'tel', 'number', 'password', '']);

const oneCharBox = (el: Element | undefined): el is HTMLInputElement =>
  el?.tagName === 'INPUT' &&
  BOX_TYPES.has((el as HTMLInputElement).type.toLowerCase()) &&
  (el as HTMLInputElement).maxLength === 1;

/** One field for the boxes raw[i..i+n): named by their container ("One-time password") or what is before it. */
function merged(raw: RawField[], els: Element[][], i: number, n: number, ri: RootInfo): RawField {
  const first = raw[i]!;
  const row = els[i]![0]!.parentElement!;
  const { label, nearby } = labelOf(row, ri.root);
  const boxes = els.slice(i, i + n).map((e) => e[0] as HTMLInputElement);
  const otp = boxes.some((b) => b.autocomplete === 'one-time-code');
  const name = clean(label || nearby, 80) || (otp ? 'One-time code' : 'Code');
  const f: RawField = {
    ...first,
    label: name,
    nearby: '',
    name: '',
    id: '',
    placeholder: '',
    maxlength: n,
    autocomplete: otp ? 'one-time-code' : first.autocomplete,
    split: n,
  };
  f.key = `split:${slug(name) || '_'}`;
  return f;
}

/** Merges each run of one-character boxes with one parent into one field (in place). */
export function mergeSplitCodes(raw: RawField[], els: Element[][], ri: RootInfo): void {
  for (let i = 0; i < raw.length; i++) {
    const box = els[i]![0];
    if (els[i]!.length !== 1 || !oneCharBox(box)) continue;
    let j = i + 1;
    while (
      j < raw.length &&
      els[j]!.length === 1 &&
      oneCharBox(els[j]![0]) &&
      els[j]![0]!.parentElement === box.parentElement
    )
      j++;
    if (j - i < MIN_BOXES) continue;
    const f = merged(raw, els, i, j - i, ri);
    els.splice(i, j - i, els.slice(i, j).flat());
    raw.splice(i, j - i, f);
  }
}

/** Puts each character of `code` in its box, as the page's own typing would; boxes beyond it are emptied. */
export function setSplitCode(boxes: Element[], code: string): void {
  const chars = Array.from(code.replace(/\s+/g, ''));
  boxes.forEach((el, k) => {
    const box = el as HTMLInputElement;
    const want = chars[k] ?? '';
    if (box.value !== want) setNativeValue(box, want);
  });
}

/** What the boxes hold together. */
export const splitCodeValue = (boxes: Element[]): string => boxes.map((b) => (b as HTMLInputElement).value).join('');

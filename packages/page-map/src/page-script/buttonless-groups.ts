/**
 * Groups of loose fields with no button near them (form-groups.ts finds none): a lone search box
 * (it works with Enter) or other standalone field, filled and never sent; boxes and radios that
 * act as they change; the fields of one fieldset. Each sends nothing.
 */
import { clean, positionedOver, type RootInfo, visible } from './dom';
import { isOpenerBox, looseFields } from './field-controls';
import { BUTTON_SEL, FIELD_SEL } from './selectors';
import type { Group } from './form-groups';
import { isChoice, searchBox } from './group-buttons';

/** Most standalone fields offered as tools on one page (past that they are a page region's inputs). */
const MAX_STANDALONE = 6;
/** Input types a standalone field may have: text a person types, or a choice in a list. */
export const STANDALONE_TYPES = new Set(['', 'text', 'email', 'url', 'tel', 'number', 'search', 'password']);

/**
 * A loose field with no button near it: a lone search box (it works with Enter), or a standalone
 * field (filled, never sent) while fewer than MAX_STANDALONE were found; else nothing.
 */
export function buttonlessGroup(f: Element, ri: RootInfo, standaloneSoFar: number): Group | null {
  const t = ((f as HTMLInputElement).type || '').toLowerCase();
  const container = f.parentElement ?? f;
  if (isOpenerBox(f)) return null;
  if (searchBox(f)) return { kind: 'widget', container, form: null, fields: [f], buttons: [], ri };
  // A file input alone: the page reads the files as they are chosen (an upload on change).
  if (standaloneSoFar < MAX_STANDALONE && (f.tagName !== 'INPUT' || STANDALONE_TYPES.has(t) || t === 'file'))
    return { kind: 'widget', container, form: null, fields: [f], buttons: [], ri, standalone: true };
  return null;
}

/**
 * Loose boxes and radios with no button near them (a fieldset of choices styled as buttons, as
 * jQuery UI's checkboxradio draws them): one group that sets them and sends nothing. Before, no
 * tool took them and no click target named them (their inputs are hidden behind their labels).
 */
export function choiceGroup(f: Element, ri: RootInfo, claimed: Set<Element>): Group | null {
  // A box wrapped in its label (Bootstrap's button group of radios: <label><input> Blue</label>)
  // has its siblings beside the label, not inside it.
  const holder = f.parentElement?.tagName === 'LABEL' ? f.parentElement : f;
  const container = f.closest('fieldset,[role=radiogroup],[role=group]') ?? holder.parentElement ?? f;
  const fields = looseFields(container, claimed);
  if (fields.length === 0 || fields.length > 12 || !fields.every(isChoice)) return null;
  for (const e of fields) claimed.add(e);
  return { kind: 'widget', container, form: null, fields, buttons: [], ri, choices: true };
}

/**
 * Loose fields of one fieldset with no button near them (USWDS's memorable date: a month list and
 * day and year boxes under the legend "Date of Birth"): one group that fills them and sends
 * nothing. Before, each was a tool of its own (`choose_month`, `fill_day`, `fill_year`).
 */
export function fieldsetGroup(f: Element, ri: RootInfo, claimed: Set<Element>): Group | null {
  const set = f.closest('fieldset');
  if (!set) return null;
  const fields = looseFields(set, claimed);
  if (fields.length < 2 || fields.length > 12) return null;
  for (const e of fields) claimed.add(e);
  return { kind: 'widget', container: set, form: null, fields, buttons: [], ri };
}

/** A box a person types a short text into (not a list, box to tick or file). */
export const typedBox = (e: Element): boolean =>
  e.tagName === 'INPUT' && STANDALONE_TYPES.has(((e as HTMLInputElement).type || '').toLowerCase());

/** Levels above a box where its pair's wrapper may be; words a wrapper may hold besides the boxes. */
const PAIR_LEVELS = 3;
const PAIR_WORDS = 24;

/**
 * What a person sees in a wrapper beside its boxes: its words, and whether a control shows. What
 * is hidden or floats over the page is left out: the widget's own drop-down, drawn inside the
 * wrapper (a calendar with its buttons), hidden until a box is focused, shown while it is typed into.
 */
function besideBoxes(up: Element): { words: string; control: boolean } {
  let words = '';
  let control = false;
  const walk = (n: Node): void => {
    if (n.nodeType === 3) words += ` ${n.nodeValue ?? ''}`;
    const el = n as Element;
    if (n.nodeType !== 1 || el.matches(FIELD_SEL) || !visible(el) || positionedOver(el)) return;
    if (el.matches(`${BUTTON_SEL},a[href],label`)) control = true;
    for (const c of Array.from(n.childNodes)) walk(c);
  };
  for (const c of Array.from(up.childNodes)) walk(c);
  return { words: clean(words), control };
}

/**
 * Two typed boxes side by side in one small wrapper with only a word or two between them and
 * nothing else to use (a range: Vanilla JS Datepicker's "[start] to [end]", a price "from … to
 * …"): one group that fills both and sends nothing. Before, each was a tool of its own, and an
 * agent asked for a range filled the start alone.
 */
export function pairGroup(f: Element, ri: RootInfo, claimed: Set<Element>): Group | null {
  if (!typedBox(f)) return null;
  let up = f.parentElement;
  for (let k = 0; k < PAIR_LEVELS && up && up.tagName !== 'BODY'; k++, up = up.parentElement) {
    const all = up.querySelectorAll(FIELD_SEL);
    if (all.length > 2) return null;
    if (all.length < 2) continue;
    const fields = looseFields(up, claimed);
    if (fields.length !== 2 || !fields.every(typedBox)) return null;
    const beside = besideBoxes(up);
    if (beside.control || beside.words.length > PAIR_WORDS) return null;
    for (const e of fields) claimed.add(e);
    return { kind: 'widget', container: up, form: null, fields, buttons: [], ri };
  }
  return null;
}

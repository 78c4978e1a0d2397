/**
 * Groups of loose fields with no button near them (form-groups.ts finds none): a lone search box
 * (it works with Enter) or other standalone field, filled and never sent; boxes and radios that
 * act as they change; the fields of one fieldset. Each sends nothing.
 */
import { chipBoxOf } from './chips';
import { clean, positionedOver, type RootInfo, visible } from './dom';
import { isOpenerBox, looseFields } from './field-controls';
import { hearsItsKeys } from './listens';
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
  const container = f.closest('fieldset,[role=radiogroup],[role=group]') ?? choicesAround(holder, claimed);
  const fields = looseFields(container, claimed);
  if (fields.length === 0 || fields.length > 12 || !fields.every(isChoice)) return null;
  for (const e of fields) claimed.add(e);
  return { kind: 'widget', container, form: null, fields, buttons: [], ri, choices: true };
}

/** Levels above a box's own wrapper where the boxes beside it may be. */
const CHOICE_LEVELS = 2;

/**
 * The block holding a box and the boxes beside it, each maybe in a wrapper of its own (JSON
 * Editor's "1" … "5", each in its own `div` under "Checkbox 1"): the highest of the wrapper's
 * parent and up to CHOICE_LEVELS blocks above it that still hold only boxes and radios. Before,
 * each was a tool of its own (`set_1` … `set_5`).
 */
function choicesAround(holder: Element, claimed: Set<Element>): Element {
  let best = holder.parentElement ?? holder;
  for (let k = 0; k < CHOICE_LEVELS; k++) {
    const up = best.parentElement;
    if (!up || up.tagName === 'BODY') break;
    const fields = looseFields(up, claimed);
    if (fields.length > 12 || !fields.every(isChoice)) break;
    best = up;
  }
  return best;
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

/** Most fields one table of fields may hold as a group (more: a page region's inputs). */
const MAX_TABLE_FIELDS = 24;

/**
 * Loose fields in the rows of one table with no button that sends them (an array edited as a
 * table: JSON Editor's rows, each with its "Delete" and "Move up"): one group that fills them and
 * sends nothing, each field told by its row (labels.ts, sectionOf). Before, each was a tool of its
 * own, `fill_i_am_a_node` and `fill_i_am_a_node_2`, described alike.
 */
export function tableGroup(f: Element, ri: RootInfo, claimed: Set<Element>): Group | null {
  const table = f.closest('tr')?.closest('table');
  if (!table) return null;
  const fields = looseFields(table, claimed);
  if (fields.length < 2 || fields.length > MAX_TABLE_FIELDS || !fields.every(plainField)) return null;
  if (new Set(fields.map((e) => e.closest('tr'))).size < 2) return null;
  for (const e of fields) claimed.add(e);
  return { kind: 'widget', container: table, form: null, fields, buttons: [], ri };
}

/** Levels above a field where the section holding its neighbours may be. */
const SECTION_LEVELS = 4;

/**
 * Loose fields of one section with no button that sends them (a form drawn from a schema that
 * keeps its value as it is edited: JSON Editor's person, "name", "age", "gender"): one group that
 * fills them and sends nothing — the nearest block above the field (within SECTION_LEVELS) that
 * holds others, at most MAX_TABLE_FIELDS. A search box keeps its own tool. Before, each was a
 * tool of its own, and past six such fields on a page the rest had none.
 */
export function sectionGroup(f: Element, ri: RootInfo, claimed: Set<Element>): Group | null {
  if (!plainField(f)) return null;
  let up = f.parentElement;
  for (let k = 0; k < SECTION_LEVELS && up && up.tagName !== 'BODY'; k++, up = up.parentElement) {
    const all = looseFields(up, claimed);
    if (all.length > MAX_TABLE_FIELDS || !all.every(plainField)) return null;
    const fields = all.filter((e) => !searchBox(e));
    if (fields.length < 2) continue;
    if (headingBetween(up, fields)) return null;
    for (const e of fields) claimed.add(e);
    return { kind: 'widget', container: up, form: null, fields, buttons: [], ri };
  }
  return null;
}

/**
 * A heading between two of the fields: they are two sections (a demo page's examples, each under
 * its own heading: the Cypress kitchen sink's "Select a fruit" list and its multiple list).
 */
function headingBetween(up: Element, fields: Element[]): boolean {
  const first = fields[0]!;
  const last = fields[fields.length - 1]!;
  return Array.from(up.querySelectorAll('h1,h2,h3,h4,h5,h6,legend')).some(
    (h) =>
      first.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING &&
      h.compareDocumentPosition(last) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
}

/**
 * A field that is only what it holds: not a box of tags, a combo box, a box that suggests as it
 * is typed in or one whose key presses the page hears (Swagger UI's parameter boxes, sent by
 * Enter), whose own tool (add a tag, pick a suggestion, press Enter) a group's would hide. Before,
 * bootstrap-tagsinput's examples became one tool whose tags were never added.
 */
const plainField = (e: Element): boolean =>
  !chipBoxOf(e) &&
  !hearsItsKeys(e) &&
  !e.matches('[role=combobox],[aria-autocomplete],[list],[aria-haspopup]') &&
  !(e.parentElement?.querySelector('[role=listbox],[role=menu]') && typedBox(e));

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

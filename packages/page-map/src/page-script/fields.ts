/**
 * Fields as JSON: type, name, label and constraints of each control, with radios and same-name
 * checkboxes merged into one field with options. A field's `key` (type + name, else the slug of
 * its label or placeholder) is its stable identity: never a generated id or a value, so the same
 * form re-rendered yields the same keys.
 */
import type { RawField } from '../shared/page-script-types';
import { slug } from '../shared/slug';
import { chipBoxOf, chipText } from './chips';
import { revealerOf } from './conditional';
import { clean, textOf, visible, type RootInfo } from './dom';
import { collectsItems } from './driven-control';
import type { Group } from './form-groups';
import { hintOf, labelOf, sectionOf } from './labels';
import { actsOnKeys, hearsItsKeys } from './listens';
import { mergeSplitCodes } from './split-code';

/** Most options of a list the page map lists; a longer list's param takes any of them by its text. */
const MAX_OPTIONS = 50;

export const fieldKey = (f: RawField): string =>
  `${f.type}:${f.name || slug(f.label) || slug(f.placeholder) || f.id || '_'}`;

export const describeField = (el: Element, ri: RootInfo): RawField => {
  const tag = el.tagName.toLowerCase();
  const inp = el as HTMLInputElement;
  const type =
    tag === 'input'
      ? (inp.type || 'text').toLowerCase()
      : tag === 'select'
        ? 'select'
        : tag === 'textarea'
          ? 'textarea'
          : 'contenteditable';
  const { label, nearby, note } = labelOf(el, ri.root);
  const f: RawField = {
    key: '',
    type,
    name: el.getAttribute('name') ?? '',
    id: el.id ?? '',
    label,
    nearby,
    placeholder: clean(el.getAttribute('placeholder'), 100),
    autocomplete: (el.getAttribute('autocomplete') ?? '').toLowerCase(),
    required: inp.required === true || el.getAttribute('aria-required') === 'true',
    multiple: tag === 'select' ? (el as HTMLSelectElement).multiple : type === 'file' && inp.multiple,
    paramDesc: clean(el.getAttribute('toolparamdescription'), 200),
    inputmode: (el.getAttribute('inputmode') ?? '').toLowerCase(),
    maxlength: inp.maxLength > 0 ? inp.maxLength : 0,
    pattern: el.getAttribute('pattern') ?? '',
    section: sectionOf(el),
  };
  if (type === 'contenteditable' && !label) takeOverTextarea(f, el, ri);
  if (type === 'file' && inp.accept) f.accept = clean(inp.accept, 100);
  const hint = hintOf(el, ri.root) || note;
  if (hint) f.hint = hint;
  const box = revealerOf(el);
  if (box && !['radio', 'checkbox'].includes(type)) f.revealedBy = clean(labelOf(box, ri.root).label || box.value, 80);
  if (actsOnEnter(el)) f.entersOn = true;
  else if (ONE_LINE.has(type) && hearsItsKeys(el)) f.hearsKeys = true;
  if (ONE_LINE.has(type) && drawsSuggestions(el)) f.suggests = true;
  if (isLocked(el)) f.locked = true;
  if (collectsItems(el)) f.collects = true;
  const chips = chipBoxOf(el);
  if (chips) {
    f.tags = chips.chips.map((c, i) => chipText(c, chips.removers[i]!)).slice(0, 20);
    // Choices.js makes its box `type=search`: a tag typed there is no query, its form no search.
    if (type === 'search') f.type = 'text';
  }
  if (tag === 'select') {
    const prompt = promptOption(el as HTMLSelectElement);
    // The prompt ("--Select a fruit--") is no choice: it says what the list is for, as a placeholder does.
    if (prompt && !f.placeholder) f.placeholder = clean(prompt.text.replace(DASHES, ''), 100);
    const opts = Array.from((el as HTMLSelectElement).options).filter(
      (o) => !o.matches(':disabled') && o !== prompt && !(o.value === '' && o.index === 0),
    );
    f.options = opts.slice(0, MAX_OPTIONS).map((o) => clean(o.label || o.text, 80));
    f.optionValues = opts.slice(0, MAX_OPTIONS).map((o) => o.value);
    if (opts.length > MAX_OPTIONS) f.optionCount = opts.length;
  }
  f.key = fieldKey(f);
  return f;
};

/**
 * A rich-text editor that replaced a textarea (Summernote, CKEditor and TinyMCE hide it and draw
 * their editor right after it; others keep it hidden right after their editor, in sync, as
 * Gentelella's does) is that textarea to a person: its editable region, nameless, takes the
 * textarea's label, name and id ("compose-textarea" in AdminLTE's mail form, "About" in
 * Gentelella's form page, not `field_3` or `field_1`).
 */
function takeOverTextarea(f: RawField, el: Element, ri: RootInfo): void {
  let cur: Element | null = el;
  for (let up = 0; up < 4 && cur; up++, cur = cur.parentElement) {
    for (const beside of [cur.previousElementSibling, cur.nextElementSibling]) {
      if (beside?.tagName !== 'TEXTAREA' || visible(beside)) continue;
      // The editor's own source-view box (Summernote's `.note-codable`) names nothing: look further up.
      const label = labelOf(beside, ri.root).label;
      const name = beside.getAttribute('name') ?? '';
      if (!label && !name && !beside.id) continue;
      f.label = label;
      f.name ||= name;
      f.id ||= beside.id;
      f.nearby = '';
      return;
    }
  }
}

const DASHES = /^[\s\-–—_*.]+|[\s\-–—_*.…]+$/g;
const PROMPT_WORDS = /^(please\s+)?(select|choose|pick)\b/i;

/**
 * A single select's first option when it is a prompt, not a choice: empty-valued, or without a
 * value of its own and worded as a prompt ("--Select a fruit--", "Choose…").
 */
const promptOption = (sel: HTMLSelectElement): HTMLOptionElement | null => {
  const first = sel.options[0];
  if (!first || sel.multiple) return null;
  const text = first.text.trim();
  const ownValue = first.hasAttribute('value') && first.value !== '' && first.value !== first.text;
  if (ownValue) return null;
  if (first.value === '') return text.replace(DASHES, '') ? first : null;
  return PROMPT_WORDS.test(text.replace(DASHES, '')) || /^--.*--$/.test(text) ? first : null;
};

/** Typed fields where Enter is no newline: it adds, sends or confirms what was typed. */
const ONE_LINE = new Set(['text', 'search', 'email', 'url', 'tel', 'number']);
/** A field shown but not for typing into: read-only or disabled (a demo's password box, a filled-in summary). */
const isLocked = (el: Element): boolean =>
  (el as HTMLInputElement).readOnly === true ||
  (el as HTMLInputElement).disabled === true ||
  el.getAttribute('aria-readonly') === 'true' ||
  el.getAttribute('aria-disabled') === 'true';

/**
 * A field that acts on Enter by its own declaration: a combobox (Enter accepts the suggestion) or
 * an `enterkeyhint` that names an action ("send", "go", "done", "search", "enter").
 */
const actsOnEnter = (el: Element): boolean =>
  isCombobox(el) || /^(enter|done|go|send|search)$/i.test(el.getAttribute('enterkeyhint') ?? '');

/** A combobox by its own declaration: role=combobox, or aria-autocomplete="list"/"both". */
export const isCombobox = (el: Element): boolean =>
  el.getAttribute('role') === 'combobox' || /^(list|both)$/i.test(el.getAttribute('aria-autocomplete') ?? '');

/**
 * The page draws its own suggestions under this field as it is typed into: a combobox by its role,
 * or a field with the browser's suggestions turned off whose key presses the page's script
 * handles on the field itself (jQuery UI's autocomplete says nothing else).
 */
export const drawsSuggestions = (el: Element): boolean =>
  isCombobox(el) || ((el.getAttribute('autocomplete') ?? '').toLowerCase() === 'off' && actsOnKeys(el));

/** The legend of the fieldset around a box or radio ('' when none). */
const legendOf = (el: Element): string => {
  const legend = el.closest('fieldset')?.querySelector('legend');
  return legend ? textOf(legend, 100) : '';
};

/** Turns a group's elements into fields, merging radios (and same-name checkboxes) into one. */
export const groupFields = (g: Group): { raw: RawField[]; els: Element[][] } => {
  const raw: RawField[] = [];
  const els: Element[][] = [];
  const byName = new Map<string, number>();
  for (const el of g.fields) {
    const inp = el as HTMLInputElement;
    const t = (inp.type || '').toLowerCase();
    if ((t === 'radio' || t === 'checkbox') && inp.name) {
      const k = `${t}:${inp.name}`;
      const at = byName.get(k);
      const optLabel = labelOf(el, g.ri.root).label || inp.value;
      // A box without a value attribute sends "on": its label is what tells it from its siblings.
      const optValue = el.hasAttribute('value') ? inp.value : clean(optLabel, 80);
      if (at !== undefined) {
        raw[at]!.options!.push(clean(optLabel, 80));
        raw[at]!.optionValues!.push(optValue);
        // Boxes that share a name are one list: named by its legend, not by its first box.
        if (t === 'checkbox' && raw[at]!.type !== 'checkbox-group') {
          raw[at]!.type = 'checkbox-group';
          raw[at]!.label = legendOf(el) || raw[at]!.label;
        }
        els[at]!.push(el);
        continue;
      }
      const f = describeField(el, g.ri);
      // The group's own label is the fieldset legend or the nearby text; the element label names an option.
      const groupLabel = el.getAttribute('role') === null ? legendOf(el) : '';
      f.options = [clean(optLabel, 80)];
      f.optionValues = [optValue];
      if (t === 'radio') {
        f.label = groupLabel || f.nearby || inp.name;
      } else {
        f.label = f.label || groupLabel;
      }
      f.key = fieldKey({ ...f, label: t === 'radio' ? '' : f.label });
      byName.set(k, raw.length);
      raw.push(f);
      els.push([el]);
      continue;
    }
    const f = describeField(el, g.ri);
    // A box of tags in a form: what it holds counts once added as a tag, as the form sends the
    // tags (the fill adds each, read back from the tags); a standalone one adds with its own Enter.
    if (f.tags && !g.standalone) f.collects = true;
    raw.push(f);
    els.push([el]);
  }
  mergeSplitCodes(raw, els, g.ri);
  introIsNoLabel(raw);
  uniqueKeys(raw);
  return { raw, els };
};

/**
 * A text before several fields of one group is their form's intro ("Register a new membership",
 * "Compose New Message"), not the label of any one of them: each field with a placeholder of its
 * own ("Full name", "Email") is named by it. Before, all four of AdminLTE's sign-up boxes were
 * `register_a_new_membership`, `_2`, `_3`, `_4`.
 */
const introIsNoLabel = (raw: RawField[]): void => {
  const count = new Map<string, number>();
  for (const f of raw) if (!f.label && f.nearby) count.set(f.nearby, (count.get(f.nearby) ?? 0) + 1);
  for (const f of raw) if (!f.label && f.placeholder && (count.get(f.nearby) ?? 0) > 1) f.nearby = '';
};

/**
 * Fields that share a key (unlabelled inputs side by side, two selects with nothing to tell them
 * apart, equal labels in two lists) get an ordinal suffix (`text:_`, `text:_#2` …): each keeps
 * its own identity, so a value never lands in the first of them. Stable across re-renders of
 * the same group, as the order of its fields is.
 */
const uniqueKeys = (raw: RawField[]): void => {
  const seen = new Map<string, number>();
  for (const f of raw) {
    const n = (seen.get(f.key) ?? 0) + 1;
    seen.set(f.key, n);
    if (n > 1) f.key = `${f.key}#${n}`;
  }
};

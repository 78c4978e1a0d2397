/**
 * Which elements are fields a person can set, and which of them are on screen: a disabled control
 * is none; a select a script hid and drew again (Select2, Chosen) counts as shown, and the boxes of
 * that drawing are its own, no fields.
 */
import { chipBoxOf } from './chips';
import { fileOpenerOf } from './file-opener';
import { offScreen, positionedOver, visible } from './dom';
import { scaleFor } from './drawn-scale';
import { BUTTON_SEL, CAPTCHA_WIDGET, FIELD_SEL, SKIP_INPUT_TYPES } from './selectors';

/**
 * A control a person can set. A disabled one (`disabled`, or inside a disabled fieldset) is not:
 * the browser neither lets anyone change it nor sends it, so a param for it would be filled and
 * lost. Before, AdminLTE's form pages offered `text_disabled` and `select_disabled`, and a fill
 * answered success. A read-only field stays: date pickers make theirs read-only and set it.
 */
export const isField = (el: Element): boolean => {
  const tag = el.tagName;
  if ((tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') && el.matches(':disabled')) return false;
  if (tag === 'INPUT') return !SKIP_INPUT_TYPES.has(((el as HTMLInputElement).type || 'text').toLowerCase());
  if (tag === 'SELECT' || tag === 'TEXTAREA') return true;
  return (el as HTMLElement).isContentEditable === true && el.getAttribute('contenteditable') !== null;
};

/** Class words of the widgets that scripts draw in place of a <select> (Chosen, nice-select, Choices…). */
const SELECT_WIDGET = /select|chosen|dropdown|choices|combo|picker/i;

/** Drawn, yet no one sees it: transparent, or less than two pixels across either way, or off the page. */
const unseen = (el: Element): boolean => {
  const r = el.getBoundingClientRect();
  return !visible(el) || r.width < 2 || r.height < 2 || offScreen(el) || getComputedStyle(el).opacity === '0';
};

const opensList = (b: Element): boolean =>
  b.hasAttribute('aria-haspopup') || b.hasAttribute('aria-expanded') || b.getAttribute('role') === 'combobox';

/**
 * What a script drew right after a <select> to stand for it, when it did: its own dropdown
 * (Chosen, nice-select: named like one or showing the chosen option), or a button opening its
 * own list over a select it made unseen (bootstrap-select: transparent, half a pixel wide). That
 * face is on screen and no field; setting the select still sets what the form sends (its change
 * event updates the face). Before, bootstrap-select's forms were tools named after the chosen
 * option ("bla", "brush"), said to submit by pressing its button.
 */
function faceOf(sel: Element): Element | null {
  const next = sel.nextElementSibling;
  if (!next || isField(next) || next.matches('a[href],label') || !visible(next)) return null;
  if (next.matches(BUTTON_SEL)) return opensList(next) && unseen(sel) ? next : null;
  const shown = (sel as HTMLSelectElement).selectedOptions[0]?.text.trim() ?? '';
  const named = SELECT_WIDGET.test(typeof next.className === 'string' ? next.className : '');
  // A scale of one item per option (a rating's bars or stars: drawn-scale.ts) stands for it too.
  const faces = named || (shown !== '' && (next.textContent ?? '').includes(shown));
  return faces || scaleFor(sel as HTMLSelectElement) ? next : null;
}

/** A select a script replaced with a face of its own, drawn right after it. */
const replacedSelect = (sel: Element): boolean => faceOf(sel) !== null;

/** The button standing for the select before it: no button that sends a form, no tool of its own. */
export const facesSelect = (b: Element): boolean => {
  const sel = b.previousElementSibling;
  return sel?.tagName === 'SELECT' && faceOf(sel) === b;
};

/**
 * A box inside the dropdown a script drew for a hidden select (Select2's search box among a
 * multiple select's chosen items) only filters that select's options: the select is the field.
 * Before, each of AdminLTE's multiple selects came with a `search` param beside it.
 */
export const inSelectWidget = (el: Element): boolean => {
  let cur: Element | null = el.parentElement;
  for (let up = 0; up < 6 && cur; up++, cur = cur.parentElement) {
    const before = cur.previousElementSibling;
    if (before?.tagName === 'SELECT' && replacedSelect(before)) return true;
    // bootstrap-select's list, floating after its button; not a field's wrapper that merely
    // follows another select's face (a Choices.js box of tags after a Select2 box).
    if (before && facesSelect(before) && positionedOver(cur)) return true;
  }
  return false;
};

/**
 * A box to type in with no room inside its border (a slider's value kept in a 0×0 input, its
 * border left drawn: ion.rangeSlider's `irs-hidden-input` is 4×4 pixels of border): no one sees
 * it or types in it. Before, each of AdminLTE's ion sliders was a field named after its scale.
 */
const noRoom = (el: Element): boolean => {
  if (el.tagName !== 'INPUT' && el.tagName !== 'TEXTAREA') return false;
  if (['checkbox', 'radio'].includes((el as HTMLInputElement).type)) return false;
  const box = el as HTMLElement;
  return box.clientWidth < 1 && box.clientHeight < 1;
};

/**
 * The named box a box of tags stands for, made transparent under it (Choices.js keeps its text
 * input so, holding "css,html"): no one sees or types in it; the box of tags is the field.
 */
const behindTags = (el: Element): boolean =>
  el.tagName === 'INPUT' &&
  getComputedStyle(el).opacity === '0' &&
  Array.from(el.parentElement?.querySelectorAll('input') ?? []).some((f) => f !== el && chipBoxOf(f)?.box.contains(el));

/**
 * Visible (and taking room, and no part of a drawn select), a styled checkbox, radio or file input
 * hidden behind a visible label, or a select a script replaced.
 */
export const fieldVisible = (el: Element): boolean => {
  if (el.closest(CAPTCHA_WIDGET)) return false; // a CAPTCHA widget's own checkbox is not a parameter
  if (visible(el) && !offScreen(el)) return !inSelectWidget(el) && !noRoom(el) && !behindTags(el);
  if (el.tagName === 'SELECT') return replacedSelect(el);
  const t = (el as HTMLInputElement).type;
  // A file input is often made unseen under a drop zone, or hidden behind the label or the button
  // that opens it (file-opener.ts).
  if (t === 'checkbox' || t === 'radio' || t === 'file') {
    const l = (el as HTMLInputElement).labels;
    return !!(l && Array.from(l).some((x) => visible(x))) || fileOpenerOf(el) !== null;
  }
  return false;
};

/** A read-only text box (the candidates; isOpenerBox decides). */
export const OPENER_BOX = 'input[readonly]:not([type]),input[readonly][type=text],input[readonly][type=search]';

/**
 * A read-only text box with no form and no button of its own is no field: no one types in it; a
 * click on it opens what fills it (a command palette, a picker). It is a click target, by its
 * label. Before, Gentelella's top-bar box "Open command palette" (read-only, ⌘K) was a tool that
 * typed into it and pressed Enter.
 */
export const isOpenerBox = (el: Element): boolean => el.matches(OPENER_BOX) && !(el as HTMLInputElement).form;

/** The fields under `container` outside any form that no group has taken yet and a person can set. */
export const looseFields = (container: Element, claimed: Set<Element>): Element[] =>
  Array.from(container.querySelectorAll(FIELD_SEL)).filter(
    (e) => !claimed.has(e) && !e.closest('form') && isField(e) && fieldVisible(e),
  );

/** Elements a drop-down holds at least (a calendar, a list): a floating icon beside a box holds fewer. */
const MIN_DROP_DOWN_ELEMENTS = 10;

/**
 * The drop-down a widget draws right after its field, floating over the page (Vanilla JS
 * Datepicker's calendar, with its «, » and month buttons): the field's own, shown while it is
 * typed into. Its buttons send no form: before, once the calendar showed, they were taken for the
 * box's buttons, the box's group changed under the tool, and the fill answered ELEMENT_GONE.
 */
export const dropDownOf = (f: Element): Element | null => {
  const next = f.nextElementSibling;
  if (!next || next.matches(`${FIELD_SEL},${BUTTON_SEL}`) || !positionedOver(next)) return null;
  const inside = next.getElementsByTagName('*').length;
  return inside >= MIN_DROP_DOWN_ELEMENTS && next.querySelectorAll(BUTTON_SEL).length >= 2 ? next : null;
};

/** The drop-downs of `fields` (dropDownOf), found once for all the buttons to be checked. */
export const dropDownsOf = (fields: readonly Element[]): Element[] =>
  fields.map(dropDownOf).filter((d): d is Element => d !== null);

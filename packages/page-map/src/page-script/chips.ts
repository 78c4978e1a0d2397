/**
 * Boxes of tags ("chips"): a text box drawn together with the tags it already holds, each tag with
 * its own remove control — a "×" in its text or drawn by its CSS, or a button that says "Remove".
 * It is how tag inputs and multiple selects are drawn (bootstrap-tagsinput, Select2, Choices.js,
 * Tagify, tom-select). A person reads the tags as the box's value and each tag's "×" as "remove
 * this one"; the box is named by what names the whole box, never by the last tag's text beside the
 * caret (before, bootstrap-tagsinput's boxes were all called "Cairo").
 */
import { clean, visible } from './dom';

/** What a tag's remove control shows: a cross or a bin, or a word that says so. */
export const CROSS = /^[×✕✖╳xX🗑]$/u;
const REMOVE_WORD = /^(remove|delete)\b/i;
/** A tag's words are few: a longer text beside a "×" is a message that can be closed. */
const MAX_TAG_TEXT = 40;
/** Levels above the box's text box where its tags may be (Select2's are one list up). */
const LEVELS = 3;

export interface ChipBox {
  /** The element that holds the text box and the tags. */
  box: Element;
  field: Element;
  /** The tags, in order, and each one's remove control. */
  chips: Element[];
  removers: Element[];
}

/** Whether the element's CSS draws a cross before or after it (bootstrap-tagsinput's "x", a row's "×"). */
export function drawsCross(el: Element): boolean {
  const win = el.ownerDocument.defaultView ?? window;
  return ['::before', '::after'].some((pseudo) =>
    CROSS.test(
      win
        .getComputedStyle(el, pseudo)
        .content.replace(/^["']|["']$/g, '')
        .trim(),
    ),
  );
}

/** A control in a tag that removes it: it says so (its words, name or drawn glyph), and takes a click. */
function isRemover(el: Element): boolean {
  // Its words first (cheap); the styles only for a control that says nothing (a glyph in ::after).
  const words = clean(el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent, 40);
  const says = CROSS.test(words) || REMOVE_WORD.test(words) || (words === '' && drawsCross(el));
  if (!says) return false;
  const win = el.ownerDocument.defaultView ?? window;
  return el.matches('button,a,[role=button]') || win.getComputedStyle(el).cursor === 'pointer';
}

/** Most elements a tag holds (its words, an icon, its control). */
const MAX_TAG_ELEMENTS = 8;

/** The tag's remove control, when `el` is a tag: a few words of its own and such a control. */
function removerOf(el: Element, field: Element): Element | null {
  const inside = el.getElementsByTagName('*');
  if (inside.length === 0 || inside.length > MAX_TAG_ELEMENTS || el.contains(field)) return null;
  if (clean(el.textContent).length > MAX_TAG_TEXT + 4 || el.matches('[role=alert],[role=status]') || !visible(el))
    return null;
  // A row with a box or field of its own (a to-do's checkbox) is a list's row, not a tag.
  if (el.querySelector('input,select,textarea')) return null;
  const controls = Array.from(inside).filter(isRemover);
  if (controls.length !== 1) return null;
  // A row's controls ("Delete", "Move up", "Move down": JSON Editor's) are buttons side by side; a
  // tag's words are not a button's. Before, they were a tag "Move upMove down" of the row's box.
  if (el.querySelectorAll('button,[role=button]').length > 1) return null;
  const words = clean(el.textContent?.replace(controls[0]!.textContent ?? '', ''), 200);
  return words && words.length <= MAX_TAG_TEXT ? controls[0]! : null;
}

/** The elements of `level` that may be tags: its children beside the field's branch, and theirs. */
function candidates(level: Element, field: Element): Element[] {
  const out: Element[] = [];
  for (const c of Array.from(level.children)) {
    if (c.contains(field)) continue;
    out.push(c);
    out.push(...Array.from(c.children));
  }
  return out;
}

const TYPED = 'input:not([type]),input[type=text],input[type=search],input[type=email]';
/** A box a person types in: not a suggestion widget's read-only shadow of the real one (typeahead.js's hint). */
const typedIn = (f: Element): boolean =>
  f.matches(TYPED) && visible(f) && !(f as HTMLInputElement).readOnly && f.getAttribute('tabindex') !== '-1';

/** The box of tags a text box is drawn in, if it is one. */
export function chipBoxOf(field: Element): ChipBox | null {
  if (!typedIn(field)) return null;
  let level = field.parentElement;
  for (let up = 0; up < LEVELS && level && level.tagName !== 'FORM' && level.tagName !== 'BODY'; up++) {
    // Another box to type in: this level is a form's, not the tags'.
    if (Array.from(level.querySelectorAll(TYPED)).some((f) => f !== field && typedIn(f))) return null;
    const chips: Element[] = [];
    const removers: Element[] = [];
    for (const c of candidates(level, field)) {
      const r = removerOf(c, field);
      if (r && !chips.some((k) => k.contains(c))) {
        chips.push(c);
        removers.push(r);
      }
    }
    // Tags sit on the caret's line (the text box follows the last one); a list's rows stand
    // below or above its entry box (a to-do app's), which the app lists cover.
    const line = field.getBoundingClientRect();
    const beside = chips.some((c) => {
      const r = c.getBoundingClientRect();
      return r.top < line.bottom && r.bottom > line.top;
    });
    if (chips.length && beside) return { box: level, field, chips, removers };
    if (chips.length) return null;
    level = level.parentElement;
  }
  return null;
}

/** The text of a tag, without its remove control's. */
export const chipText = (chip: Element, remover: Element): string =>
  clean(chip.textContent?.replace(remover.textContent ?? '', ''), MAX_TAG_TEXT);

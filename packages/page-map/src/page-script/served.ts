/**
 * What a container that listens for clicks serves: a script acts on the element under the pointer
 * (a delegated listener), so the items of a list and the cells of a grid are click targets, each by
 * its text, though no role, link or tabindex says so (targets.ts).
 */
import { clean, positionedOver, visible } from './dom';

/**
 * A list that listens itself serves its items: a script acts on the item under the pointer (jQuery
 * UI's selectable and sortable bind the list, not each item). The items are the targets, each by
 * its text; the list alone would be named by its first item's text and could press only that one.
 */
export function itemsServed(el: Element): Element[] | null {
  if (el.tagName === 'DIV' && positionedOver(el)) return entriesOf(el);
  if (el.tagName !== 'UL' && el.tagName !== 'OL' && el.tagName !== 'TBODY') return null;
  const items = Array.from(el.children).filter((c) => (c.tagName === 'LI' || c.tagName === 'TR') && visible(c));
  return items.length >= 2 ? items : null;
}

/**
 * The entries of a panel of suggestions drawn without list markup (typeahead.js: a floating
 * `div.tt-menu`, one `div.tt-dataset` per source, `div.tt-suggestion`s in it, the click listener
 * and pointer cursor on the panel): its like children with a few words each, looked for through
 * wrappers that hold a single child; a panel of one suggestion has one. Before, the panel was one
 * target, named by its first entry, and its click hit no entry at all.
 */
function entriesOf(panel: Element): Element[] | null {
  let box = panel;
  for (let only = box.firstElementChild; box.children.length === 1 && only && only.children.length > 0; ) {
    if (ownWords(only)) break; // the entry itself: its words are partly its own (typeahead's "<strong>Ne</strong>w Delhi")
    box = only;
    only = box.firstElementChild;
  }
  const kids = Array.from(box.children).filter((k) => visible(k));
  if (kids.length === 0 || kids.length > 50) return null;
  const key = likeKey(kids[0]!);
  return kids.every((k) => likeKey(k) === key && plainCell(k)) ? kids : null;
}

/** Text right in the element, not only in its children. */
const ownWords = (el: Element): boolean =>
  Array.from(el.childNodes).some((n) => n.nodeType === 3 && (n.nodeValue ?? '').trim() !== '');

/** Like siblings: the same tag and first class (a calendar's day cells: `span.datepicker-cell …`). */
const likeKey = (el: Element): string => `${el.tagName}.${el.classList[0] ?? ''}`;
const MIN_CELLS = 7;
const MAX_SERVING_DESCENDANTS = 400;

/** A cell a script can act on by itself: shown, a few words, nothing inside that acts on its own. */
const plainCell = (el: Element): boolean => {
  const words = clean(el.textContent);
  return (
    words.length > 0 &&
    words.length <= 24 &&
    el.getElementsByTagName('*').length <= 3 &&
    !el.querySelector('a[href],button,input,select,textarea,[role],[tabindex]') &&
    visible(el)
  );
};

/**
 * A container too large to be one control that listens for clicks and holds a grid of like cells
 * serves the cells: its script acts on the cell under the pointer (Vanilla JS Datepicker binds its
 * calendar's main part, whose 42 day cells are spans with no role, link or tabindex; a pointer
 * cursor only on hover). The targets: the longest run, at least MIN_CELLS long, of like siblings
 * that are all plain cells.
 */
export function cellsServed(el: Element): Element[] | null {
  const inside = el.getElementsByTagName('*');
  if (el.tagName === 'HTML' || el.tagName === 'BODY' || inside.length > MAX_SERVING_DESCENDANTS) return null;
  let best: Element[] = [];
  for (const parent of [el, ...Array.from(inside)]) {
    const kids = Array.from(parent.children);
    if (kids.length < MIN_CELLS || kids.length <= best.length) continue;
    const key = likeKey(kids[0]!);
    if (kids.every((k) => likeKey(k) === key && plainCell(k))) best = kids;
  }
  return best.length ? best : null;
}

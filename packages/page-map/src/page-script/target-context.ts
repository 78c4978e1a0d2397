/** What tells equal click labels apart (targets.ts, links.ts, clickables.ts). */
import { clean } from './dom';
import { headingFor } from './headings';
import { itemText } from './items';
import { firstLine } from './target-label';

/**
 * Text that tells equal labels apart: the row, list item, option or card they sit in (a message
 * of a listbox: "Star (Stripe)"; before, every star of Gentelella's inbox took the words atop
 * the whole list, "Star (Mark all read)", "Star (2)" …).
 */
export const contextOf = (el: Element, label: string): string => {
  // A control in a table cell with words of its own ("Row 1: Cell 2 [Change]"): the cell says which.
  const cell = el.parentElement?.closest('td,th,[role=gridcell]');
  const cellWords = cell ? itemText(cell) : '';
  if (cellWords && cellWords.toLowerCase() !== label.toLowerCase()) return clean(cellWords, 50);
  const box = el.parentElement?.closest(
    'tr,li,article,[role=row],[role=listitem],[role=option],section,fieldset,.card',
  );
  if (!box) return '';
  if (fieldsOnlyRow(box)) return rowValues(box, label);
  const head = box.querySelector('h1,h2,h3,h4,h5,h6,th,td,legend,strong,b');
  for (const cand of [head ? firstLine(head) : '', firstLine(box)]) {
    if (cand && !label.toLowerCase().includes(cand.toLowerCase())) return clean(cand, 50);
  }
  return '';
};

/**
 * The heading of the section the element is in, unless the label already says it: seven trees
 * of jsTree's demo each have a "Root node", told apart by their demo's heading ("Root node
 * (Inline data demo)"), where a counter said nothing ("Root node (3)"). Used by targets.ts only
 * where the headings tell equal labels apart.
 */
export const sectionOf = (el: Element, label: string): string => {
  const h = headingFor(el, 6);
  return h && !label.toLowerCase().includes(h.toLowerCase()) ? clean(h, 50) : '';
};

/** Text boxes a person types a row's words in. */
const TYPED_IN_ROW = 'input:not([type]),input[type=text],input[type=email],input[type=search],textarea';

/** A table row with no words of its own, only fields to type in or choose from (and buttons). */
const fieldsOnlyRow = (box: Element): boolean =>
  box.matches('tr,[role=row]') && !!box.querySelector(`${TYPED_IN_ROW},select`) && !itemText(box);

/**
 * A row of fields (an editable table: JSON Editor's arrays drawn as tables) is told apart by what
 * its fields hold, its typed words first ("Delete (Whiskers)"), then its lists' choices; a row
 * still empty has nothing to tell (its buttons are numbered). Before, the row's words were its
 * buttons' labels ("Delete (DeleteMove down)") or its first list's first option ("Delete (cat)").
 */
function rowValues(row: Element, label: string): string {
  const typed = Array.from(row.querySelectorAll<HTMLInputElement>(TYPED_IN_ROW)).map((f) => f.value);
  const chosen = Array.from(row.querySelectorAll('select')).map((s) => s.selectedOptions[0]?.text ?? '');
  const words = [...typed, ...chosen]
    .map((v) => clean(v, 50))
    .find((v) => v && v.toLowerCase() !== label.toLowerCase());
  return words ?? '';
}

/** Names a table gives the fields in its cells: a row's first cell, a column's header. */
import { clean, speakable } from './dom';
import { CONTROL } from './labels-after';

/**
 * The name a table row gives a field in one of its later cells: the first line of the row's first
 * cell (a parameters or settings table, "username * / string / (query)" | "The user name for login"
 * [box]), without a required mark or colon, when that cell holds no control and the line reads as
 * a name (at most 40 characters). It names the field when nothing in the field's own cell does but
 * a passage describing it, which becomes the field's note.
 */
export const rowHeader = (el: Element): string => {
  const cell = el.closest('td,th') as HTMLTableCellElement | null;
  const first = (cell?.parentElement as HTMLTableRowElement | null)?.cells?.[0];
  if (!cell || !first || first === cell || first.querySelector(CONTROL)) return '';
  const line =
    ((first as HTMLElement).innerText ?? '')
      .split('\n')
      .map((l) => clean(l))
      .find(Boolean) ?? '';
  const name = line.replace(/[\s*:]+$/, '');
  return name.length <= 40 && speakable(name) ? name : '';
};

/** A field in a table cell with nothing before it in its row: the header of its column. */
export const columnHeader = (el: Element): string => {
  const cell = el.closest('td,th') as HTMLTableCellElement | null;
  const table = cell?.closest('table');
  if (!cell || !table) return '';
  const head = table.querySelector('thead tr') ?? table.querySelector('tr');
  if (!head || head === cell.parentElement) return '';
  const th = head.children[cell.cellIndex];
  return th && th.tagName === 'TH' && !th.querySelector('input,select,textarea') ? clean(th.textContent, 80) : '';
};

/** `text` read before the field comes from another cell of its row, not from the field's own cell. */
export const fromOtherCell = (el: Element, text: string): boolean => {
  const cell = el.closest('td,th');
  return !!cell && !clean(cell.textContent).includes(text);
};

/**
 * A table row of fields with no words of its own, only fields and buttons (an array edited as a
 * table: JSON Editor's rows): its fields are told apart by their row's place.
 */
function fieldsOnly(row: Element): boolean {
  if (!row.querySelector('input,select,textarea')) return false;
  const walker = row.ownerDocument.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.nodeValue?.trim()) continue;
    if (!n.parentElement?.closest('button,select,textarea,[role=button],label')) return false;
  }
  return true;
}

/** A field's row among its table's rows of fields alone ("row 2"), when there are two or more. */
export const rowPlace = (el: Element): string => {
  const row = el.closest('tr');
  const body = row?.parentElement;
  if (!row || !body || !fieldsOnly(row)) return '';
  const rows = Array.from(body.children).filter((r) => r.tagName === 'TR' && fieldsOnly(r));
  return rows.length >= 2 ? `row ${rows.indexOf(row) + 1}` : '';
};

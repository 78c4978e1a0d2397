/**
 * A box a page draws as a character instead of a checkbox: "☐" that becomes "☑" when clicked, in
 * a table's cell or a list's row (simple-datatables' checkbox column renders `<span>☐</span>` and
 * toggles it from a click listener on the table). It has no role, no input and often no listener
 * of its own, so only its glyph and the click it takes (a pointer cursor, or a listener) say what
 * it is. Such a box is a row's box (rows.ts: `toggle_item`) and its state is the row's mark in the
 * page map (items.ts: "☑ Unity Pugh").
 */
import { clean } from './dom';
import { actsOnClick } from './listens';

/** An empty box drawn as a character. */
const UNCHECKED = /^[☐□▢⬜]$/u;
/** A ticked or crossed box drawn as a character (a bare tick is no box: it may be a static "yes"). */
const CHECKED = /^[☑☒✅]$/u;
const ANY_BOX = /[☐□▢⬜☑☒✅]/u;

/**
 * What a box drawn as a character holds: true (☑), false (☐), or null when the element is no such
 * box (not a leaf holding one box glyph, or nothing shows it takes a click).
 */
export function glyphBoxState(el: Element): boolean | null {
  if (el.childElementCount > 0) return null;
  const text = clean(el.textContent);
  const checked = CHECKED.test(text) ? true : UNCHECKED.test(text) ? false : null;
  if (checked === null) return null;
  const win = el.ownerDocument.defaultView;
  const takesClick = actsOnClick(el) || win?.getComputedStyle(el).cursor === 'pointer';
  return takesClick ? checked : null;
}

/** The boxes drawn as characters in a row, in order. */
export function glyphBoxesIn(row: Element): Element[] {
  const out: Element[] = [];
  if (!ANY_BOX.test(row.textContent ?? '')) return out; // most rows: no glyph, no element walked
  for (const el of Array.from(row.querySelectorAll('span,div,i,b,a,td'))) {
    if (glyphBoxState(el) !== null) out.push(el);
  }
  return out;
}

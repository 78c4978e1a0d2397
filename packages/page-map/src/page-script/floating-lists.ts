/**
 * Lists a script draws over the page next to a control: suggestions under a field, the options of a
 * dropdown drawn over a hidden select. Widgets do not always say which list is theirs (jQuery UI's
 * menu is a `ul` with no role, appended to the body, that no attribute of the field points to);
 * where it is drawn does: floating (absolutely or fixed positioned), just under or over the
 * control, overlapping it across.
 */
import { clean, positionedOver, visible } from './dom';

/** How far below (or above) the control a drawn list may start, in CSS pixels. */
const GAP_PX = 48;

const floats = (el: Element): boolean => {
  for (let n: Element | null = el, i = 0; n && i < 4; n = n.parentElement, i++) if (positionedOver(n)) return true;
  return false;
};

/** The visible lists with text floating just under or over `anchor` (outside it). */
export function listsDrawnAt(anchor: Element): Element[] {
  const box = anchor.getBoundingClientRect();
  const lists = anchor.ownerDocument.querySelectorAll('ul,ol,[role="listbox"],[role="menu"],[role="grid"]');
  const out: Element[] = [];
  for (const list of Array.from(lists)) {
    if (list.contains(anchor) || anchor.contains(list) || !visible(list) || !clean(list.textContent)) continue;
    const r = list.getBoundingClientRect();
    const near = Math.abs(r.top - box.bottom) <= GAP_PX || Math.abs(box.top - r.bottom) <= GAP_PX;
    if (near && r.left < box.right && r.right > box.left && floats(list)) out.push(list);
  }
  return out;
}

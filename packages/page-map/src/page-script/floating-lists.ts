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

/**
 * Floating `div`s in the control's own wrapper or on the body that may be panels of entries drawn
 * without list markup: typeahead.js floats a `div` of `div` suggestions (hasEntries says which).
 */
function floatingDivs(anchor: Element): Element[] {
  const places: Element[] = [];
  for (let up = anchor.parentElement, i = 0; up && i < 3; up = up.parentElement, i++) places.push(up);
  if (anchor.ownerDocument.body) places.push(anchor.ownerDocument.body);
  return places.flatMap((place) =>
    Array.from(place.children).filter((el) => el.tagName === 'DIV' && !el.contains(anchor) && positionedOver(el)),
  );
}

/** Most elements a panel of suggestions holds: a larger floating `div` is a page's layer, not a list. */
const MAX_PANEL_ELEMENTS = 300;

/** A panel of entries: few elements, at least one with words that takes a click (a pointer cursor). */
function hasEntries(panel: Element): boolean {
  const inside = panel.getElementsByTagName('*');
  if (inside.length > MAX_PANEL_ELEMENTS) return false;
  const win = panel.ownerDocument.defaultView ?? window;
  return Array.from(inside).some((e) => win.getComputedStyle(e).cursor === 'pointer' && clean(e.textContent) !== '');
}

/** The visible lists with text floating just under or over `anchor` (outside it). */
export function listsDrawnAt(anchor: Element): Element[] {
  const box = anchor.getBoundingClientRect();
  const panels = new Set(floatingDivs(anchor));
  const lists = [
    ...Array.from(anchor.ownerDocument.querySelectorAll('ul,ol,[role="listbox"],[role="menu"],[role="grid"]')),
    ...panels,
  ];
  const out: Element[] = [];
  for (const list of lists) {
    if (list.contains(anchor) || anchor.contains(list) || !visible(list) || !clean(list.textContent)) continue;
    const r = list.getBoundingClientRect();
    const near = Math.abs(r.top - box.bottom) <= GAP_PX || Math.abs(box.top - r.bottom) <= GAP_PX;
    if (!near || r.left >= box.right || r.right <= box.left || !floats(list)) continue;
    if (!panels.has(list) || hasEntries(list)) out.push(list);
  }
  return out;
}

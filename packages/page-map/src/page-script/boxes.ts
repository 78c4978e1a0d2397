/**
 * Boxes a person sees around a part of a page: a card, a panel, a dialog, drawn with a border on
 * every side or a shadow. Loose fields inside one box belong together; a button beyond the box
 * belongs to what lies beside it (another card's "Upload new photo"), not to them.
 */

const bordered = (s: CSSStyleDeclaration): boolean =>
  (['Top', 'Right', 'Bottom', 'Left'] as const).every(
    (side) => s[`border${side}Style`] !== 'none' && Number.parseFloat(s[`border${side}Width`]) > 0,
  );

/**
 * `el` is a drawn box around `field` and more: bordered on every side or shadowed, and at least
 * twice the field's height (a frame around the field alone, an input group's, is the field's own).
 */
export function drawnBox(el: Element, field: Element): boolean {
  const s = getComputedStyle(el);
  if (s.boxShadow === 'none' && !bordered(s)) return false;
  const box = el.getBoundingClientRect();
  const own = field.getBoundingClientRect();
  return box.height >= 2 * Math.max(own.height, 1) && box.width >= own.width;
}

/** `el` sits in a drawn box of its own below `top` (another card's button, not one loose in `top`). */
export function inBoxBelow(el: Element, top: Element): boolean {
  for (let a = el.parentElement; a && a !== top; a = a.parentElement) if (drawnBox(a, el)) return true;
  return false;
}

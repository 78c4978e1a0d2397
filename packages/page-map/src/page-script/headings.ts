/** The heading a person reads a form, field or box under. */
import { textOf, visible } from './dom';

/** What a person fills in: hidden values (a CSRF token) and the buttons beside a fieldset are not its fields. */
const FILLABLE =
  'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image]),select,textarea';

/**
 * The form's own heading, or the legend of its one fieldset when that holds every field a person
 * fills (a question page's "Which colour do you like?"), else the closest heading before it.
 */
export const headingFor = (el: Element, levels = 4): string => {
  // A heading a person sees: not one in a closed menu (an editor's "Header 1" style); in a closed
  // sign-in form, whose every heading is hidden, its first.
  const headings = Array.from(el.querySelectorAll('h1,h2,h3,h4,h5,h6,[role=heading]'));
  const own =
    headings.find((h) => visible(h)) ??
    (visible(el) ? undefined : headings[0]) ??
    (el.querySelectorAll('fieldset').length === 1 &&
    el.querySelectorAll(FILLABLE).length === el.querySelector('fieldset')!.querySelectorAll(FILLABLE).length
      ? el.querySelector('legend')
      : null);
  if (own) return textOf(own, 100);
  let cur: Element | null = el;
  for (let up = 0; up < levels && cur; up++) {
    let sib = cur.previousElementSibling;
    for (let k = 0; k < 4 && sib; k++, sib = sib.previousElementSibling) {
      if (/^H[1-6]$/.test(sib.tagName) || sib.getAttribute('role') === 'heading') return textOf(sib, 100);
      const h = sib.querySelector('h1,h2,h3,h4,h5,h6');
      if (h) return textOf(h, 100);
    }
    cur = cur.parentElement;
  }
  return '';
};

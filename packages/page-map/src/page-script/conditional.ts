/**
 * Conditionally revealed fields: a design system's radio or checkbox that shows a follow-up field
 * when chosen ("Email" → "Email address"), declaring it with `aria-controls` on the box. The
 * follow-up field is hidden until then, yet it belongs to the form's tool: it is a param that says
 * which choice shows it (so the agent can tell it from the question), and the form sends it.
 * Likewise the hidden parts of a date whose boxes the page reveals one by one.
 */
import { visible } from './dom';

const BOX_SEL = 'input[type=radio][aria-controls],input[type=checkbox][aria-controls]';

/** The radio or checkbox of the same form whose `aria-controls` names a container of `el`, or null. */
export function revealerOf(el: Element): HTMLInputElement | null {
  const form = (el as HTMLInputElement).form;
  if (!form) return null;
  const boxes = Array.from(form.querySelectorAll(BOX_SEL)) as HTMLInputElement[];
  if (boxes.length === 0) return null;
  for (let up = el.parentElement; up && up !== form; up = up.parentElement) {
    if (!up.id) continue;
    const box = boxes.find((b) => (b.getAttribute('aria-controls') ?? '').split(/\s+/).includes(up.id));
    if (box) return box;
  }
  return null;
}

/** `dob-day` / `date[month]` / `start_year` → its stem and part; null for a name that is no date part. */
const DATE_PART = /^(.*?)[-_[]?(day|month|year)\]?$/i;

/**
 * A part of a date split into boxes (day, month, year) that the page reveals one by one as the
 * others are typed (a "progressive" date input shows the month once the year is in): a sibling
 * part of the same date, in the same fieldset, is shown.
 */
function hiddenDatePart(el: Element): boolean {
  const m = DATE_PART.exec((el as HTMLInputElement).name ?? '');
  const box = el.closest('fieldset');
  if (!m || !m[1] || !box) return false;
  return Array.from(box.querySelectorAll('input[name]')).some((o) => {
    const n = DATE_PART.exec((o as HTMLInputElement).name);
    return o !== el && !!n && n[1] === m[1] && visible(o);
  });
}

/** A hidden field that a visible (or label-styled) choice of its form reveals, or a date's part revealed as the date is typed. */
export function revealable(el: Element, boxShown: (box: Element) => boolean): boolean {
  if (visible(el)) return false;
  if (hiddenDatePart(el)) return true;
  const box = revealerOf(el);
  return !!box && boxShown(box);
}

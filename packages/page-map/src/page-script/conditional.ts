/**
 * Conditionally revealed fields: a design system's radio or checkbox that shows a follow-up field
 * when chosen ("Email" → "Email address"), declaring it with `aria-controls` on the box. The
 * follow-up field is hidden until then, yet it belongs to the form's tool: it is a param that says
 * which choice shows it (so the agent can tell it from the question), and the form sends it.
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

/** A hidden field that a visible (or label-styled) choice of its form reveals. */
export function revealable(el: Element, boxShown: (box: Element) => boolean): boolean {
  if (visible(el)) return false;
  const box = revealerOf(el);
  return !!box && boxShown(box);
}

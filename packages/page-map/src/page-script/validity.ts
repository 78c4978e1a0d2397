/**
 * When the browser's own form validation stops a submission: a click or Enter on a form whose
 * fields are invalid (a required field empty, an email or URL that is not one, a value outside its
 * pattern, length or range) sends nothing; the browser shows a bubble at the first bad field.
 * Before, the tool answered "success" with nothing sent. The submit is watched for the `invalid`
 * events the browser fires then, so only a submission it really refused is reported (a site whose
 * own click handler sends the form is not second-guessed). Each problem is said in words of the
 * constraint, never with the value; a page's own message (setCustomValidity) is passed on, and
 * Node redacts the given values from it.
 */
import type { FormEntry } from './forms';
import type { RefusedField } from '../shared/page-script-protocol';
import { clean } from './dom';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const KEY = Symbol.for('pagemap.refused');
type Store = Record<symbol, RefusedField[] | undefined>;

function problemOf(el: Control): string {
  const v = el.validity;
  const input = el as HTMLInputElement;
  if (v.valueMissing) return 'is required';
  if (v.typeMismatch)
    return `is not a valid ${input.type === 'email' ? 'email address' : input.type === 'url' ? 'URL (it needs http:// or https://)' : input.type}`;
  if (v.patternMismatch)
    return `does not match the format the page asks for${el.title ? ` (${clean(el.title, 100)})` : ''}`;
  if (v.tooShort) return `needs at least ${input.minLength} characters`;
  if (v.tooLong) return `takes at most ${input.maxLength} characters`;
  if (v.rangeUnderflow) return `must be at least ${input.min}`;
  if (v.rangeOverflow) return `must be at most ${input.max}`;
  if (v.stepMismatch) return `must be a multiple of ${input.step}`;
  if (v.badInput) return 'is not a value this field can take';
  if (v.customError) return `was refused by the page: ${clean(el.validationMessage, 160)}`;
  return 'is not valid';
}

/**
 * Runs `send` (the click or requestSubmit that submits the form) and keeps, for takeRefused, the
 * fields the browser refused the submission for. The browser validates synchronously inside it.
 */
export function sendWatched(hit: FormEntry, send: () => void): void {
  // Kept in this script's window, where takeRefused looks, also for a form in a same-origin frame.
  const store = window as unknown as Store;
  store[KEY] = undefined;
  const form = hit.g.form;
  if (!form) return send(); // no form, no browser validation
  const refused: Control[] = [];
  // On the form's document: a control placed outside its form (form="id") is not below it.
  const onInvalid = (e: Event) => {
    if ((e.target as Control).form === form) refused.push(e.target as Control);
  };
  form.ownerDocument.addEventListener('invalid', onInvalid, true);
  try {
    send();
  } finally {
    form.ownerDocument.removeEventListener('invalid', onInvalid, true);
  }
  if (refused.length === 0) return;
  store[KEY] = refused.slice(0, 5).map((el) => {
    const i = hit.els.findIndex((group) => group.includes(el));
    const raw = i >= 0 ? hit.raw.fields[i] : undefined;
    return { key: raw?.key ?? '', label: raw?.label || raw?.name || el.name || el.type, problem: problemOf(el) };
  });
}

/** The fields the last watched submission was refused for (and forgets them). */
export function takeRefused(): RefusedField[] {
  const store = window as unknown as Store;
  const out = store[KEY] ?? [];
  store[KEY] = undefined;
  return out;
}

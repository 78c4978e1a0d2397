/**
 * Evidence about the sign-in form after a login submit (issue 13 item 10): is the form that was
 * submitted on the page again, and which error messages are tied to it — inside it, referenced by
 * its fields (aria-describedby / aria-errormessage of an invalid field), or in the card around it
 * (up to three levels that hold no other form). The Node side calls a sign-in rejected only on
 * such evidence; a page that merely still contains a sign-in form (a forum's quick-login bar) is
 * not a rejection.
 */
import type { LoginFormSignals } from './types';
import { byId, textOf, visible } from './dom';
import { findForm, type FormEntry } from './forms';

const ERROR_SEL = '[role=alert],[aria-live=assertive],[aria-live=polite],.error,.errors,.alert,.alert-danger,.flash,.flash-error,.invalid-feedback,.notice,.message,[class*="error" i],[id*="error" i]';
const MAX_ERRORS = 6;

function pushText(out: string[], el: Element | null): void {
  if (!el || !visible(el) || out.length >= MAX_ERRORS) return;
  const t = textOf(el, 200);
  if (t && !out.includes(t)) out.push(t);
}

/** The submitted form again (same signature, else the same field keys) and the errors tied to it. */
export function loginFormSignals(forms: FormEntry[], want: { sig: string; idx: number; keys: string[] }): LoginFormSignals {
  const hit = findForm(forms, want.sig, want.idx, want.keys);
  if (!hit) return { present: false, invalid: false, errors: [] };
  const errors: string[] = [];
  const root = hit.g.ri.root;
  let invalid = false;
  for (const el of hit.els.flat()) {
    if (el.getAttribute('aria-invalid') === 'true') invalid = true;
    for (const attr of ['aria-errormessage', 'aria-describedby']) {
      for (const id of (el.getAttribute(attr) ?? '').split(/\s+/).filter(Boolean)) {
        // A description is an error only when the field says it is invalid, or it is marked as an error.
        const node = byId(root, id);
        if (node && (attr === 'aria-errormessage' || el.getAttribute('aria-invalid') === 'true' || node.matches(ERROR_SEL))) pushText(errors, node);
      }
    }
  }
  for (const e of Array.from(hit.g.container.querySelectorAll(ERROR_SEL))) pushText(errors, e);
  // The card around the form: a banner above it ("Incorrect password") belongs to it when that
  // ancestor holds no other form.
  let card: Element | null = hit.g.container.parentElement;
  for (let up = 0; up < 3 && card && card.tagName !== 'BODY'; up++, card = card.parentElement) {
    if (card.querySelectorAll('form').length > (hit.g.form ? 1 : 0)) break;
    for (const e of Array.from(card.querySelectorAll(ERROR_SEL))) if (!hit.g.container.contains(e)) pushText(errors, e);
  }
  return { present: true, invalid, errors };
}

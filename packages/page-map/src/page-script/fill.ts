/**
 * Fill: sets each bound field's value the way a user would (clicks for boxes, the native value
 * setter plus input/change events for text, so frameworks that track values see the change), and
 * submits when asked: the chosen submit button, else the form, else Enter in the last field.
 */
import type { FillField, PageScriptResponse, RawField } from './types';
import { findForm, type FormEntry } from './forms';
import { revealForFill } from './login-groups';

const fire = (win: typeof window, e: Element, type: string): boolean => e.dispatchEvent(new win.Event(type, { bubbles: true, composed: true }));

function setValue(raw: RawField, els: Element[], v: FillField['value']): void {
  const el = els[0] as HTMLInputElement;
  const win = (el.ownerDocument.defaultView ?? window) as typeof window;
  if (raw.type === 'radio' || raw.type === 'checkbox-group') {
    const wanted = (Array.isArray(v) ? v : [String(v)]).map((x) => x.toLowerCase());
    for (let k = 0; k < els.length; k++) {
      const box = els[k] as HTMLInputElement;
      const match = wanted.includes((raw.optionValues![k] ?? '').toLowerCase()) || wanted.includes((raw.options![k] ?? '').toLowerCase());
      if (box.checked !== match && (match || raw.type === 'checkbox-group')) box.click();
    }
  } else if (raw.type === 'checkbox') {
    const on = v === true || v === 'true' || v === 'on' || v === 'yes' || v === 1 || v === '1';
    if (el.checked !== on) el.click();
  } else if (raw.type === 'select') {
    const sel = el as unknown as HTMLSelectElement;
    const wanted = (Array.isArray(v) ? v : [String(v)]).map((x) => x.toLowerCase());
    for (const o of Array.from(sel.options)) {
      o.selected = wanted.includes(o.value.toLowerCase()) || wanted.includes((o.label || o.text).trim().toLowerCase());
    }
    fire(win, sel, 'input');
    fire(win, sel, 'change');
  } else if (raw.type === 'contenteditable') {
    (el as unknown as HTMLElement).focus();
    el.textContent = String(v);
    fire(win, el, 'input');
  } else {
    el.focus();
    // The native setter, so frameworks that track the value (React) see the change.
    const proto = el.tagName === 'TEXTAREA' ? win.HTMLTextAreaElement.prototype : win.HTMLInputElement.prototype;
    const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (setter) setter.call(el, String(v));
    else el.value = String(v);
    fire(win, el, 'input');
    fire(win, el, 'change');
  }
}

function submitLater(hit: FormEntry): void {
  const submit = hit.submit;
  const form = hit.g.form;
  const last = hit.els.length ? (hit.els[hit.els.length - 1]![0] as HTMLElement) : null;
  // Deferred: a click that navigates must not destroy this evaluate's context before it returns.
  setTimeout(() => {
    if (submit) (submit as HTMLElement).click();
    else if (form) {
      if (typeof form.requestSubmit === 'function') form.requestSubmit();
      else form.submit();
    } else if (last) {
      const win = (last.ownerDocument.defaultView ?? window) as typeof window;
      for (const type of ['keydown', 'keypress', 'keyup']) last.dispatchEvent(new win.KeyboardEvent(type, { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true, composed: true } as KeyboardEventInit));
    }
  }, 0);
}

export function fill(forms: FormEntry[], req: { sig: string; idx: number; fields: FillField[]; submit: boolean }): PageScriptResponse {
  const hit = findForm(forms, req.sig, req.idx, req.fields.map((f) => f.key));
  if (!hit) return { op: 'fill', ok: false, reason: 'gone' };
  const keys = hit.raw.fields.map((f) => f.key);
  revealForFill(hit.g.opener, hit.els.flat());
  for (const want of req.fields) {
    const i = keys.indexOf(want.key);
    if (i < 0) return { op: 'fill', ok: false, reason: 'field_gone', field: want.param };
    setValue(hit.raw.fields[i]!, hit.els[i]!, want.value);
  }
  if (req.submit) submitLater(hit);
  return { op: 'fill', ok: true, hadCaptcha: hit.raw.hasCaptcha, hasPassword: hit.raw.fields.some((f) => f.type === 'password') };
}

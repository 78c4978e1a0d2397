/**
 * Fill: text goes in through trusted key input from Node (see fill-form.ts), which focuses each
 * field here first (`focusField`). This module sets what typing does not cover — boxes (clicks),
 * selects, date/time/range inputs — and, as a fallback, a typed field that refused the keys
 * (read-only widgets): the native value setter plus input/change events, so frameworks that track
 * values see the change. Then it submits when asked: the chosen submit button, else the form,
 * else Enter in the last field (pressed by Node as a trusted key when asked to).
 */
import { fire, setNativeValue } from './native-value';
import { setSplitCode } from './split-code';
import type { RawField } from '../shared/page-script-types';
import type {
  FileData,
  FillField,
  PageScriptRequest,
  PageScriptResponse,
  ReadBack,
} from '../shared/page-script-protocol';
import { setFiles } from './files';
import { addItems, collectsItems, drivenControl, widgetsSettled } from './driven-control';
import { driveDrawnSelects } from './drawn-select';
import { dropDownOf } from './field-controls';
import { findForm, type FormEntry } from './forms';
import { readBack, wantedList } from './read-back';
import { buttonLabel } from './labels';
import { drawsSuggestions, isCombobox } from './fields';
import { awaitDrawnList, pickTyped, settleSuggestions } from './suggestions';
import { sendWatched } from './validity';

function setValue(raw: RawField, els: Element[], v: FillField['value'], typed: boolean, stay = false): void {
  const el = els[0] as HTMLInputElement;
  const win = (el.ownerDocument.defaultView ?? window) as typeof window;
  if (raw.type === 'file') return setFiles(el, v as FileData[]);
  // A code across one-character boxes: each box holds its character, whatever the keys did.
  if (raw.split) return setSplitCode(els, String(v));
  if (typed) {
    const has = raw.type === 'contenteditable' ? !!el.textContent : el.value !== '';
    // The keys landed (a mask may have reformatted them): leave the field as the page made it.
    // Blur it so the page sees `change`, as when a person moves on — unless it is to stay for its suggestions.
    if (has || String(v) === '') {
      if (focusedIn(el) && !stay) (el as HTMLElement).blur();
      return;
    }
  }
  if (raw.type === 'radio' || raw.type === 'checkbox-group') {
    const wanted = wantedList(v);
    for (let k = 0; k < els.length; k++) {
      const box = els[k] as HTMLInputElement;
      const match =
        wanted.includes((raw.optionValues![k] ?? '').toLowerCase()) ||
        wanted.includes((raw.options![k] ?? '').toLowerCase());
      if (box.checked !== match && (match || raw.type === 'checkbox-group')) box.click();
    }
  } else if (raw.type === 'checkbox') {
    const on = v === true || v === 'true' || v === 'on' || v === 'yes' || v === 1 || v === '1';
    if (el.checked !== on) el.click();
  } else if (raw.type === 'select') {
    const sel = el as unknown as HTMLSelectElement;
    const wanted = wantedList(v);
    for (const o of Array.from(sel.options)) {
      // A disabled option (or one in a disabled group) is one no person can choose.
      o.selected =
        !o.matches(':disabled') &&
        (wanted.includes(o.value.toLowerCase()) || wanted.includes((o.label || o.text).trim().toLowerCase()));
    }
    fire(win, sel, 'input');
    fire(win, sel, 'change');
  } else if (raw.type === 'contenteditable') {
    (el as unknown as HTMLElement).focus();
    el.textContent = String(v);
    fire(win, el, 'input');
  } else {
    el.focus();
    setNativeValue(el, String(v));
  }
}

const focusedIn = (el: Element): boolean => (el.getRootNode() as Document | ShadowRoot).activeElement === el;

/** Focuses a field for trusted typing and selects its content (typing then replaces it). */
export function focusField(
  forms: FormEntry[],
  req: { sig: string; idx: number; key: string; keys: string[]; keep?: boolean },
): PageScriptResponse {
  const hit = findForm(forms, req.sig, req.idx, req.keys);
  const i = hit ? hit.raw.fields.findIndex((f) => f.key === req.key) : -1;
  if (!hit || i < 0) return { op: 'focus', ok: false, typeable: false, hadValue: false };
  const el = hit.els[i]![0] as HTMLInputElement;
  if (el.readOnly || el.disabled || el.getAttribute('aria-readonly') === 'true')
    return { op: 'focus', ok: true, typeable: false, hadValue: false };
  el.scrollIntoView?.({ block: 'center' });
  el.focus();
  if (!focusedIn(el)) return { op: 'focus', ok: true, typeable: false, hadValue: false };
  const editable = hit.raw.fields[i]!.type === 'contenteditable';
  const hadValue = editable ? !!el.textContent : el.value !== '';
  if (req.keep) return { op: 'focus', ok: true, typeable: true, hadValue };
  if (editable) {
    const sel = el.ownerDocument.getSelection();
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    sel?.removeAllRanges();
    sel?.addRange(range);
  } else {
    try {
      el.select();
    } catch {
      // types without a selection (number in some engines): typing appends; cleared below
    }
    if (hadValue && el.selectionStart === null) {
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;
      setter?.call(el, '');
    }
  }
  return { op: 'focus', ok: true, typeable: true, hadValue, ...(dropDownOf(el) ? { panel: true } : {}) };
}

function submitLater(hit: FormEntry, trustedEnter: boolean, submitWith?: string): boolean {
  const chosen = submitWith
    ? hit.g.buttons.find((b) => buttonLabel(b).toLowerCase() === submitWith.toLowerCase())
    : undefined;
  const submit = chosen ?? hit.submit;
  const form = hit.g.form;
  const last = hit.els.length ? (hit.els[hit.els.length - 1]![0] as HTMLElement) : null;
  if (!submit && !form && last && trustedEnter) return true; // Node presses Enter in the last field
  // Deferred: a click that navigates must not destroy this evaluate's context before it returns.
  setTimeout(() => {
    // Chromium ignores click() on an image submit (it wants real coordinates): submit with it as the submitter.
    if (
      submit &&
      form &&
      submit.tagName === 'INPUT' &&
      (submit as HTMLInputElement).type === 'image' &&
      typeof form.requestSubmit === 'function'
    )
      sendWatched(hit, () => form.requestSubmit(submit as HTMLInputElement));
    else if (submit) sendWatched(hit, () => (submit as HTMLElement).click());
    else if (form) {
      if (typeof form.requestSubmit === 'function') sendWatched(hit, () => form.requestSubmit());
      else form.submit();
    } else if (last) {
      const win = (last.ownerDocument.defaultView ?? window) as typeof window;
      for (const type of ['keydown', 'keypress', 'keyup'])
        last.dispatchEvent(
          new win.KeyboardEvent(type, {
            key: 'Enter',
            code: 'Enter',
            keyCode: 13,
            bubbles: true,
            composed: true,
          } as KeyboardEventInit),
        );
    }
  }, 0);
  return false;
}

type FillRequest = Extract<PageScriptRequest, { op: 'fill' }>;

/**
 * Sets each field. Not sending, the last typed field stays focused when the page draws
 * suggestions under it (`staying`): leaving it would close them.
 */
function setFields(
  hit: FormEntry,
  keys: string[],
  fields: FillField[],
  submit: boolean,
): { filled: Element[]; staying?: HTMLElement } | PageScriptResponse {
  const filled: Element[] = [];
  const lastTyped = [...fields].reverse().find((f) => f.typed);
  let staying: HTMLElement | undefined;
  for (const want of fields) {
    const i = keys.indexOf(want.key);
    if (i < 0) return { op: 'fill', ok: false, reason: 'field_gone', field: want.param };
    const el = hit.els[i]![0]!;
    // A combobox over a hidden select keeps the focus until its typed entry is picked from its list.
    const picks = want.typed === true && isCombobox(el) && drivenControl(el as HTMLInputElement)?.tagName === 'SELECT';
    const stay = picks || (!submit && want === lastTyped && drawsSuggestions(el));
    if (stay && !picks) staying = el as HTMLElement;
    setValue(hit.raw.fields[i]!, hit.els[i]!, want.value, want.typed === true, stay);
    if (picks) pickTyped(el);
    // A box whose entries count once added to a list (driven-control.ts): add them, as a person does.
    if (collectsItems(el) || hit.raw.fields[i]!.collects)
      addItems(el as HTMLInputElement, want.value, (text) => setNativeValue(el as HTMLInputElement, text));
    filled.push(el);
  }
  return { filled, staying };
}

/**
 * Sets the fields, then submits when asked — unless an autocomplete field's open list still waits
 * for a pick (suggestions.ts): then the answer says `held` and nothing is sent. Asynchronous only
 * while such a list is awaited.
 */
export function fill(forms: FormEntry[], req: FillRequest): PageScriptResponse | Promise<PageScriptResponse> {
  const hit = findForm(
    forms,
    req.sig,
    req.idx,
    req.fields.map((f) => f.key),
  );
  if (!hit) return { op: 'fill', ok: false, reason: 'gone' };
  const keys = hit.raw.fields.map((f) => f.key);
  const set = setFields(hit, keys, req.fields, req.submit);
  if ('op' in set) return set;
  const { filled, staying } = set;
  // What the page holds now: a field that did not take its value stops the submit (read-back.ts).
  const check = (undrawn?: Set<Element>): ReadBack[] =>
    req.fields.map((want) => {
      const i = keys.indexOf(want.key);
      const read = readBack(hit.raw.fields[i]!, hit.els[i]!, want);
      return undrawn?.has(hit.els[i]![0]!) ? { ...read, holds: false, undrawn: true } : read;
    });
  const proceed = (checked: ReadBack[]): PageScriptResponse | Promise<PageScriptResponse> => {
    const allHold = checked.every((r) => r.holds);
    const answer = (held: boolean): PageScriptResponse => {
      const enter =
        req.submit && allHold && !held ? submitLater(hit, req.trustedEnter === true, req.submitWith) : false;
      return {
        op: 'fill',
        ok: true,
        hadCaptcha: hit.raw.hasCaptcha,
        hasPassword: hit.raw.fields.some((f) => f.type === 'password'),
        readBack: checked,
        ...(enter ? { enter } : {}),
        ...(held ? { held } : {}),
      };
    };
    if (staying && focusedIn(staying))
      return awaitDrawnList(staying).then((shown) => {
        if (!shown) staying.blur();
        return answer(false);
      });
    if (!req.submit || !allHold) return answer(false);
    const suggestions = settleSuggestions(hit, filled);
    return typeof suggestions === 'string'
      ? answer(suggestions === 'held')
      : suggestions.then((s) => answer(s === 'held'));
  };
  // A dropdown drawn over a hidden select that did not follow it is driven by pointer (drawn-select.ts).
  const drawn = driveDrawnSelects(filled);
  if (drawn) return drawn.then((undrawn) => proceed(check(undrawn)));
  const first = check();
  // A widget over a hidden select may set the select a moment after the box was left, and a tag
  // box draws the item it made of the value (its box already empty) a moment after.
  if (first.some((r) => r.unsent || (!r.holds && r.value === ''))) return widgetsSettled().then(() => proceed(check()));
  return proceed(first);
}

/**
 * Autocomplete fields (role=combobox, or aria-autocomplete="list"/"both") open a list of
 * suggestions as a person types. Before the form is sent, as a person would:
 * - a suggestion that reads exactly as the typed value is picked (station and airport pickers put
 *   the chosen entry's code in a hidden field only when an entry is picked);
 * - a form that still waits for a pick — its list is open and one of its hidden fields is empty,
 *   where a pick's code goes — is not sent: the suggestions are in the page map as `click`
 *   options, for the agent to choose one;
 * - anything else (a search box that merely suggests) is sent as it is.
 * A list that appears a moment after typing (debounced, or fetched) is waited for, briefly, but
 * only where a pick is expected.
 */
import { clean, referenced, visible } from './dom';
import { isCombobox } from './fields';
import { listsDrawnAt } from './floating-lists';
import type { FormEntry } from './forms';
import { pressElement } from './press';

/** Longest wait for a suggestion list to appear after typing, where the form expects a pick. */
const LIST_WAIT_MS = 1000;

export type SuggestionOutcome = 'picked' | 'held' | 'none';

/** The field's visible suggestions: its aria-controls/aria-owns list, else a listbox beside it. */
function optionsOf(field: Element): HTMLElement[] {
  const lists = referenced(field, ['aria-controls', 'aria-owns']);
  if (lists.length === 0) {
    let up: Element | null = field.parentElement;
    for (let i = 0; up && i < 3 && lists.length === 0; i++, up = up.parentElement)
      lists.push(...Array.from(up.querySelectorAll('[role="listbox"]')));
  }
  const out: HTMLElement[] = [];
  for (const list of lists) {
    if (!visible(list)) continue;
    const options = list.querySelectorAll('[role="option"]');
    const items = options.length ? options : list.querySelectorAll('li');
    for (const o of Array.from(items)) if (visible(o)) out.push(o as HTMLElement);
  }
  return out;
}

/**
 * A list the page shows for this field now: its aria-controls/aria-owns list with options, or a
 * list floating just under (or over) it with text — how widgets draw suggestions (jQuery UI's
 * menu is a `ul` positioned under the field, with no role and no reference from the field).
 */
function listShownFor(field: Element): boolean {
  return optionsOf(field).length > 0 || listsDrawnAt(field).length > 0;
}

/**
 * Least time between two looks while the document keeps changing. A look walks the page's lists
 * and styles the ones near the field; a page that animates or ticks changes every few ms.
 */
const LOOK_EVERY_MS = 50;

/**
 * What makes a list shown with no change of the document: the end of its CSS transition or
 * animation. Awesomplete's list fades and grows in from `visibility: hidden` over 0.3 s; right
 * after the keys it is still hidden, and nothing in the DOM changes when it shows.
 */
const MOTION_EVENTS = ['transitionrun', 'transitionend', 'transitioncancel', 'animationstart', 'animationend'];

/**
 * Resolves with what `look` answers once it answers something, checked again after changes of the
 * document (nodes added, hidden/style/class/aria-expanded changed) and after its transitions and
 * animations start or end (at most once per LOOK_EVERY_MS, in a task of its own once the change's
 * script is done); `otherwise` after LIST_WAIT_MS.
 */
function whenShown<T>(doc: Document, look: () => T | undefined, otherwise: T): Promise<T> {
  return new Promise((resolve) => {
    let timer = 0;
    let pending = 0;
    let lastLook = 0;
    const finish = (v: T) => {
      mo.disconnect();
      for (const e of MOTION_EVENTS) doc.removeEventListener(e, lookSoon, true);
      clearTimeout(timer);
      clearTimeout(pending);
      resolve(v);
    };
    const lookNow = () => {
      pending = 0;
      lastLook = performance.now();
      const v = look();
      if (v !== undefined) finish(v);
    };
    const lookSoon = () => {
      if (!pending) pending = window.setTimeout(lookNow, Math.max(0, lastLook + LOOK_EVERY_MS - performance.now()));
    };
    const mo = new MutationObserver(lookSoon);
    for (const e of MOTION_EVENTS) doc.addEventListener(e, lookSoon, true);
    mo.observe(doc, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['hidden', 'style', 'class', 'aria-expanded'],
    });
    timer = window.setTimeout(() => finish(otherwise), LIST_WAIT_MS);
  });
}

/**
 * After typing into a field that draws suggestions, without sending: waits until the list shows
 * (widgets search after a delay, 300 ms in jQuery UI, or after a fetch), at most LIST_WAIT_MS, and
 * says whether it did. The field keeps the focus meanwhile: leaving it closes the list, and a
 * person looks at the suggestions before moving on.
 */
export function awaitDrawnList(field: Element): Promise<boolean> {
  if (listShownFor(field)) return Promise.resolve(true);
  return whenShown(field.ownerDocument, () => (listShownFor(field) ? true : undefined), false);
}

/**
 * A combobox standing for a hidden select (USWDS's combo box and time picker, GOV.UK's
 * accessible-autocomplete): the select takes a value only when an entry of the list is picked, and
 * a box left otherwise may be emptied (USWDS's is). A person types, then picks the entry that
 * reads as typed: pressed here, before the box is left (nothing when the list shows no such entry).
 */
export function pickTyped(field: Element): void {
  const exact = typedEntry(field);
  if (exact) pressElement(exact);
}

/** The entry of the field's list that reads as the field's text (ignoring case and spacing). */
function typedEntry(field: Element): Element | undefined {
  const typed = clean((field as HTMLInputElement).value).toLowerCase();
  if (!typed) return undefined;
  return optionsOf(field).find((o) => clean(o.textContent).toLowerCase() === typed);
}

/** The form keeps an empty hidden field: where a picked suggestion's code goes. */
function expectsPick(hit: FormEntry): boolean {
  const form = hit.g.form;
  if (!form) return false;
  return Array.from(form.querySelectorAll('input[type="hidden"]')).some((h) => (h as HTMLInputElement).value === '');
}

function decide(hit: FormEntry, fields: HTMLInputElement[]): SuggestionOutcome | 'wait' {
  let outcome: SuggestionOutcome | 'wait' = 'none';
  for (const field of fields) {
    if (!clean(field.value)) continue;
    const exact = typedEntry(field);
    if (exact) {
      // Pointer down/up then click (lists often pick on mousedown), deferred like every press: it
      // runs before the submit, which fill.ts defers after it.
      pressElement(exact);
      outcome = 'picked';
    } else if (expectsPick(hit)) {
      if (optionsOf(field).length > 0) return 'held';
      outcome = 'wait';
    }
  }
  return outcome;
}

/**
 * Applies the rules above to the typed autocomplete fields of a form about to be sent. Resolves
 * at once unless a pick is expected and the list has not appeared yet.
 */
export function settleSuggestions(hit: FormEntry, typed: Element[]): SuggestionOutcome | Promise<SuggestionOutcome> {
  const fields = typed.filter(
    (e): e is HTMLInputElement =>
      e instanceof (e.ownerDocument.defaultView ?? window).HTMLInputElement && isCombobox(e),
  );
  if (fields.length === 0) return 'none';
  const first = decide(hit, fields);
  if (first !== 'wait') return first;
  return whenShown(
    fields[0]!.ownerDocument,
    () => {
      const next = decide(hit, fields);
      return next === 'wait' ? undefined : next;
    },
    'none' as SuggestionOutcome,
  );
}

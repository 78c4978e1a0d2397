/**
 * Reading the listener marks Node put on elements before this script ran (../listeners.ts): which
 * elements act on a click, a key or a double-click though their markup does not say so.
 */
import { CLICK_EVENTS, HOVER_EVENTS, KEY_EVENTS, LISTENS_KEY } from '../shared/listens';
import { reactHandles } from './main-world';

const KEY = Symbol.for(LISTENS_KEY);

/** The event types the page listens for on this very target (element, document or window). */
export const listensOn = (t: EventTarget | null | undefined): string[] => {
  const v = t ? (t as unknown as Record<symbol, unknown>)[KEY] : undefined;
  return typeof v === 'string' && v ? v.split(' ') : [];
};

const any = (t: EventTarget, types: readonly string[]): boolean => listensOn(t).some((x) => types.includes(x));

/**
 * The element itself acts on a click (its own listener or React handler, not one at the root that
 * serves all). React listens once at its root, so the debugger names no element; it keeps each
 * element's handlers on the element, in the page's world, which says the same (main-world.ts asks).
 */
export const actsOnClick = (el: Element): boolean => any(el, CLICK_EVENTS) || reactHandles(el, 'click');

/** The element itself is edited or opened by a double-click. */
export const actsOnDoubleClick = (el: Element): boolean => any(el, ['dblclick']) || reactHandles(el, 'dblclick');

/**
 * Whether `hears` says yes for the element, an ancestor (across shadow roots), its document or
 * window: where a listener for an event on the element may sit.
 */
const onTheWay = (el: Element, hears: (t: EventTarget) => boolean): boolean => {
  for (let n: Node | null = el; n; n = n.parentNode ?? (n as ShadowRoot).host ?? null) if (hears(n)) return true;
  const win = el.ownerDocument.defaultView;
  return !!win && hears(win);
};

/** An event of `types` on the element reaches a listener: on it, an ancestor, its document or window. */
const heard = (el: Element, types: readonly string[]): boolean => onTheWay(el, (t) => any(t, types));

/** The field itself handles key presses (its own listener, as a suggestion widget binds). */
export const actsOnKeys = (el: Element): boolean => any(el, KEY_EVENTS);

/**
 * A key press in the field reaches a listener: on it, an ancestor, its document or window (other
 * frameworks than React bind where the handler is). React 17 and later listen once at the root
 * they render into, for every element of the app whether it handles keys or not: there the field
 * or an ancestor must have a key handler of React's own (an app's new-item box has; an API form's
 * parameter box, which waits for its Execute button, has not).
 */
export const hearsKeys = (el: Element): boolean => onTheWay(el, keyHandlerOn);

/** A key handler sits on this target: React's own on an element, or any but the listener React puts at its root. */
const keyHandlerOn = (t: EventTarget): boolean => {
  const element = (t as Node).nodeType === 1 ? (t as Element) : null;
  if (element && reactHandles(element, 'key')) return true;
  return any(t, KEY_EVENTS) && !(element && reactHandles(element, 'root'));
};

/** Where a whole page's own listeners sit: its window, document, `<html>` and `<body>`. */
const pageWide = (t: EventTarget): boolean => {
  const n = t as Node;
  if (n.nodeType === undefined) return true; // a window
  return (
    n.nodeType === 9 || (n.nodeType === 1 && ((n as Element).tagName === 'HTML' || (n as Element).tagName === 'BODY'))
  );
};

/**
 * A one-line field whose key presses a listener hears for it: one on the field or an ancestor
 * below the body (hearsKeys' rule), or only one where the whole page's sit — a shortcut such as
 * ⌘K, a design system's behaviours delegated to the body (USWDS) — when no `<label>` names the
 * field. A labelled field of a page-wide listener is a form's data field (a date of birth, a
 * social security number): Enter does not add or send there. An app's entry box has a
 * placeholder, or a listener of its own (TodoMVC's frameworks bind on the box or the app).
 */
export function hearsItsKeys(el: Element): boolean {
  if (!hearsKeys(el)) return false;
  if (!((el as HTMLInputElement).labels?.length ?? 0)) return true;
  for (let n: Node | null = el; n; n = n.parentNode ?? (n as ShadowRoot).host ?? null)
    if (!pageWide(n) && keyHandlerOn(n)) return true;
  return false;
}

/** The element itself acts when the pointer comes onto it (tabs that open on mouseover). */
export const actsOnHover = (el: Element): boolean => any(el, HOVER_EVENTS);

/** The pointer coming onto the element reaches a listener (a menu's, delegated; a tooltip's, on the document). */
export const hearsHover = (el: Element): boolean => heard(el, HOVER_EVENTS);

/** Something on the page (an element, the document or the window) listens for key presses. */
export const pageHearsKeys = (): boolean => {
  const all = (window as unknown as Record<symbol, Set<EventTarget> | undefined>)[Symbol.for(`${LISTENS_KEY}.all`)];
  for (const t of all ?? []) if (any(t, KEY_EVENTS)) return true;
  return false;
};

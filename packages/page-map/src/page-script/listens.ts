/**
 * Reading the listener marks Node put on elements before this script ran (../listeners.ts): which
 * elements act on a click, a key or a double-click though their markup does not say so.
 */
import { CLICK_EVENTS, KEY_EVENTS, LISTENS_KEY } from '../shared/listens';

const KEY = Symbol.for(LISTENS_KEY);

/** The event types the page listens for on this very target (element, document or window). */
export const listensOn = (t: EventTarget | null | undefined): string[] => {
  const v = t ? (t as unknown as Record<symbol, unknown>)[KEY] : undefined;
  return typeof v === 'string' && v ? v.split(' ') : [];
};

const any = (t: EventTarget, types: readonly string[]): boolean => listensOn(t).some((x) => types.includes(x));

/**
 * React listens once at its root, so the debugger names no element; it keeps each element's
 * handlers on the element itself (an own property `__reactProps$<id>`), which says the same.
 */
const reactHandles = (el: Element, props: readonly string[]): boolean => {
  for (const k of Object.keys(el)) {
    if (!k.startsWith('__reactProps$')) continue;
    const p = (el as unknown as Record<string, Record<string, unknown> | undefined>)[k];
    return !!p && props.some((name) => typeof p[name] === 'function');
  }
  return false;
};

/** The element itself acts on a click (its own listener or React handler, not one at the root that serves all). */
export const actsOnClick = (el: Element): boolean =>
  any(el, CLICK_EVENTS) || reactHandles(el, ['onClick', 'onMouseDown', 'onPointerDown']);

/** The element itself is edited or opened by a double-click. */
export const actsOnDoubleClick = (el: Element): boolean => any(el, ['dblclick']) || reactHandles(el, ['onDoubleClick']);

/**
 * A key press in the field reaches a listener: on the field, an ancestor (across shadow roots),
 * its document or its window. Frameworks listen at the root, so any of them counts.
 */
export const hearsKeys = (el: Element): boolean => {
  for (let n: Node | null = el; n; ) {
    if (any(n, KEY_EVENTS)) return true;
    if (n.parentNode) n = n.parentNode;
    else n = (n as ShadowRoot).host ?? null;
  }
  const win = el.ownerDocument.defaultView;
  return !!win && any(win, KEY_EVENTS);
};

/** Something on the page (an element, the document or the window) listens for key presses. */
export const pageHearsKeys = (): boolean => {
  const all = (window as unknown as Record<symbol, Set<EventTarget> | undefined>)[Symbol.for(`${LISTENS_KEY}.all`)];
  for (const t of all ?? []) if (any(t, KEY_EVENTS)) return true;
  return false;
};

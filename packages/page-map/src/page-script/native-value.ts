/**
 * Setting a box's value as the page's own typing would leave it: the prototype's native setter
 * (frameworks that track values, React's, wrap the element's own) and then `input` and `change`,
 * bubbling and crossing shadow roots, so listeners anywhere above see the change.
 */

/** Dispatches a plain event of that type from the element, as the browser does for a user's edit. */
export const fire = (win: typeof window, e: Element, type: string): boolean =>
  e.dispatchEvent(new win.Event(type, { bubbles: true, composed: true }));

/** Sets a text box's or text area's value with the native setter, then fires input and change. */
export function setNativeValue(el: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const win = (el.ownerDocument.defaultView ?? window) as typeof window;
  const proto = el.tagName === 'TEXTAREA' ? win.HTMLTextAreaElement.prototype : win.HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, text);
  else el.value = text;
  fire(win, el, 'input');
  fire(win, el, 'change');
}

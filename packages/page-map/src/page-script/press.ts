/** Pressing an element as a person's pointer does: the events, in their order, that a click and a double-click make. */

/**
 * Clicks like a person's pointer would reach it: over/enter/move, pointer and mouse down/up, focus, then click, so
 * widgets listening on mousedown or pointerdown (menus, listboxes) react too. Deferred, so a
 * click that navigates cannot destroy this evaluate's context before it answers.
 */
export function pressElement(el: Element): void {
  const win = (el.ownerDocument.defaultView ?? window) as typeof window;
  const h = el as HTMLElement;
  setTimeout(() => {
    try {
      h.scrollIntoView({ block: 'center' });
    } catch {
      // detached meanwhile: the click below still tells the page
    }
    const r = h.getBoundingClientRect();
    const at = {
      bubbles: true,
      cancelable: true,
      composed: true,
      clientX: r.left + r.width / 2,
      clientY: r.top + r.height / 2,
      button: 0,
      view: win,
    };
    const pointer = { ...at, pointerType: 'mouse', isPrimary: true };
    // The pointer arrives first, as a real one does: a menu item that takes focus on mouseenter
    // (jQuery UI's menu opens a submenu only for the item it has focused) sees it come.
    h.dispatchEvent(new win.PointerEvent('pointerover', pointer));
    h.dispatchEvent(new win.PointerEvent('pointerenter', { ...pointer, bubbles: false }));
    h.dispatchEvent(new win.MouseEvent('mouseover', at));
    h.dispatchEvent(new win.MouseEvent('mouseenter', { ...at, bubbles: false }));
    h.dispatchEvent(new win.MouseEvent('mousemove', at));
    h.dispatchEvent(new win.PointerEvent('pointerdown', pointer));
    h.dispatchEvent(new win.MouseEvent('mousedown', { ...at, buttons: 1 }));
    if (typeof h.focus === 'function') h.focus();
    h.dispatchEvent(new win.PointerEvent('pointerup', pointer));
    h.dispatchEvent(new win.MouseEvent('mouseup', at));
    // SVG elements (a star of a rating, a slider's tick) have no click(): the event itself, as a pointer makes it.
    if (typeof h.click === 'function') h.click();
    else h.dispatchEvent(new win.MouseEvent('click', { ...at, detail: 1 }));
  }, 0);
}

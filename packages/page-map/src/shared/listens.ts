/**
 * Event listeners the page attached, as the browser's debugger reports them (listeners.ts marks
 * them on the elements; the page script reads the marks). An in-page scan cannot see listeners:
 * a div that a script made clickable, an input that acts on Enter, a label edited on double-click
 * show nothing in their markup. Shared by both sides.
 */

/** Key of the mark on an element (and on its document and window): the space-separated event types. */
export const LISTENS_KEY = 'pagemap.listens';

/** The event types worth marking, by what they make an element do for a person. */
export const CLICK_EVENTS = ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup'] as const;
export const KEY_EVENTS = ['keydown', 'keypress', 'keyup'] as const;
export const EDIT_EVENTS = ['dblclick'] as const;
export const HOVER_EVENTS = ['mouseover', 'mouseenter', 'pointerover', 'pointerenter'] as const;
export const MARKED_EVENTS: readonly string[] = [...CLICK_EVENTS, ...KEY_EVENTS, ...EDIT_EVENTS, ...HOVER_EVENTS];

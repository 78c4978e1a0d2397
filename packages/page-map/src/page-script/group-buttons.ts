/**
 * Which buttons near loose fields (outside any form) are the fields' own, for form-groups.ts: a
 * button that opens a list, menu or dialog, a toggle, a tab, or one that comes before every field
 * sends nothing of theirs, nor does an editor's toolbar button; near boxes and radios only a button that
 * says it sends or applies does.
 */

/** `a` comes before `b` in their (one) document or shadow tree. */
export const precedes = (a: Element, b: Element): boolean => {
  const pos = a.compareDocumentPosition(b);
  return (pos & Node.DOCUMENT_POSITION_DISCONNECTED) === 0 && (pos & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
};

export const opensPopup = (b: Element): boolean =>
  b.hasAttribute('aria-expanded') ||
  /^(true|menu|listbox|tree|grid|dialog)$/i.test(b.getAttribute('aria-haspopup') ?? '');

/**
 * A toggle button (`aria-pressed`: a theme switch, "Bold", a favourite star) switches a state of
 * its own; it sends nothing of the fields near it. Before, Gentelella's top bar made its command
 * palette box a `search` sent with "Toggle theme".
 */
export const togglesState = (b: Element): boolean => b.hasAttribute('aria-pressed');

/** A tab shows one of its panels ("Example Value | Schema"): it sends nothing, whatever fields sit near it. */
export const isTab = (b: Element): boolean => b.getAttribute('role') === 'tab' || !!b.closest('[role=tablist]');

/** What a button near boxes and radios says when it is theirs: it sends or applies them. */
export const SENDS_CHOICES = /^(apply|save|submit|update|filter|ok|done|confirm|continue|next|search|go|send|vote)\b/i;

/**
 * A button of a rich-text editor's toolbar (bold, a list, a heading style, "Help"): a
 * `[role=toolbar]` beside an editable region or an editor's frame, one or two levels up. It acts on
 * the text, never sends it. Before, Summernote's toolbar made AdminLTE's compose form a tool named
 * `help` that sent with "Bold" or "Help", while "Send" below it was left aside.
 */
export const inEditorToolbar = (b: Element): boolean => {
  const bar = b.closest('[role=toolbar]');
  let up = bar?.parentElement ?? null;
  for (let k = 0; k < 2 && up; k++, up = up.parentElement)
    if (up.querySelector('[contenteditable]:not([contenteditable=false]),textarea,iframe')) return true;
  return false;
};

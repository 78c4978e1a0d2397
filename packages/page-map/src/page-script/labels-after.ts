/**
 * Labels placed after their controls: a free `<label>` right after its field, or the text right
 * after a box or radio ("[x] Remember me"), and how to tell such a layout from a label that names
 * the control after it.
 */
import { clean, visible } from './dom';

export const CONTROL = 'input:not([type=hidden]),select,textarea,button';

/** The next (or previous) sibling node that is neither blank text nor a line break. */
const sibling = (el: Node, dir: 'next' | 'prev'): ChildNode | null => {
  let n = dir === 'next' ? el.nextSibling : el.previousSibling;
  const skip = (x: ChildNode) => (x.nodeType === 3 && !(x.nodeValue ?? '').trim()) || x.nodeName === 'BR';
  while (n && skip(n)) n = dir === 'next' ? n.nextSibling : n.previousSibling;
  return n;
};

const isFreeLabel = (n: Node | null): n is HTMLLabelElement =>
  !!n && n.nodeName === 'LABEL' && !(n as HTMLLabelElement).htmlFor && !(n as Element).querySelector(CONTROL);

const BOX = 'input[type=checkbox],input[type=radio]';
const isBox = (n: Node | null): boolean => !!n && n.nodeType === 1 && (n as Element).matches(BOX);

/**
 * Whether `el` carries its label after it: what comes right before it is no label of its own — not
 * a free `<label>` (nor, for a box or radio, text) unless that one follows a control of the same
 * layout ("[x] Cheese [ ] Peas": "Cheese" is the first box's).
 */
const labelsAfter = (el: Element, depth = 0): boolean => {
  const prev = sibling(el, 'prev');
  if (!prev) return true;
  const text = prev.nodeType === 3;
  if (text && !isBox(el)) return false;
  if (!text && !isFreeLabel(prev)) return true;
  const owner = sibling(prev, 'prev');
  const owned = !!owner && owner.nodeType === 1 && (owner as Element).matches(text ? BOX : CONTROL);
  return owned && depth < 20 && labelsAfter(owner as Element, depth + 1);
};

/** A free label that names the control right before it (labels-after layout). */
export const labelsControlBefore = (n: Element): boolean => {
  if (!isFreeLabel(n)) return false;
  const owner = sibling(n, 'prev');
  return !!owner && owner.nodeType === 1 && (owner as Element).matches(CONTROL) && labelsAfter(owner as Element);
};

/**
 * A label placed right after its field: a `<label>` without `for` (and no control inside) that
 * follows the field directly, or, for a box or radio, the text right after it ("[x] Remember me").
 */
export const followingLabel = (el: Element): string => {
  const next = sibling(el, 'next');
  const caption = el.tagName === 'SELECT' ? captionAfterWidget(el) : '';
  if (caption) return caption;
  if (!next || !labelsAfter(el)) return '';
  if (next.nodeType === 1) return isFreeLabel(next) ? clean(next.textContent, 80) : '';
  return next.nodeType === 3 && isBox(el) ? clean(next.nodeValue, 80) : '';
};

/** A caption's words: a short name (a number may have its decimal point), not a hint in brackets or a sentence. */
const CAPTION = /^\p{L}(?:[^()[\].!?]|\.\d){0,29}$/u;

/**
 * The caption right after a select a script wrapped with the widget it drew for it (the wrapper
 * holds the two and nothing else): jQuery Bar Rating's star ratings, each a hidden select whose
 * stars are followed by "Font Awesome", "CSS Stars", "Bootstrap", or "Current rating: 5.6". Before,
 * all were named by the paragraph above them.
 */
function captionAfterWidget(el: Element): string {
  const wrapper = el.parentElement;
  // A select the page shows is named as any field is; this is for one a widget stands for.
  if (visible(el) || !wrapper || wrapper.childElementCount !== 2 || sibling(el, 'prev')) return '';
  const next = sibling(wrapper, 'next');
  if (!next || next.nodeType !== 1 || (next as Element).querySelector(CONTROL)) return '';
  const words = clean(next.textContent, 40);
  return CAPTION.test(words) ? words : '';
}

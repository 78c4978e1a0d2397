/**
 * A tree's arrows ("twisties") drawn as an empty icon right before each item that can open
 * (`role=treeitem` with `aria-expanded`), served by one click listener on the tree (jsTree's
 * `.jstree-ocl`): no role, no text, no listener or pointer of their own, so nothing said they
 * open the item. A click on the item itself selects it. Each is a click target "Expand <item>" /
 * "Collapse <item>" (target-label.ts).
 */
import { clean, visible } from './dom';
import { actsOnClick } from './listens';

const ITEM = '[role=treeitem][aria-expanded]';

/** The item a twisty opens: the tree item right after it. */
export function twistyOwner(el: Element): Element | null {
  const next = el.nextElementSibling;
  if (!next?.matches(ITEM) || clean(el.textContent) !== '' || el.querySelector('input,button,a')) return null;
  const tree = el.closest('[role=tree]');
  return tree && actsOnClick(tree) ? next : null;
}

/** The twisties of the trees under `root` that listen for clicks. */
export function twistiesIn(root: Document | ShadowRoot | Element): Element[] {
  const out: Element[] = [];
  for (const item of Array.from(root.querySelectorAll(`[role=tree] ${ITEM}`))) {
    const twisty = item.previousElementSibling;
    if (twisty && visible(twisty) && twistyOwner(twisty) === item) out.push(twisty);
  }
  return out;
}

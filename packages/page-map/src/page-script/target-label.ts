/**
 * What a click target is called: what a person reads on it. A textless control that opens or
 * closes the item around it (a tree's arrow, whose item is itself a link) is named by that item.
 */
import { clean, MENU_SIGN } from './dom';

const menuSign = (label: string): boolean => MENU_SIGN.test(label) && !/^[…⋯]$/u.test(label);
import { buttonLabel, hiddenText, iconName, refText, speakable } from './labels';
import { actsOnClick } from './listens';
import { twistyOwner } from './tree-twisty';

/**
 * The first line with a word in it, else the first line: a count badge drawn before an item's
 * name ("14" before "Sweaters") does not name the item. A short capitalised badge ("GET" before
 * an API operation's summary, "NEW") is read with the line after it: alone, every operation of a
 * navigation was "GET".
 */
export const firstLine = (el: Element): string => {
  const t = (el as HTMLElement).innerText ?? el.textContent ?? '';
  const lines = t
    .split('\n')
    .map((line) => clean(line, 80))
    .filter(Boolean);
  const worded = lines.filter((line) => /\p{L}/u.test(line));
  const first = worded[0] ?? lines[0] ?? '';
  return worded.length > 1 && /^\p{Lu}{2,6}$/u.test(first) ? clean(`${first} ${worded[1]}`, 80) : first;
};

/** What a person reads on the target: its accessible name, else its first line of text, else an icon's name. */
export const targetLabel = (el: Element): string => {
  const tag = el.tagName;
  let label = '';
  if (tag === 'BUTTON' || tag === 'INPUT') label = buttonLabel(el);
  else {
    const al = el.getAttribute('aria-label');
    const byLb = refText(el, 'aria-labelledby', el.getRootNode() as Document | ShadowRoot, 80);
    label = al && al.trim() ? clean(al, 80) : byLb || firstLine(el);
    if (!speakable(label)) label = iconName(el) || label;
  }
  // An icon-only close control ("×") or a menu's sign ("☰", "▦") still needs a word an agent can
  // ask for. A pager's gap ("…") stays nameless: it turns no page.
  if (label && !speakable(label)) label = /[×✕✖╳xX]/.test(label) ? 'Close' : menuSign(label) ? 'Menu' : '';
  return label || hiddenText(el);
};

/**
 * A textless control with its own click listener inside an item that says whether it is expanded
 * (`aria-expanded`): "Expand About", "Collapse About". In a navigation tree the item's text is a
 * link to its page and the arrow beside it opens the branch; both are targets, each by its name.
 * So is a tree's arrow drawn right before its item and served by the tree's listener (tree-twisty.ts).
 */
export const toggleLabel = (el: Element): string => {
  const inItem = el.parentElement?.closest('[aria-expanded]');
  const owner = inItem && actsOnClick(el) ? inItem : twistyOwner(el);
  if (!owner) return '';
  const name = targetLabel(owner);
  if (!name) return '';
  return `${owner.getAttribute('aria-expanded') === 'true' ? 'Collapse' : 'Expand'} ${name}`;
};

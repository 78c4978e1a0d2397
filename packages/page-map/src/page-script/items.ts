/**
 * An app's state: the visible items of its lists, tables and grids, each with what its box or
 * selection holds ("☑ Buy milk", "☐ Call Ann", "Inbox (selected)"), so the page map shows what a
 * tool changed. Lists count when their items carry controls or a checked/selected state (an app's
 * rows, not an article's bullet points, which page_content already has), or when they are drawn
 * inside a shadow root (where the article reader does not look). Menus, tab lists, lists inside a
 * form and the page's chrome (nav, header, footer) are left out.
 */
import type { RawItemList } from '../shared/page-script-types';
import { chipBoxOf } from './chips';
import { clean, tagOf, visible, type RootInfo } from './dom';
import { glyphBoxState, glyphBoxesIn } from './glyph-box';
import { labelOf } from './labels';

const LIST_SEL = 'ul,ol,[role=list],[role=listbox],[role=grid],[role=treegrid],[role=tree],table';
const CHROME =
  'nav,header,footer,[role=navigation],[role=banner],[role=contentinfo],[role=menu],[role=menubar],[role=tablist]';
const STATEFUL =
  'input[type=checkbox],input[type=radio],button,[role=checkbox],[role=button],[role=switch],[aria-checked],[aria-selected]';
/** Controls whose words are no part of an item's text ("×", "Remove", "Edit"). */
const CONTROL_TEXT = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SCRIPT', 'STYLE', 'TEMPLATE']);
const MAX_LISTS = 5;
const MAX_ITEMS = 50;

/** A cross that is no letter: a control's "×", never an item's words (an "x" may be: "2 x 3"). */
const GLYPH_CROSS = /^[×✕✖╳]$/u;

/** Where one cell of a row ends, in the words collected (never in a page's text). */
const CELL = '\u0001';

/**
 * The item's own words, without its controls' (a row's "×" or "Edit"), cells and blocks kept
 * apart ("Buy milk | 2 items"). Empty cells (a control's) are left out, and a cell that holds
 * only a separator (":" or "=") joins the one before it: a key-value row reads "number: 123".
 */
export function itemText(item: Element): string {
  const parts: string[] = [];
  const walk = (n: Node): void => {
    if (n.nodeType === 3) parts.push(n.nodeValue ?? '');
    if (n.nodeType !== 1) return;
    const el = n as Element;
    if (CONTROL_TEXT.has(tagOf(el)) || el.getAttribute('role') === 'button' || !visible(el)) return;
    if (el.childElementCount === 0 && GLYPH_CROSS.test(clean(el.textContent))) return; // a tag's "×"
    if (glyphBoxState(el) !== null) return; // a box drawn as "☐": the item's mark (stateOf)
    if (el.tagName === 'TD' || el.tagName === 'TH') parts.push(CELL);
    for (const c of Array.from(el.shadowRoot?.childNodes ?? el.childNodes)) walk(c);
  };
  for (const c of Array.from(item.childNodes)) walk(c);
  let text = '';
  let glue = '';
  for (const cell of parts
    .join(' ')
    .split(CELL)
    .map((c) => clean(c, 160))) {
    if (!cell) continue;
    if (/^[:=]$/.test(cell)) {
      text += cell;
      glue = ' ';
    } else {
      text += (text ? glue : '') + cell;
      glue = ' | ';
    }
  }
  return clean(text, 160);
}

/** The mark of what the item's box or selection holds ('' when it has none). */
function stateOf(item: Element): { before: string; after: string } {
  const box =
    item.querySelector('input[type=checkbox],input[type=radio]') ??
    (item.hasAttribute('aria-checked') ? item : item.querySelector('[aria-checked]'));
  let before = '';
  const drawn = box ? null : glyphBoxesIn(item)[0];
  if (box instanceof HTMLInputElement) before = box.checked ? '☑ ' : '☐ ';
  else if (box) before = box.getAttribute('aria-checked') === 'true' ? '☑ ' : '☐ ';
  else if (drawn) before = glyphBoxState(drawn) ? '☑ ' : '☐ ';
  const after = item.getAttribute('aria-selected') === 'true' ? ' (selected)' : '';
  return { before, after };
}

function itemsOf(list: Element): Element[] {
  if (list.tagName === 'TABLE') return Array.from((list as HTMLTableElement).rows).filter((r) => !r.closest('thead'));
  const own = Array.from(list.children).filter((c) =>
    c.matches('li,[role=listitem],[role=option],[role=row],[role=treeitem],tr'),
  );
  if (own.length) return own;
  return Array.from(list.querySelectorAll(':scope > tbody > tr, :scope > [role=rowgroup] > [role=row]'));
}

/** The list's name: its aria-label, else the nearest heading before it. */
function nameOf(list: Element): string {
  const al = list.getAttribute('aria-label');
  if (al?.trim()) return clean(al, 80);
  for (let n: Element | null = list; n; n = n.parentElement) {
    for (let s = n.previousElementSibling; s; s = s.previousElementSibling) {
      const h = s.matches('h1,h2,h3,h4,h5,h6,[role=heading]') ? s : s.querySelector('h1,h2,h3,h4,h5,h6');
      if (h) return clean(h.textContent, 80);
    }
  }
  return '';
}

export interface AppList {
  list: Element;
  name: string;
  /** Its visible items (rows), in order. */
  items: Element[];
  /** A box of tags' (chips.ts): each tag's remove control, beside `items`. */
  removers?: Element[];
}

/**
 * The lists found for a scan's roots: one extraction asks four times (the field groups, the rows'
 * boxes, the rows' tools, the items), and its roots are one array made for that scan.
 */
const found = new WeakMap<RootInfo[], AppList[]>();

/** The app lists of the page, in page order, at most five (their items are not capped here). */
export function appLists(roots: RootInfo[]): AppList[] {
  let lists = found.get(roots);
  if (!lists) {
    lists = findAppLists(roots);
    found.set(roots, lists);
  }
  return lists;
}

function findAppLists(roots: RootInfo[]): AppList[] {
  const out: AppList[] = [];
  for (const ri of roots) {
    for (const list of Array.from(ri.root.querySelectorAll(LIST_SEL))) {
      if (out.length >= MAX_LISTS) break;
      // A form laid out as a list is the form's tool's, not an app's list; a box of tags is below.
      if (list.closest(CHROME) || list.closest('form') || list.parentElement?.closest(LIST_SEL) || !visible(list))
        continue;
      if (chipBoxIn(list)) continue;
      const items = itemsOf(list).filter((i) => visible(i));
      const app =
        ri.shadow || items.some((i) => i.matches(STATEFUL) || i.querySelector(STATEFUL) || glyphBoxesIn(i).length > 0);
      if (app && items.length > 0) out.push({ list, name: nameOf(list), items });
    }
  }
  return [...out, ...chipLists(roots)];
}

/** A list that is (or is in) a box of tags: its tags are that box's list. */
const chipBoxIn = (list: Element): boolean =>
  Array.from(list.querySelectorAll('input')).some((f) => chipBoxOf(f)?.box.contains(list));

/**
 * The page's boxes of tags (chips.ts) as lists of their own, at most five more: the page map shows
 * what each holds, and each tag's "×" is a row's control (remove_item). A box is named as its
 * text box is (its label, else the text or heading before the box).
 */
function chipLists(roots: RootInfo[]): AppList[] {
  const out: AppList[] = [];
  for (const ri of roots) {
    for (const f of Array.from(ri.root.querySelectorAll('input'))) {
      const cb = out.length < MAX_LISTS ? chipBoxOf(f) : null;
      if (!cb) continue;
      const { label, nearby } = labelOf(f, ri.root);
      out.push({ list: cb.box, name: clean(label || nearby, 80), items: cb.chips, removers: cb.removers });
    }
  }
  return out;
}

/** The app lists' items as read for the page map, with their marks, at most fifty per list. */
export function appItems(roots: RootInfo[]): RawItemList[] {
  const out: RawItemList[] = [];
  for (const { name, items } of appLists(roots)) {
    const lines: string[] = [];
    for (const item of items.slice(0, MAX_ITEMS)) {
      const text = itemText(item);
      if (!text) continue;
      const { before, after } = stateOf(item);
      lines.push(`${before}${text}${after}`);
    }
    if (lines.length) out.push({ name, items: lines, total: items.length });
  }
  return out;
}

/**
 * Per-row controls: the rows of an app's list, table or grid that carry the same controls (a box,
 * a "Remove" or "Edit" button, an editable region nothing but its row names) become one tool per
 * control, the row chosen by its text (tools/kinds/rows.ts): toggle_item {item: "Buy milk"},
 * remove_item {item}, set_item {item: "number: 123", text}. A control shown only while its row is
 * hovered (CSS :hover) is offered too; running it hovers the row first, as a person does. Each
 * control is found again by its list, its action and its row's text, so a re-rendered list still
 * works.
 */
import type { RawRowAction } from '../shared/page-script-types';
import type { PageScriptResponse } from '../shared/page-script-protocol';
import { slug } from '../shared/slug';
import { clean, visible, type RootInfo } from './dom';
import { CROSS, drawsCross } from './chips';
import { glyphBoxState, glyphBoxesIn } from './glyph-box';
import { appLists, itemText, type AppList } from './items';
import { buttonLabel, labelOf } from './labels';
import { pressElement } from './press';

const BOX = 'input[type=checkbox],[role=checkbox],[role=switch]';
const CONTROL = `${BOX},button,[role=button],input[type=button]`;
const MAX_ACTIONS = 6;
/**
 * A row's text edited in place: an editable region. (A text input in a table row is a field of a
 * form or a parameters table, named by its row: Swagger UI's array parameter; it stays a field.)
 */
const TEXT_BOX = '[contenteditable]:not([contenteditable=false])';
/** What a box may be named by other than its row: when it has one, a form or field tool takes it. */
const OWN_NAME = ['name', 'id', 'placeholder', 'aria-label', 'aria-labelledby', 'title'];

/**
 * A row's editable region that nothing but its row names (no label, name, id or placeholder, and
 * no text outside the row beside it): a JSON tree's key and value. Such regions all looked alike
 * to the field groups, which offered the first row's only.
 */
const anonymousBox = (el: Element, row: Element): boolean => {
  if (!visible(el) || el.closest('form') || OWN_NAME.some((a) => (el.getAttribute(a) ?? '').trim())) return false;
  const { label, nearby } = labelOf(el, el.getRootNode() as Document | ShadowRoot);
  return !label && (!nearby || (row.textContent ?? '').includes(nearby));
};

/** A row's own anonymous text boxes, in order; the last is the one `set_item` types into (a key-value row's value). */
const rowTextBoxes = (row: Element): Element[] =>
  Array.from(row.querySelectorAll(TEXT_BOX)).filter((el) => anonymousBox(el, row));

/** Each row's text boxes, found once per list of a scan: the field groups and the rows' tools both ask. */
const textBoxes = new WeakMap<AppList, Element[][]>();
function textBoxesOf(list: AppList): Element[][] {
  let boxes = textBoxes.get(list);
  if (!boxes) {
    boxes = list.items.map(rowTextBoxes);
    textBoxes.set(list, boxes);
  }
  return boxes;
}

/** What a person reads on a row's button: its words, else what its CSS draws (a "×" in ::after), else its tooltip. */
function controlWord(el: Element): string {
  const text = buttonLabel(el) || clean(el.getAttribute('title'), 40);
  if (text && !CROSS.test(text)) return text;
  if (text) return 'Remove';
  return drawsCross(el) ? 'Remove' : '';
}

/** The action a control performs in its row: "toggle" for a box, else its word's slug. */
function actionOf(el: Element): { action: string; word: string } | null {
  if (el.matches(BOX) || glyphBoxState(el) !== null) return { action: 'toggle', word: 'Toggle' };
  const word = controlWord(el);
  const action = slug(word, 24);
  return action ? { action, word } : null;
}

interface RowHit {
  row: Element;
  control: Element;
}

/**
 * Each action of a list with the rows that have it. A row of a table or grid with the same control
 * in several cells ("Change" in every cell) offers each cell as an item of its own, named by the
 * cell's text, so the agent can say which one.
 */
function actionsOf(list: AppList): Map<string, { word: string; rows: RowHit[] }> {
  const out = new Map<string, { word: string; rows: RowHit[] }>();
  const boxes = textBoxesOf(list);
  list.items.forEach((row, r) => {
    const byAction = new Map<string, Element[]>();
    // A tag's remove control (a box of tags, chips.ts) is whatever element takes its click.
    const remover = list.removers?.[r];
    const controls = [...Array.from(row.querySelectorAll(CONTROL)), ...glyphBoxesIn(row)].filter((c) => c !== remover);
    for (const control of remover ? [remover, ...controls] : controls) {
      const a = control === remover ? { action: 'remove', word: 'Remove' } : actionOf(control);
      if (!a) continue;
      byAction.set(a.action, [...(byAction.get(a.action) ?? []), control]);
      if (!out.has(a.action)) out.set(a.action, { word: a.word, rows: [] });
    }
    const box = boxes[r]!.at(-1);
    if (box) byAction.set('set', [box]);
    if (box && !out.has('set')) out.set('set', { word: 'Set', rows: [] });
    for (const [action, controls] of byAction) {
      const cells = controls.map((c) => c.closest('td,th,[role=gridcell]'));
      const perCell = controls.length > 1 && cells.every((c, i) => c && row.contains(c) && cells.indexOf(c) === i);
      if (perCell) controls.forEach((control, i) => out.get(action)!.rows.push({ row: cells[i]!, control }));
      else out.get(action)!.rows.push({ row, control: controls[0]! });
    }
  });
  return out;
}

/** The per-row actions of the page's app lists: kept when at least half the rows have them. */
export function scanRowActions(roots: RootInfo[]): RawRowAction[] {
  const out: RawRowAction[] = [];
  appLists(roots).forEach((list, listIdx) => {
    for (const [action, { word, rows }] of actionsOf(list)) {
      if (out.length >= MAX_ACTIONS || rows.length * 2 < list.items.length) continue;
      const items = rows.map((r) => itemText(r.row)).filter(Boolean);
      if (items.length === 0) continue;
      const hover = rows.some((r) => !visible(r.control));
      out.push({ list: list.name, listIdx, action, word, items: items.slice(0, 50), hover });
    }
  });
  return out;
}

/**
 * The boxes that per-row tools own (toggle_item): kept out of the page's loose field groups, where
 * they were unnamed params (field_3 … field_6) of a tool named after some button nearby.
 */
export function rowBoxes(roots: RootInfo[]): Set<Element> {
  const out = new Set<Element>();
  for (const list of appLists(roots)) {
    const boxes = list.items.map((row) => row.querySelector(BOX)).filter((b): b is Element => b !== null);
    if (boxes.length * 2 >= list.items.length) for (const b of boxes) out.add(b);
    // The rows' anonymous text boxes too (set_item types into them).
    const texts = textBoxesOf(list);
    if (texts.filter((t) => t.length > 0).length * 2 >= list.items.length) for (const b of texts.flat()) out.add(b);
  }
  return out;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The row whose text is the item (exact, else the one starting with it, else containing it). */
function findRow(rows: RowHit[], item: string): RowHit | null {
  const w = norm(item);
  const texts = rows.map((r) => norm(itemText(r.row)));
  const i = [
    texts.indexOf(w),
    texts.findIndex((t) => t.startsWith(w)),
    texts.findIndex((t) => w.length >= 3 && t.includes(w)),
  ].find((x) => x >= 0);
  return i === undefined ? null : rows[i]!;
}

/**
 * Acts on one row: presses its control (a box only when it does not already hold `checked`). A
 * control hidden until hovered answers `hover` with the row's centre for Node to move the pointer
 * there; asked again once hovered, it is pressed. With `read`, it only answers what the row's box
 * holds: a drawn box is read back so, once the page has redrawn it.
 */
export function rowAction(
  roots: RootInfo[],
  req: { listIdx: number; action: string; item: string; checked?: boolean; read?: boolean },
): PageScriptResponse {
  const list = appLists(roots)[req.listIdx];
  const rows = list ? (actionsOf(list).get(req.action)?.rows ?? []) : [];
  const hit = findRow(rows, req.item);
  if (!hit) return { op: 'rowAction', ok: false };
  const box = hit.control.matches('input') ? (hit.control as HTMLInputElement) : null;
  const held = box ? box.checked : (glyphBoxState(hit.control) ?? hit.control.getAttribute('aria-checked') === 'true');
  if (req.read) return { op: 'rowAction', ok: true, checked: held };
  if (req.action === 'toggle' && req.checked !== undefined && held === req.checked)
    return { op: 'rowAction', ok: true, checked: held };
  if (!visible(hit.control)) {
    (hit.row as HTMLElement).scrollIntoView?.({ block: 'center' });
    const r = hit.row.getBoundingClientRect();
    return { op: 'rowAction', ok: true, hover: { x: r.left + r.width / 2, y: r.top + r.height / 2 } };
  }
  if (req.action === 'set') {
    // Focused for Node to type into, as a person does (tools/kinds/rows.ts).
    (hit.control as HTMLElement).scrollIntoView?.({ block: 'center' });
    (hit.control as HTMLElement).focus();
    return { op: 'rowAction', ok: (hit.control.getRootNode() as Document | ShadowRoot).activeElement === hit.control };
  }
  if (req.action === 'toggle' && box) {
    box.click(); // synchronous: the box's new state can be read back at once
    return { op: 'rowAction', ok: true, checked: box.checked };
  }
  pressElement(hit.control);
  return { op: 'rowAction', ok: true };
}

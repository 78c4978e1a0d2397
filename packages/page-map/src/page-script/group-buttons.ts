/**
 * Which buttons near loose fields (outside any form) are the fields' own, for form-groups.ts: a
 * button that opens a list, menu or dialog (or shows a menu's sign), a toggle, a tab, or one that comes before every field
 * sends nothing of theirs, nor does an editor's toolbar button; near boxes and radios only a button that
 * says it sends or applies does, and near filters (a search box, lists) only one that searches or
 * applies them, or says nothing.
 */
import { MENU_SIGN } from './dom';
import { buttonLabel, speakable } from './labels';
import { BUTTON_SEL } from './selectors';

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

/** Words of a button that sends or applies the fields near it, whatever they are. */
const APPLIES = 'apply|search|filter|go|submit|ok|done|update|send';

/** What a button near boxes and radios says when it is theirs: it sends or applies them ("Save", "Vote", "Next"). */
export const SENDS_CHOICES = new RegExp(`^(${APPLIES}|save|confirm|continue|next|vote)\\b`, 'i');

/** What a button of filters says: it searches or applies them ("Show"); a pager's "Next" only turns a page. */
const FILTER_SENDS = new RegExp(`^(${APPLIES}|find|show)\\b`, 'i');

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

export const isChoice = (el: Element): boolean => el.matches('input[type=checkbox],input[type=radio]');

/** A box that searches or finds by its type, name, label or placeholder. */
export function searchBox(f: Element): boolean {
  const t = ((f as HTMLInputElement).type || '').toLowerCase();
  const says = `${(f as HTMLInputElement).name || ''} ${f.id} ${f.getAttribute('aria-label') ?? ''} ${f.getAttribute('placeholder') ?? ''}`;
  return (
    t === 'search' ||
    /search|query|^q$/i.test((f as HTMLInputElement).name || '') ||
    ((t === 'text' || t === '') && /\bsearch|\bfind\b|\bfilter/i.test(says))
  );
}

/**
 * Filters (a search box or lists, with or without boxes and radios) act as they change: a button
 * near them is theirs only when it says it sends or applies ("Search", "Apply") or says nothing (a
 * magnifier). Before, Gentelella's inbox search was sent with "Mark all read", a table's search
 * with its sort headers, and a user list's role and status filters with "Owner" and "More". Boxes
 * and radios alone keep their own rule (SENDS_CHOICES, in widgetGroup).
 */
export function filtersOwnButtons(
  fields: Element[],
  buttons: Element[],
  labelOf: (b: Element) => string = buttonLabel,
): Element[] {
  const filters = fields.length > 0 && fields.every((f) => isChoice(f) || f.tagName === 'SELECT' || searchBox(f));
  if (!filters || fields.every(isChoice)) return buttons;
  return buttons.filter((b) => {
    const says = labelOf(b);
    return !speakable(says) || FILTER_SENDS.test(says);
  });
}

/**
 * A button in a navigation block or a table's column header that the fields are not in: a pager's
 * "…" or "Page 2", a column's sort button. It turns pages or sorts; it sends none of the fields.
 * Before, simple-datatables' search box was "sent" with its pager's "…", and the box its editor
 * opens in a cell with the column headers' sort buttons.
 */
export const elsewhereControl = (b: Element, fields: Element[]): boolean => {
  const block = b.closest('nav,[role=navigation],thead,[role=columnheader]');
  return !!block && !fields.some((f) => block.contains(f));
};

/** buttonLabel, remembered: a group's rules each ask for its buttons' labels, read once. */
export function labelReader(): (b: Element) => string {
  const labels = new Map<Element, string>();
  return (b) => {
    let says = labels.get(b);
    if (says === undefined) labels.set(b, (says = buttonLabel(b)));
    return says;
  };
}

/** What a button says when it takes something away or closes: it acts on an item or a dialog. */
const TAKES_AWAY = /^(remove|delete|discard|dismiss|close|cancel|clear)\b|^[×✕✖]$/i;
/**
 * What a button says when it rearranges what it sits in: an item moved, a panel folded or opened
 * for editing (JSON Editor's rows: "Move up", "Move down", "Collapse", "Edit JSON"). Before, each of
 * its table rows was a form whose send was "Move down".
 */
const REARRANGES = /^(move (up|down|left|right|first|last|to (the )?(top|bottom))|collapse|expand|edit)\b|^[↑↓]$/i;
/**
 * What a button says when it opens a panel of settings ("Object Properties", "Settings"); one that
 * says it stores them ("Save settings", "Apply options") sends.
 */
const OPENS_PANEL =
  /^(?!(save|apply|update|submit|confirm|set|change|store|send)\b).*\b(properties|settings|options|preferences)$/i;
/** What a stepper's buttons say. */
const STEPS = /^[+\-−–]$|^(increase|decrease|increment|decrement|plus|minus)\b/i;

/** A stepper's "−" or "+": its wrapper holds the one field it changes, and nothing else to fill. */
const stepsField = (b: Element, says: string): boolean =>
  STEPS.test(says) && b.parentElement?.querySelectorAll('input,select,textarea').length === 1;

/**
 * One of three or more buttons side by side whose names differ only by a number ("1 star" …
 * "5 stars", a scale's "1 2 3 4 5"): a value to pick, as a rating is.
 */
function onScale(b: Element, says: string): boolean {
  if (!/\d/.test(says)) return false; // its own name has no number: no sibling need be read
  const row = Array.from(b.parentElement?.children ?? []).filter((c) => c.matches(BUTTON_SEL));
  if (row.length < 3) return false;
  const shapes = new Set(row.map((c) => buttonLabel(c).toLowerCase().replace(/\d+/g, '#').replace(/s\b/g, '')));
  return shapes.size === 1 && [...shapes][0]!.includes('#');
}

/**
 * A button beside loose fields that sends none of them, whatever it is near: one that takes
 * something away or closes (a chip's "Remove", "Cancel"), a stepper's "−" and "+", a rating's
 * stars. Before, Gentelella's form page made a card of a priority list and a team size a tool
 * `5_stars` whose actions were "−", "+" and the five stars, and four cards of fields one tool sent
 * with a chip's "Remove".
 */
export function sendsNothing(b: Element, says = buttonLabel(b)): boolean {
  // A menu's sign: before, simple-datatables' column chooser "▦", drawn in its search box's
  // wrapper, was the search's send button.
  return (
    TAKES_AWAY.test(says) ||
    REARRANGES.test(says) ||
    OPENS_PANEL.test(says) ||
    MENU_SIGN.test(says) ||
    stepsField(b, says) ||
    onScale(b, says)
  );
}

/** What a button says when it adds something: a row, an item. */
const ADDS = /^(\+|add|new)\b/i;
/** Levels above a field where an "Add" button that sends it sits (beside it, in its row, its card). */
const ADD_LEVELS = 3;

/**
 * An "Add …" button that adds another row or item rather than what the field holds: one outside
 * the table row the field sits in (JSON Editor's "Add Node" under its table), or one further from
 * the field than its own box (JSON Editor's "Add Person" atop a person's whole panel, its pets'
 * "Add row" deep in the panel its "Basic / Complex Person" list heads). A to-do
 * list's "Add" beside its box sends the box. Before, every field of JSON Editor's forms was "sent"
 * with the nearest "Add …".
 */
export const addsElsewhere = (b: Element, f: Element): boolean => {
  if (!ADDS.test(buttonLabel(b))) return false;
  const row = f.closest('tr,[role=row]');
  if (row && !row.contains(b)) return true;
  // Near: the two meet within ADD_LEVELS above the field, and the button is within as many below.
  const meet = (from: Element, other: Element): Element | null => {
    let up: Element | null = from.parentElement;
    for (let k = 1; k < ADD_LEVELS && up && !up.contains(other); k++) up = up.parentElement;
    return up?.contains(other) ? up : null;
  };
  const common = meet(f, b);
  return !common || meet(b, f) !== common;
};

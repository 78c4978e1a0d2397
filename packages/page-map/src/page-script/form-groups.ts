/**
 * Form grouping: which fields and buttons belong together. Every <form> is a group; fields
 * outside any form join the nearest ancestor (up to six levels) that also holds a button, and a
 * lone search box becomes a group of its own (it works with Enter), and so does any other lone
 * text field, text area, editable region or select (a `standalone` group: filled, never
 * submitted; the page reacts as it is typed into). Everything grouped is `claimed`, so the
 * clickables scan skips it.
 */
import { drawnBox, inBoxBelow } from './boxes';
import { revealable } from './conditional';
import { textOf, visible, type RootInfo } from './dom';
import { appLists } from './items';
import { hearsItsKeys } from './listens';
import {
  addsElsewhere,
  elsewhereControl,
  filtersOwnButtons,
  labelReader,
  inEditorToolbar,
  isChoice,
  isTab,
  opensPopup,
  precedes,
  SENDS_CHOICES,
  sendsNothing,
  togglesState,
} from './group-buttons';
import { rowBoxes } from './rows';
import { dropDownsOf, facesSelect, fieldVisible, isField, isOpenerBox, looseFields } from './field-controls';
import {
  buttonlessGroup,
  choiceGroup,
  fieldsetGroup,
  pairGroup,
  sectionGroup,
  tableGroup,
  typedBox,
} from './buttonless-groups';
import { BUTTON_SEL, CAPTCHA_WIDGET, FIELD_SEL } from './selectors';

export interface Group {
  kind: 'form' | 'widget';
  container: Element;
  form: HTMLFormElement | null;
  fields: Element[];
  buttons: Element[];
  ri: RootInfo;
  /** A sign-in form in a closed menu or dialog, offered without opening it. */
  closed?: boolean;
  /** One field with no form and no button of its own (an editor, a filter box): filled, never submitted. */
  standalone?: boolean;
  /** Boxes and radios outside a form with no button of their own: set, never submitted (the page reacts to each change). */
  choices?: boolean;
}

const LINKISH_SEL =
  'a:not([href]),a[href="#"],a[href^="javascript:" i],[onclick],span[tabindex],div[tabindex],a[role=button]';
const SUBMITISH =
  /^(sign ?in|log ?in|login|log on|submit|continue|next|go|send|search|find|sign ?up|register|create (an )?account|join|subscribe|save|ok|apply|confirm)\b/i;

/** A link drawn as a button (Bootstrap's `btn`, a `button` class, `role=button`). */
const BUTTON_LIKE_LINK = 'a[href][role=button],a[href][class*="btn" i],a[href][class*="button" i]';

/**
 * Submit controls that are not buttons: a link or span with a script handler ("Sign in" as an
 * <a onclick> or a styled <span>). Used only when a group has no real button. Beside a password
 * field, a link drawn as a button counts even when it has an address (an admin template's "Login"
 * is `<a class="btn" href="index.html">`): it is what a person presses to sign in. Its shortest
 * label comes first ("Login" before "Login with Google").
 */
export function linkSubmits(c: Element): Element[] {
  const signIn = !!c.querySelector('input[type=password]');
  const cands = Array.from(c.querySelectorAll('a,span,div,[onclick]'))
    .slice(0, 300)
    .filter(
      (e) =>
        !(e as HTMLAnchorElement).href ||
        /^(#|javascript:)/i.test(e.getAttribute('href') ?? '') ||
        (signIn && e.matches(BUTTON_LIKE_LINK)),
    )
    .filter((e) => !e.querySelector('input,select,textarea,button,div') && !inLinkList(e))
    .filter((e) => {
      const t = linkLabel(e);
      return t.length > 0 && t.length <= 30 && SUBMITISH.test(t);
    });
  const handled = cands.filter((e) => e.matches(LINKISH_SEL) || e.matches(BUTTON_LIKE_LINK));
  const pool = handled.length ? handled : cands.filter((e) => getComputedStyle(e).cursor === 'pointer');
  return pool
    .filter((e) => visible(e) && !pool.some((o) => o !== e && o.contains(e)))
    .sort((a, b) => linkLabel(a).split(' ').length - linkLabel(b).split(' ').length)
    .slice(0, 3);
}

/**
 * One link of a list of links (a pager's "Previous 1 2 3 Next", a menu): it moves through what the
 * page shows, it never sends the fields near it. A search box above a paged table used to be sent
 * with the pager's "Next".
 */
const inLinkList = (e: Element): boolean => {
  const list = e.closest('li')?.parentElement;
  return !!list && list.querySelectorAll(':scope > li a, :scope > li [role=button]').length >= 3;
};

const linkLabel = (e: Element): string =>
  textOf(e, 60) || (e.getAttribute('aria-label') ?? e.getAttribute('title') ?? '').trim();

/**
 * A sign-in form inside a closed dropdown or modal (a header "Sign in" menu, a paywall dialog): one
 * password field and at most three others. Its fields are filled and submitted by script without
 * opening it; any other hidden form stays out (hidden fields are honeypots as often as not).
 */
function closedSignIn(form: HTMLFormElement): Element[] | null {
  const fields = Array.from(form.elements).filter((e) => isField(e) && !e.closest(CAPTCHA_WIDGET));
  const pw = fields.filter((e) => (e as HTMLInputElement).type === 'password');
  const typed = fields.filter((e) => !['checkbox', 'radio'].includes((e as HTMLInputElement).type));
  return pw.length === 1 && typed.length >= 2 && typed.length <= 4 ? fields : null;
}

/** A <form>'s group: its visible fields and buttons (or a closed sign-in form's); null when it offers nothing. */
function formGroup(form: HTMLFormElement, ri: RootInfo, claimed: Set<Element>): Group | null {
  // Visible fields, and those a choice of the form reveals (conditional.ts).
  let fields = Array.from(form.elements).filter((e) => isField(e) && (fieldVisible(e) || revealable(e, fieldVisible)));
  // Its buttons, with those placed elsewhere on the page that name it (`form="id"`: a sticky
  // "Save" bar, a dialog's footer).
  const outside = Array.from(form.elements).filter((e) => !form.contains(e) && e.matches(BUTTON_SEL));
  let buttons = [...Array.from(form.querySelectorAll(BUTTON_SEL)), ...outside].filter(
    // A select's drawn face (bootstrap-select's button) is the select's, not the form's.
    (b) => visible(b) && (b as HTMLButtonElement).type !== 'reset' && !isTab(b) && !facesSelect(b),
  );
  const closed = fields.length === 0 && !visible(form) ? closedSignIn(form) : null;
  if (closed) {
    fields = closed;
    buttons = Array.from(form.querySelectorAll(BUTTON_SEL)).filter((b) => (b as HTMLButtonElement).type !== 'reset');
  }
  if (buttons.length === 0 && fields.length > 0) buttons = linkSubmits(form);
  for (const f of fields) claimed.add(f);
  for (const b of buttons) claimed.add(b);
  if (fields.length === 0 && buttons.length === 0) return null;
  if (!visible(form) && fields.length === 0) return null;
  return { kind: 'form', container: form, form, fields, buttons, ri, ...(closed ? { closed: true } : {}) };
}

/**
 * Buttons under `c` outside any form that send something (not in the drop-down of `f`), then link
 * submits: one at a time.
 */
function* looseButtons(c: Element, f: Element): Generator<Element> {
  const own = dropDownsOf([f]);
  for (const b of Array.from(c.querySelectorAll(BUTTON_SEL)))
    if (
      !b.closest('form') &&
      !inEditorToolbar(b) &&
      visible(b) &&
      !sendsNothing(b) &&
      !own.some((d) => d.contains(b)) &&
      !addsElsewhere(b, f)
    )
      yield b;
  for (const b of linkSubmits(c)) if (!b.closest('form')) yield b;
}

/**
 * The nearest ancestor (up to six levels) of a loose field that also holds a button outside any
 * form. When the field sits in a drawn box with no button of its own (a card: boxes.ts) and every
 * button found beyond it sits in another box, the field's box is the holder: its fields are one
 * group that sends nothing. Before, Gentelella's form page made four cards of fields one tool of
 * seven, held by the page's wrapper for another card's "Upload new photo".
 */
function buttonHolder(f: Element): Element | null {
  let c: Element | null = f.parentElement;
  let box: Element | null = null;
  for (let up = 0; up < 6 && c; up++, c = c.parentElement) {
    if (c.tagName === 'BODY' || c.tagName === 'HTML') break;
    let beyond = false; // a button here, but in another box
    for (const b of looseButtons(c, f)) {
      if (!box || !inBoxBelow(b, c)) return c;
      beyond = true;
    }
    if (beyond) return box;
    if (drawnBox(c, f)) box = c;
  }
  return null;
}

/** The fields and buttons under a button holder, as one group; null for a page region (more than 12 fields). */
function widgetGroup(found: Element, ri: RootInfo, claimed: Set<Element>): Group | null {
  const fields = looseFields(found, claimed);
  if (fields.length > 12) return null; // a page region, not a form
  // A button that opens a list, menu or dialog (a combobox's arrow) sends nothing: it stays a click target.
  const labelOf = labelReader(); // each button's label read once, whichever rules ask for it
  const dropDowns = dropDownsOf(fields);
  let buttons = Array.from(found.querySelectorAll(BUTTON_SEL)).filter(
    (b) =>
      !b.closest('form') &&
      !claimed.has(b) &&
      visible(b) &&
      (b as HTMLButtonElement).type !== 'reset' &&
      !opensPopup(b) &&
      !togglesState(b) &&
      !isTab(b) &&
      !inEditorToolbar(b) &&
      !dropDowns.some((d) => d.contains(b)) &&
      !sendsNothing(b, labelOf(b)) &&
      !(fields.length > 0 && fields.every((f) => addsElsewhere(b, f))),
  );
  // A formless group's send button follows what it sends: one before all of its fields is a
  // row's own control (a drag handle, an actions menu, an expand toggle of a tree's row).
  if (fields.length > 0)
    buttons = filtersOwnButtons(
      fields,
      buttons.filter((b) => !precedes(b, fields[0]!) && !elsewhereControl(b, fields)),
      labelOf,
    );
  if (buttons.length === 0) buttons = linkSubmits(found).filter((b) => !claimed.has(b));
  // One box or list left with no button of its own (the others open popups or are tabs): it is a
  // field of its own, filled or chosen, never a form to send.
  if (buttons.length === 0 && fields.length === 1 && isOpenerBox(fields[0]!)) return null;
  if (buttons.length === 0 && fields.length === 1 && (isTypedText(fields[0]!) || fields[0]!.tagName === 'SELECT')) {
    claimed.add(fields[0]!);
    return { kind: 'widget', container: found, form: null, fields, buttons, ri, standalone: true };
  }
  // Boxes and radios act as they change: a button near them is theirs only when it says it sends
  // or applies ("Apply", "Save"); any other ("Clear completed", "I'm here") is no part of them.
  const choices = fields.every(isChoice);
  if (choices)
    buttons = buttons.filter((b) => SENDS_CHOICES.test(textOf(b, 60) || (b as HTMLInputElement).value || ''));
  for (const e of fields) claimed.add(e);
  for (const b of buttons) claimed.add(b);
  return {
    kind: 'widget',
    container: found,
    form: null,
    fields,
    buttons,
    ri,
    ...(choices && buttons.length === 0 ? { choices: true } : {}),
  };
}

/**
 * An app's input that acts on Enter (a key listener: listens.ts) is no field of a button holder
 * that also holds the app's list: the buttons there ("Clear completed", "Share list") act on the
 * list, and a group would press one when the agent only meant to add an entry. The input stays a
 * tool of its own (add_… / submit_…, form-standalone.ts).
 */
function ownHolder(f: Element, found: Element | null, lists: Element[]): Element | null {
  if (!found || !isTypedText(f) || f.tagName === 'TEXTAREA' || !hearsItsKeys(f)) return found;
  return lists.some((l) => found.contains(l) && !l.contains(f)) ? null : found;
}

const isTypedText = (el: Element): boolean => el.tagName === 'TEXTAREA' || typedBox(el);

export function groupControls(roots: RootInfo[]): { groups: Group[]; claimed: Set<Element> } {
  const groups: Group[] = [];
  // Boxes of an app list's rows have their own per-row tool (rows.ts): no group takes them.
  const claimed = rowBoxes(roots);
  const lists = appLists(roots).map((l) => l.list);
  let standalone = 0;
  for (const ri of roots) {
    for (const form of Array.from(ri.root.querySelectorAll('form'))) {
      const g = formGroup(form, ri, claimed);
      if (g) groups.push(g);
    }
    // Fields outside any <form>: group each with the nearest ancestor that also holds a button.
    const loose = Array.from(ri.root.querySelectorAll(FIELD_SEL)).filter(
      (e) => !claimed.has(e) && !e.closest('form') && !(e as HTMLInputElement).form && isField(e) && fieldVisible(e),
    );
    for (const f of loose) {
      if (claimed.has(f)) continue;
      const found = ownHolder(f, buttonHolder(f), lists);
      const g = found
        ? widgetGroup(found, ri, claimed)
        : ((isChoice(f) ? choiceGroup(f, ri, claimed) : null) ??
          fieldsetGroup(f, ri, claimed) ??
          tableGroup(f, ri, claimed) ??
          pairGroup(f, ri, claimed) ??
          sectionGroup(f, ri, claimed) ??
          buttonlessGroup(f, ri, standalone));
      if (!g) continue;
      if (!found) claimed.add(f);
      if (g.standalone) standalone += 1;
      groups.push(g);
    }
  }
  return { groups, claimed };
}

/**
 * The page's forms as JSON groups, and finding one again. A group's signature is made of its
 * kind, its fields' keys and its submit label, so the runner can re-walk a re-rendered page
 * (React replacing every node) and land on the same form, or fail cleanly (`gone`) when the form
 * is really no longer there.
 */
import type { RawGroup } from '../shared/page-script-types';
import { slug } from '../shared/slug';
import { byId, clean, isSubmitControl, region, textOf, visible, type Order, type RootInfo } from './dom';
import { groupFields } from './fields';
import { facesSelect, inSelectWidget } from './field-controls';
import { groupControls, type Group } from './form-groups';
import { headingFor } from './headings';
import { buttonLabel, speakable } from './labels';
import { CAPTCHA_SEL } from './selectors';
import { targetLabel } from './target-label';

export interface FormEntry {
  raw: RawGroup;
  g: Group;
  /** The elements behind each raw field (several for a radio or checkbox group). */
  els: Element[][];
  submit: Element | null;
}

const SUBMIT_WORDS =
  /sign|log|submit|search|send|go|continue|next|subscribe|save|add|buy|book|join|register|find|apply|post|verify|confirm/i;

/** A password's show/hide switch, by its words ("Show", "Hide password", "Toggle password visibility"). */
const PASSWORD_TOGGLE = /^(show|hide|reveal|toggle)( the)?( password)?$|\b(show|hide|reveal|toggle)\b.*\bpassword\b/i;

/**
 * A button in a form that switches something on the page instead of sending the form: a
 * password's show/hide toggle, a pressed-state or disclosure button, an unnamed icon beside a
 * password field. Sites often leave these at the default (submit) type and cancel the submission
 * in their click handler, so the first submit control in the form is not always the one that
 * sends it.
 */
export const isToggleControl = (b: Element): boolean =>
  b.hasAttribute('aria-pressed') || b.hasAttribute('aria-expanded') || fieldsOwnControl(b);

/** What a field's own switch says: "Toggle the dropdown list", "Toggle calendar", "Clear the select contents". */
const TOGGLES = /^(toggle|clear)\b/i;

/**
 * A control of one field, never what sends its form: a password's show/hide, a combobox's or date
 * picker's "Toggle …" and "Clear …" (USWDS's combo box, time and date pickers), an unnamed icon
 * beside a password.
 * Before, a USWDS form of one combo box was a tool `toggle_the_dropdown_list` said to submit it.
 */
export const fieldsOwnControl = (b: Element): boolean => {
  if (facesSelect(b)) return true;
  const label = buttonLabel(b);
  if (PASSWORD_TOGGLE.test(label) || TOGGLES.test(label)) return true;
  return !label && !!b.parentElement?.querySelector('input[type=password]');
};

export const pickSubmit = (g: Group): Element | null => {
  if (g.buttons.length === 0) return null;
  const senders = g.buttons.filter((b) => !isToggleControl(b));
  // A form whose only buttons switch something (a pressed-state or disclosure button) may send
  // with one of them; never with a field's own control.
  const pool = senders.length ? senders : g.buttons.filter((b) => !fieldsOwnControl(b));
  if (pool.length === 0) return null;
  const typed = pool.find(isSubmitControl);
  if (typed && g.form) return typed;
  return pool.find((b) => SUBMIT_WORDS.test(buttonLabel(b))) ?? typed ?? pool[pool.length - 1] ?? null;
};

/**
 * The controls that submit a group when it has several ("Save" / "Cancel", "Yes" / "No"): a form's
 * submit buttons, or every button of a div-built group. Empty when there is one choice.
 */
const submittersOf = (g: Group): { labels: string[]; texts: string[] } => {
  const subs = g.form
    ? g.buttons.filter(
        (b) => (b.tagName === 'BUTTON' || b.tagName === 'INPUT' ? isSubmitControl(b) : true) && !isToggleControl(b),
      )
    : g.buttons.filter((b) => b.getAttribute('aria-expanded') === null);
  const seen = new Set<string>();
  const labels: string[] = [];
  const texts: string[] = [];
  for (const b of subs) {
    const l = buttonLabel(b);
    if (!l || seen.has(l.toLowerCase())) continue;
    seen.add(l.toLowerCase());
    labels.push(l);
    texts.push(shownBeside(b, l));
  }
  return labels.length >= 2 ? { labels: labels.slice(0, 10), texts: texts.slice(0, 10) } : { labels: [], texts: [] };
};

/** The group's submitters, with what they show where their labels do not say it. */
const submitterFields = (g: Group): Pick<RawGroup, 'submitters' | 'submitterTexts'> => {
  const { labels, texts } = submittersOf(g);
  return texts.some(Boolean) ? { submitters: labels, submitterTexts: texts } : { submitters: labels };
};

/**
 * The words a button shows when its label does not hold them: an aria-label that renames it
 * ("Apply credentials" on a button that shows "Authorize"). A person asks for it by those words.
 */
const shownBeside = (b: Element, label: string): string => {
  const shown = b.tagName === 'INPUT' ? '' : textOf(b, 60);
  return speakable(shown) && !label.toLowerCase().includes(shown.toLowerCase()) ? shown : '';
};

/** A group's own name: its aria-label or aria-labelledby, or a fieldset's legend (as the browser names it). */
const ownName = (c: Element, ri: RootInfo): string => {
  const by = c.getAttribute('aria-labelledby');
  const legend = c.tagName === 'FIELDSET' ? c.querySelector(':scope > legend')?.textContent : '';
  return clean(c.getAttribute('aria-label') ?? (by ? byId(ri.root, by)?.textContent : legend), 100);
};

/** A dropdown drawn by the page's script (a select-only combobox, a listbox button). */
const PICKER_SEL = '[role=combobox]:not(input):not(select):not(textarea),[aria-haspopup=listbox]:not(input)';

/**
 * The dropdowns inside a group that are not native fields, by the label their click target has:
 * the group's tool cannot set them, so its description tells the agent to pick them first.
 */
const pickersOf = (g: Group): string[] => {
  const out: string[] = [];
  for (const el of Array.from(g.container.querySelectorAll(PICKER_SEL))) {
    // Select2's face of a select the tool sets (it is a param) is no picker to click first.
    if (!visible(el) || inSelectWidget(el) || facesSelect(el)) continue;
    const label = targetLabel(el);
    if (label && !out.includes(label)) out.push(label);
  }
  return out.slice(0, 5);
};

/**
 * A form's hidden values (name=value, in order, clipped): what tells apart forms that look the
 * same, one "Add to cart" per product card, from copies of one form (a search box in the header
 * and the footer).
 */
const hiddenValues = (form: HTMLFormElement): string =>
  Array.from(form.querySelectorAll('input[type=hidden][name]'))
    .map((i) => `${(i as HTMLInputElement).name}=${(i as HTMLInputElement).value}`)
    .join('&')
    .slice(0, 200);

/** How the group is offered: a closed sign-in form, a standalone field, boxes and radios that act as they change. */
const groupFlags = (g: Group): Pick<RawGroup, 'closed' | 'standalone' | 'choices'> => ({
  closed: g.closed === true,
  ...(g.standalone ? { standalone: true } : {}),
  ...(g.choices ? { choices: true } : {}),
});

/**
 * The group's heading. Boxes and radios that act as they change may sit in a wide container (it
 * held a button that is not theirs): only a heading near their first box names them.
 */
const groupHeading = (g: Group): string =>
  headingFor(g.choices ? (g.fields[0]!.parentElement ?? g.container) : g.container) || strayCaption(g);

/**
 * A `<label>` in the group whose `for` names a control outside it (an id used twice, a row copied
 * from another form): the browser ties it to that control, a person reads it as this group's
 * caption. Before, bootstrap-select's two "Large Select" forms had no name to tell them apart.
 */
function strayCaption(g: Group): string {
  for (const l of Array.from(g.container.querySelectorAll('label[for]'))) {
    const control = (l as HTMLLabelElement).control;
    const elsewhere = control && !g.container.contains(control) && !g.fields.includes(control);
    if (elsewhere && visible(l)) return clean(l.textContent, 100);
  }
  return '';
}

/** Groups the page's controls and describes every group; `claimed` holds the controls grouped. */
export function scanForms(roots: RootInfo[], order: Order): { forms: FormEntry[]; claimed: Set<Element> } {
  const { groups, claimed } = groupControls(roots);
  const sigCount = new Map<string, number>();
  const forms: FormEntry[] = [];
  for (const g of groups) {
    const { raw, els } = groupFields(g);
    const submit = pickSubmit(g);
    const submitLabel = submit ? buttonLabel(submit) : '';
    const sig = `${g.kind}|${raw.map((f) => f.key).join(',')}|${slug(submitLabel)}`;
    const idx = sigCount.get(sig) ?? 0;
    sigCount.set(sig, idx + 1);
    const c = g.container;
    const reg = region(c);
    const pickers = pickersOf(g);
    // Each button's label once: the list the tool shows, and whether any of them says something.
    const buttonLabels = g.buttons.map((b) => buttonLabel(b));
    const hidden = g.form ? hiddenValues(g.form) : '';
    forms.push({
      raw: {
        sig,
        idx,
        kind: g.kind,
        toolname: clean(g.form?.getAttribute('toolname'), 80),
        tooldescription: clean(g.form?.getAttribute('tooldescription'), 400),
        formId: c.id ?? '',
        formName: g.form?.getAttribute('name') ?? '',
        action: g.form ? (g.form.getAttribute('action') ?? '') : '',
        method: g.form ? (g.form.getAttribute('method') ?? 'get').toLowerCase() : '',
        role: c.getAttribute('role') ?? '',
        ariaLabel: ownName(c, g.ri),
        className: clean(`${typeof c.className === 'string' ? c.className : ''} ${c.id}`, 120),
        heading: groupHeading(g),
        text: textOf(c, 300),
        submitLabel,
        buttons: buttonLabels.filter(Boolean).slice(0, 8),
        ...(buttonLabels.length > 0 && buttonLabels.every((l) => !l) ? { unnamedButtons: true } : {}),
        ...submitterFields(g),
        fields: raw,
        inMain: reg.inMain,
        chrome: reg.chrome,
        frame: g.ri.frame,
        shadow: g.ri.shadow,
        hasCaptcha: !!c.querySelector(CAPTCHA_SEL),
        ...(pickers.length ? { pickers } : {}),
        ...(hidden ? { hidden } : {}),
        ...groupFlags(g),
        order: order.next++,
      },
      g,
      els,
      submit,
    });
  }
  return { forms, claimed };
}

/** The form a tool was bound to: same signature (and index), else the first holding all its field keys. */
export function findForm(forms: FormEntry[], sig: string, idx: number, keys: string[]): FormEntry | null {
  const same = forms.filter((f) => f.raw.sig === sig);
  const hit = same.find((f) => f.raw.idx === idx) ?? same[0];
  if (hit) return hit;
  // Re-rendered with different markup: the first group holding all the bound fields.
  for (const f of forms) {
    const have = new Set(f.raw.fields.map((x) => x.key));
    if (keys.length > 0 && keys.every((k) => have.has(k))) return f;
  }
  return null;
}

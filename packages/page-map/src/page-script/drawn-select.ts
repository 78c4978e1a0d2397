/**
 * A <select> a script hid and replaced with a dropdown of its own does not always hear the
 * select's change event (jQuery UI's selectmenu does not): setting the select then leaves the
 * widget showing the old choice, and the page's handlers on the widget (a circle that takes the
 * chosen colour) never run. After a fill, such a widget that does not show the chosen option is
 * driven as a person does: opened, then its option pressed; a scale drawn instead (a rating's
 * bars or stars: drawn-scale.ts) has the chosen option's item pressed. One that still does not
 * show it counts as not holding the value (read-back), never as a success.
 */
import { clean, referenced, visible } from './dom';
import { pressScaleItem, scaleFor, scaleShows, type Scale } from './drawn-scale';
import { listsDrawnAt } from './floating-lists';
import { pressElement } from './press';

/** Longest wait for the widget's list to show the option, ms. */
const LIST_WAIT_MS = 1000;
const POLL_MS = 30;
const OPENER = '[role=combobox],[role=button],[aria-haspopup],[aria-expanded]';

interface Drawn {
  /** The widget drawn right after the hidden select: what shows the choice. */
  root: HTMLElement;
  /** The element in it a person presses to open the list. */
  opener: HTMLElement;
}

function drawnFor(sel: HTMLSelectElement): Drawn | null {
  if (sel.multiple || visible(sel)) return null;
  const next = sel.nextElementSibling as HTMLElement | null;
  if (!next || !visible(next)) return null;
  const opener = next.matches(OPENER) ? next : next.querySelector(OPENER);
  return opener && visible(opener) ? { root: next, opener: opener as HTMLElement } : null;
}

const chosenText = (sel: HTMLSelectElement): string => clean(sel.selectedOptions[0]?.text ?? '');
/** The widget shows `text`: in its text, or as the value of its box (a combobox drawn as a text box). */
const shows = (widget: Element, text: string): boolean => {
  const t = text.toLowerCase();
  const boxes = [widget, ...Array.from(widget.querySelectorAll('input'))] as HTMLInputElement[];
  return (
    clean(widget.textContent ?? '')
      .toLowerCase()
      .includes(t) || boxes.some((b) => clean(b.value ?? '').toLowerCase() === t)
  );
};

/**
 * The visible option reading `text`: in the list the opener owns or controls, else any open
 * listbox or menu, else a list drawn at the widget (floating-lists.ts).
 */
function optionReading({ root, opener }: Drawn, text: string): HTMLElement | null {
  const doc = opener.ownerDocument;
  const owned = referenced(opener, ['aria-owns', 'aria-controls']);
  const lists = owned.length
    ? owned
    : [...Array.from(doc.querySelectorAll('[role=listbox],[role=menu]')), ...listsDrawnAt(root)];
  const want = text.toLowerCase();
  for (const list of lists)
    for (const o of Array.from(list.querySelectorAll('[role=option],[role=menuitem],li')))
      if (visible(o) && clean(o.textContent ?? '').toLowerCase() === want) return o as HTMLElement;
  return null;
}

/**
 * Opens the widget and presses the option reading `text`, once its list shows it (bounded). The
 * select goes back first to what the widget shows: the widget reports a change (the page's
 * handler runs) only when the pick differs from the select's current option.
 */
function pick(sel: HTMLSelectElement, widget: Drawn, text: string): Promise<void> {
  const shown = Array.from(sel.options).findIndex((o) => clean(o.text) !== '' && shows(widget.root, clean(o.text)));
  if (shown >= 0) sel.selectedIndex = shown;
  pressElement(widget.opener);
  return new Promise((resolve) => {
    const started = performance.now();
    const look = () => {
      const option = optionReading(widget, text);
      if (option) {
        pressElement(option);
        setTimeout(resolve, POLL_MS); // after the deferred press and what it set off
      } else if (performance.now() - started > LIST_WAIT_MS) resolve();
      else setTimeout(look, POLL_MS);
    };
    setTimeout(look, 0);
  });
}

/** A filled select's widget that does not show its choice: a dropdown to open, or a scale to press. */
type Stale = { sel: HTMLSelectElement; text: string } & ({ widget: Drawn } | { scale: Scale });

function staleWidget(sel: HTMLSelectElement): Stale | null {
  const text = chosenText(sel);
  const widget = drawnFor(sel);
  if (widget) return text && !shows(widget.root, text) ? { sel, text, widget } : null;
  const scale = scaleFor(sel);
  return scale && !scaleShows(sel, scale) ? { sel, text, scale } : null;
}

const stillStale = (x: Stale): boolean =>
  'widget' in x ? !shows(x.widget.root, chosenText(x.sel)) : !scaleShows(x.sel, x.scale);

/** Presses a scale's item, then lets the press and what it set off run. */
const pressScale = (sel: HTMLSelectElement, scale: Scale): Promise<void> =>
  new Promise((resolve) => {
    pressScaleItem(sel, scale, pressElement);
    setTimeout(resolve, POLL_MS * 2);
  });

/**
 * Drives the drawn widgets of the filled selects that do not show their choice; resolves the
 * selects whose widget still does not (null when there was nothing to drive).
 */
export function driveDrawnSelects(filled: Element[]): Promise<Set<Element>> | null {
  const stale = filled
    .filter((e): e is HTMLSelectElement => e.tagName === 'SELECT')
    .map(staleWidget)
    .filter((x): x is Stale => !!x);
  if (stale.length === 0) return null;
  const driven = stale.reduce(
    (p, x) => p.then(() => ('widget' in x ? pick(x.sel, x.widget, x.text) : pressScale(x.sel, x.scale))),
    Promise.resolve(),
  );
  return driven.then(() => new Set(stale.filter(stillStale).map((x) => x.sel)));
}

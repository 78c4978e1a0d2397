/**
 * A file input a script hid behind a control of its own: GOV.UK's enhanced file upload hides the
 * input (`hidden`) and draws a button beside it ("No file chosen, Choose file or drop file") that
 * opens the file dialog for it; a drop zone with a "Browse" button does the same. A person clicks
 * the control and picks files; the hidden input is what holds them. So the input is the field,
 * named by what names its opener, and the opener is no click target of its own (a click would
 * open a dialog no agent can answer). Its files are set as the dialog sets them (files.ts).
 */
import { clean, isSubmitControl, textOf, visible } from './dom';
import { CONTROL } from './labels-after';

/** What a script draws to open a file dialog: a plain button, never one that sends a form. */
const OPENER = 'button,[role=button],input[type=button]';

/** How far up from the input its opener may be: the wrapper the script drew both in, and its parent. */
const LEVELS = 2;

/**
 * The one visible control beside a hidden file input, within its wrapper: the only control there,
 * a button that sends nothing. None when the wrapper holds another control or another file input
 * (which of them the button opens cannot be told) or when a form or the page is reached, and none
 * for an input a visible label opens (the label is its opener, a person clicks it).
 */
export function fileOpenerOf(input: Element): HTMLElement | null {
  if ((input as HTMLInputElement).type !== 'file' || visible(input)) return null;
  if (Array.from((input as HTMLInputElement).labels ?? []).some((l) => visible(l))) return null;
  let box = input.parentElement;
  for (let up = 0; up < LEVELS && box && box.tagName !== 'FORM' && box !== input.ownerDocument.body; up++) {
    if (box.querySelectorAll('input[type=file]').length > 1) return null;
    const shown = Array.from(box.querySelectorAll(`${CONTROL},${OPENER},a[href]`)).filter(
      (c) => c !== input && visible(c),
    );
    if (shown.length > 0) {
      const only = shown[0] as HTMLElement;
      return shown.length === 1 && only.matches(OPENER) && !isSubmitControl(only) ? only : null;
    }
    box = box.parentElement;
  }
  return null;
}

/** The controls under `root` that open a hidden file input's dialog (no click targets then). */
export function hiddenFileOpeners(root: Document | ShadowRoot): Set<Element> {
  const openers = new Set<Element>();
  for (const input of Array.from(root.querySelectorAll('input[type=file]'))) {
    const opener = fileOpenerOf(input);
    if (opener) openers.add(opener);
  }
  return openers;
}

/**
 * The name of a hidden file input's opener as a person reads it: the label tied to the opener
 * (GOV.UK moves the input's id, and so its label, to the button), else the opener's own name.
 */
export function openerName(opener: HTMLElement): string {
  const labels = Array.from((opener as HTMLButtonElement).labels ?? []).filter((l) => visible(l));
  if (labels.length) return clean(labels.map((l) => textOf(l, 80)).join(' '), 80);
  return clean(opener.getAttribute('aria-label') || textOf(opener, 80), 80);
}

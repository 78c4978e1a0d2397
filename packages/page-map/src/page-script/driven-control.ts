/**
 * What the form will send for a combobox that has no name of its own. Such a text box is drawn by a
 * widget over a select the page hides (GOV.UK's accessible-autocomplete, select2, Choices): the
 * form sends the hidden select, which the widget sets only when what was typed is one of its
 * options. The box can show "Atlantis" while the form sends nothing, so the read-back asks the
 * select, not the box.
 */
import { clean, visible } from './dom';

/** A text box that stands for another control: a combobox in a form, without a name to be sent under. */
function standsIn(el: HTMLInputElement): boolean {
  if (el.tagName !== 'INPUT' || !el.form || el.name) return false;
  return el.getAttribute('role') === 'combobox' || el.hasAttribute('aria-autocomplete');
}

/**
 * The hidden, named select of the same form nearest to the box (sharing the closest ancestor with
 * it), or null when there is none: then the box is an ordinary field and reads back as one.
 */
export function drivenSelect(el: HTMLInputElement): HTMLSelectElement | null {
  if (!standsIn(el)) return null;
  for (let up = el.parentElement; up && up !== el.form; up = up.parentElement) {
    const hidden = Array.from(up.querySelectorAll('select[name]')).find(
      (s) => (s as HTMLSelectElement).form === el.form && !visible(s),
    );
    if (hidden) return hidden as HTMLSelectElement;
  }
  return null;
}

/** The labels of the options the hidden select will send (empty when it sends an empty value). */
export function sentLabels(select: HTMLSelectElement): string[] {
  return Array.from(select.selectedOptions)
    .filter((o) => o.value !== '')
    .map((o) => clean(o.label || o.text, 80));
}

/**
 * Waits for a widget to finish what leaving its box started (accessible-autocomplete confirms its
 * pick on blur and sets the select on its next render): a few short turns of the event loop,
 * bounded, so a value the widget refuses is reported promptly.
 */
export function widgetsSettled(turns = 8, stepMs = 25): Promise<void> {
  return new Promise((resolve) => {
    let left = turns;
    const tick = () => (--left <= 0 ? resolve() : setTimeout(tick, stepMs));
    setTimeout(tick, stepMs);
  });
}

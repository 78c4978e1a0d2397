/**
 * Form grouping: which fields and buttons belong together. Every <form> is a group; fields
 * outside any form join the nearest ancestor (up to six levels) that also holds a button, and a
 * lone search box becomes a group of its own (it works with Enter). Everything grouped is
 * `claimed`, so the clickables scan skips it.
 */
import { visible, type RootInfo } from './dom';
import { hiddenLoginForm, loosePasswordGroup } from './login-groups';
import { BUTTON_SEL, CAPTCHA_WIDGET, FIELD_SEL, SKIP_INPUT_TYPES } from './selectors';

export interface Group {
  kind: 'form' | 'widget';
  container: Element;
  form: HTMLFormElement | null;
  fields: Element[];
  buttons: Element[];
  ri: RootInfo;
  /** A hidden sign-in form's visible opener: the fill clicks it first (login-groups.ts). */
  opener?: Element;
}

export const isField = (el: Element): boolean => {
  const tag = el.tagName;
  if (tag === 'INPUT') return !SKIP_INPUT_TYPES.has(((el as HTMLInputElement).type || 'text').toLowerCase());
  if (tag === 'SELECT' || tag === 'TEXTAREA') return true;
  return (el as HTMLElement).isContentEditable === true && el.getAttribute('contenteditable') !== null;
};

/** Visible, or a styled checkbox/radio hidden behind a visible label. */
export const fieldVisible = (el: Element): boolean => {
  if (el.closest(CAPTCHA_WIDGET)) return false; // a CAPTCHA widget's own checkbox is not a parameter
  if (visible(el)) return true;
  const t = (el as HTMLInputElement).type;
  if (t === 'checkbox' || t === 'radio') {
    const l = (el as HTMLInputElement).labels;
    return !!(l && Array.from(l).some((x) => visible(x)));
  }
  return false;
};

export function groupControls(roots: RootInfo[]): { groups: Group[]; claimed: Set<Element> } {
  const groups: Group[] = [];
  const claimed = new Set<Element>();
  for (const ri of roots) {
    for (const form of Array.from(ri.root.querySelectorAll('form'))) {
      const fields = Array.from(form.elements).filter((e) => isField(e) && fieldVisible(e));
      const buttons = Array.from(form.querySelectorAll(BUTTON_SEL)).filter((b) => visible(b) && (b as HTMLButtonElement).type !== 'reset');
      for (const f of fields) claimed.add(f);
      for (const b of buttons) claimed.add(b);
      if (fields.length === 0) {
        const hidden = hiddenLoginForm(form, ri);
        if (hidden) {
          for (const e of [...hidden.fields, ...hidden.buttons]) claimed.add(e);
          groups.push({ kind: 'form', container: form, form, fields: hidden.fields, buttons: hidden.buttons, ri, opener: hidden.opener });
          continue;
        }
      }
      if (fields.length === 0 && buttons.length === 0) continue;
      if (!visible(form) && fields.length === 0) continue;
      groups.push({ kind: 'form', container: form, form, fields, buttons, ri });
    }
    // Fields outside any <form>: group each with the nearest ancestor that also holds a button.
    const loose = Array.from(ri.root.querySelectorAll(FIELD_SEL)).filter(
      (e) => !claimed.has(e) && !e.closest('form') && !(e as HTMLInputElement).form && isField(e) && fieldVisible(e),
    );
    for (const f of loose) {
      if (claimed.has(f)) continue;
      let c: Element | null = f.parentElement;
      let found: Element | null = null;
      for (let up = 0; up < 6 && c; up++, c = c.parentElement) {
        if (c.tagName === 'BODY' || c.tagName === 'HTML') break;
        const btn = Array.from(c.querySelectorAll(BUTTON_SEL)).find((b) => !b.closest('form') && visible(b));
        if (btn) {
          found = c;
          break;
        }
      }
      const t = ((f as HTMLInputElement).type || '').toLowerCase();
      if (!found) {
        const lone = loosePasswordGroup(f, claimed);
        if (lone) {
          for (const e of [...lone.fields, ...lone.buttons]) claimed.add(e);
          groups.push({ kind: 'widget', container: lone.container, form: null, fields: lone.fields, buttons: lone.buttons, ri });
          continue;
        }
        // A lone search box works with Enter; anything else without a button is not a tool.
        if (t === 'search' || /search|query|^q$/i.test((f as HTMLInputElement).name || '')) {
          claimed.add(f);
          groups.push({ kind: 'widget', container: f.parentElement ?? f, form: null, fields: [f], buttons: [], ri });
        }
        continue;
      }
      const fields = Array.from(found.querySelectorAll(FIELD_SEL)).filter(
        (e) => !claimed.has(e) && !e.closest('form') && isField(e) && fieldVisible(e),
      );
      if (fields.length > 12) continue; // a page region, not a form
      const buttons = Array.from(found.querySelectorAll(BUTTON_SEL)).filter((b) => !b.closest('form') && !claimed.has(b) && visible(b));
      for (const e of fields) claimed.add(e);
      for (const b of buttons) claimed.add(b);
      groups.push({ kind: 'widget', container: found, form: null, fields, buttons, ri });
    }
  }
  return { groups, claimed };
}

/**
 * Sign-in forms the general grouping misses (issue 13 item 9):
 * - a hidden sign-in form behind an opener (a header "Sign in / Account" dropdown, a "Log in"
 *   button that opens a modal): grouped with its opener, which the fill clicks first, as a person
 *   would, so the page map offers `login` before anything was clicked;
 * - a password field outside any form with no <button> near it (a router's panel whose submit is
 *   an icon div, or Enter in the field): grouped with the username field beside it and a
 *   clickable that says "log in", else submitted with Enter.
 * Both are deterministic over the DOM, so a re-walk finds the same group (see forms.ts).
 */
import { visible, type RootInfo } from './dom';
import { buttonLabel } from './labels';
import { BUTTON_SEL, CAPTCHA_WIDGET, FIELD_SEL, SKIP_INPUT_TYPES } from './selectors';

/** What a control that opens or submits a sign-in says. */
const LOGIN_LABEL = /\b(sign ?in|sign on|log ?in|login|signin|log on|my account|account)\b|anmelden|connexion|se connecter|iniciar sesi[oó]n|entrar|войти|ログイン/i;
const OPENER_SEL = `${BUTTON_SEL},a,[aria-haspopup],[aria-expanded],[onclick],[tabindex]`;
const TEXTISH = new Set(['text', 'email', 'tel', '']);

const isInputField = (el: Element): boolean =>
  el.tagName === 'INPUT' ? !SKIP_INPUT_TYPES.has(((el as HTMLInputElement).type || 'text').toLowerCase()) : el.tagName === 'SELECT' || el.tagName === 'TEXTAREA';

/** A visible control that could open something, outside the hidden box and outside other forms. */
const openerLike = (el: Element, box: Element): boolean => !box.contains(el) && !el.closest('form') && visible(el) && !(el as HTMLButtonElement).disabled;

/**
 * The visible control that reveals `box` (the outermost hidden ancestor of a sign-in form):
 * one that names it (aria-controls, data-(bs-)target, href="#id"), else a toggle beside it, else
 * a control anywhere that says "sign in"/"log in".
 */
export function findOpener(box: Element, form: Element, root: Document | ShadowRoot): Element | null {
  const ids: string[] = [];
  for (let c: Element | null = form; c; c = c.parentElement) {
    if (c.id) ids.push(c.id);
    if (c === box) break;
  }
  for (const id of ids) {
    const q = CSS.escape(id);
    const named = Array.from(root.querySelectorAll(`[aria-controls~="${q}"],[data-target="#${q}"],[data-bs-target="#${q}"],a[href="#${q}"]`)).find((e) => openerLike(e, box));
    if (named) return named;
  }
  const parent = box.parentElement;
  if (parent && parent.tagName !== 'BODY' && parent.tagName !== 'MAIN') {
    const beside = Array.from(parent.children).filter((e) => e !== box);
    for (const s of beside) {
      const cands = [s, ...Array.from(s.querySelectorAll(OPENER_SEL))].filter((e) => e.matches(OPENER_SEL) && openerLike(e, box));
      if (cands.length === 1 || (cands[0] && LOGIN_LABEL.test(buttonLabel(cands[0])))) return cands[0]!;
    }
  }
  const words = Array.from(root.querySelectorAll(`${BUTTON_SEL},a`)).filter((e) => {
    if (!openerLike(e, box)) return false;
    const href = e.getAttribute('href');
    // A link to another page is navigation, not an opener.
    if (e.tagName === 'A' && href && !/^(#|javascript:)/i.test(href)) return false;
    return LOGIN_LABEL.test(buttonLabel(e));
  });
  return words[0] ?? null;
}

/** A hidden form holding a password field, with the visible control that reveals it (null when none). */
export function hiddenLoginForm(form: HTMLFormElement, ri: RootInfo): { fields: Element[]; buttons: Element[]; opener: Element } | null {
  const all = Array.from(form.elements);
  if (!all.some((e) => e.tagName === 'INPUT' && (e as HTMLInputElement).type === 'password')) return null;
  if (visible(form) && all.some((e) => isInputField(e) && visible(e))) return null;
  let box: Element = form;
  while (box.parentElement && box.parentElement.tagName !== 'BODY' && !visible(box.parentElement)) box = box.parentElement;
  const opener = findOpener(box, form, ri.root);
  if (!opener) return null;
  const fields = all.filter((e) => isInputField(e) && !e.closest(CAPTCHA_WIDGET));
  const buttons = Array.from(form.querySelectorAll(BUTTON_SEL)).filter((b) => (b as HTMLButtonElement).type !== 'reset');
  return { fields, buttons, opener };
}

/**
 * A password field outside any form with no button around it: the nearest container that also
 * holds a username field, and a clickable in it that says "log in" (an icon div with a title).
 */
export function loosePasswordGroup(f: Element, claimed: Set<Element>): { container: Element; fields: Element[]; buttons: Element[] } | null {
  if ((f as HTMLInputElement).type !== 'password') return null;
  let c: Element | null = f.parentElement;
  for (let up = 0; up < 5 && c && c.tagName !== 'BODY'; up++, c = c.parentElement) {
    const fields = Array.from(c.querySelectorAll(FIELD_SEL)).filter((e) => isInputField(e) && !claimed.has(e) && !e.closest('form') && visible(e));
    if (fields.length > 4) return null; // a page region, not a sign-in panel
    if (!fields.some((e) => e !== f && TEXTISH.has(((e as HTMLInputElement).type || '').toLowerCase()))) continue;
    const buttons = Array.from(c.querySelectorAll('[title],[aria-label],[onclick],[tabindex],div,span,a,img,svg'))
      .filter((e) => !isInputField(e) && visible(e) && !e.closest('form') && LOGIN_LABEL.test(`${e.getAttribute('title') ?? ''} ${e.getAttribute('aria-label') ?? ''} ${e.children.length === 0 ? e.textContent ?? '' : ''}`))
      .filter((e) => getComputedStyle(e).cursor === 'pointer' || e.hasAttribute('onclick') || e.hasAttribute('title') || e.getAttribute('role') === 'button')
      .slice(0, 1);
    return { container: c, fields, buttons };
  }
  return null;
}

/** Clicks the opener of a hidden sign-in form (when its fields are still hidden), before filling. */
export function revealForFill(opener: Element | undefined, fields: Element[]): void {
  if (!opener || fields.some((e) => visible(e))) return;
  const el = opener as HTMLElement;
  el.scrollIntoView?.({ block: 'center' });
  el.click();
  if (fields.some((e) => visible(e))) return;
  // Hover menus open on pointer or focus, not on click.
  const win = (el.ownerDocument.defaultView ?? window) as typeof window;
  for (const type of ['pointerover', 'mouseover', 'mouseenter']) el.dispatchEvent(new win.MouseEvent(type, { bubbles: type !== 'mouseenter' }));
  el.focus?.();
}

/**
 * What a form with exactly one password field is: a sign-in to an existing account, a sign-up, or
 * something else that merely asks for a secret (a card's CVV, a gift card's security code, a
 * protected post's password, re-entering the password to delete an account).
 *
 * One password field is not enough to call a form a login (precision matters: an agent told
 * "sign in" must not submit a payment or delete an account). A login is a username/email field
 * paired with the password, or a password-only step that says it signs in; the signals against
 * are weighed first. Pure function over the raw group, generalised from patterns, never sites.
 */
import type { RawField, RawGroup } from '../page-script/types';
import type { Purpose } from './bindings';

export type PasswordFormKind = Extract<Purpose, 'login' | 'sign_up' | 'other'>;

/** Wording that says "sign in" unambiguously (a bare "continue"/"next" does not). */
export const STRONG_LOGIN =
  /\b(sign ?in|sign on|log ?in|login|signin|log on|logon)\b|anmelden|einloggen|connexion|se connecter|iniciar sesi[oó]n|entrar|acessar|accedi|inloggen|войти|вход|ログイン|登录|로그인/;
/** Wording that says "create an account". */
export const SIGNUP_TEXT = /\b(sign ?up|signup|register|registration|create (an |your |my )?(free )?account|join (now|free|us)|get started|new account|start (my |your )?(free )?(trial|subscription))\b|registrieren|inscri|regístrate|cadastr|регистрац|新規|注册/;
/** A password that is really a payment or card secret. */
const CARD_SECRET = /\b(cvv2?|cvc2?|csc|security code|card code|card verification|verification (value|number)|gift ?card)\b/;
/** Actions that re-ask the password of a signed-in user, not sign-ins. */
const ACCOUNT_ACTION = /\b(delete|deactivate|close|remove|cancel|erase|disable)\b.{0,30}\b(account|profile|subscription|membership)\b|\b(permanently|danger zone)\b|\bconfirm (your )?(password|identity)\b|\bre-?enter (your )?password\b|\bunlock\b/;
/** A password that unlocks content (a protected post, album or page), not an account. */
const CONTENT_PASSWORD = /\b(password[- ]protected|protected (post|page|content|album|gallery|area|document|file)|to view (it|this|the)|view (this|the) (post|page|content|album|gallery)|access code|enter the (page |gallery |album )?password)\b/;
/** Profile fields a sign-in never asks for. */
const PROFILE_FIELD = /\b(first ?name|last ?name|full ?name|given|family|surname|birth|birthday|dob|gender|sex|company|organi[sz]ation|address|street|city|zip|postal|country|phone|mobile|job|title)\b|given-name|family-name|bday|street-address|address-line|postal-code|country-name|\btel\b/;
const TERMS = /\b(terms|conditions|privacy|policy|agree|accept|consent|gdpr)\b/;

const words = (f: RawField): string => `${f.name} ${f.id} ${f.label} ${f.placeholder} ${f.autocomplete} ${f.nearby}`.toLowerCase().replace(/[_[\].-]+/g, ' ');
const isBox = (f: RawField): boolean => f.type === 'checkbox' || f.type === 'checkbox-group' || f.type === 'radio';
/** A payment card field ("card number" alone is not one: library and membership cards sign in). */
const isCard = (f: RawField): boolean => f.autocomplete.startsWith('cc-') || /\b(credit|debit|payment) card\b|\b(cvv|cvc|expiry|expiration|exp (month|year))\b/.test(words(f));

/** Sign-in, sign-up or other for a group whose fields hold exactly one password field. */
export function passwordFormKind(g: RawGroup, pw: RawField): PasswordFormKind {
  const submit = g.submitLabel.toLowerCase();
  // The form's own words: its button, heading, name and address; plus its visible text (bounded).
  const own = `${submit} ${g.heading} ${g.ariaLabel} ${g.formId} ${g.formName} ${g.action} ${g.className} ${g.toolname}`.toLowerCase().replace(/[_-]+/g, ' ');
  const text = `${own} ${g.text}`.toLowerCase();
  const fields = g.fields.filter((f) => f !== pw);
  const loginSubmit = STRONG_LOGIN.test(submit);
  const loginOwn = STRONG_LOGIN.test(own) && !SIGNUP_TEXT.test(submit);

  // Payment and card secrets: a CVV or security code typed into a masked field.
  if (pw.autocomplete.startsWith('cc-') || CARD_SECRET.test(words(pw)) || fields.some(isCard)) return 'other';
  // A signed-in user re-entering the password for an account action.
  if (!loginSubmit && ACCOUNT_ACTION.test(own)) return 'other';

  const boxes = fields.filter(isBox);
  const inputs = fields.filter((f) => !isBox(f));
  const newPassword = pw.autocomplete === 'new-password' || /\b(new|choose|create|set) (a )?password\b/.test(words(pw));
  const terms = boxes.some((f) => TERMS.test(words(f)) || (f.options ?? []).some((o) => TERMS.test(o.toLowerCase())));
  const profile = inputs.filter((f) => PROFILE_FIELD.test(words(f))).length;
  const signupSubmit = SIGNUP_TEXT.test(submit);
  const signupOwn = SIGNUP_TEXT.test(own);

  if (signupSubmit && !loginSubmit) return 'sign_up';
  if (!loginSubmit) {
    if (newPassword) return 'sign_up';
    if (signupOwn && !loginOwn) return 'sign_up';
    if (terms && (inputs.length >= 1 || SIGNUP_TEXT.test(text))) return 'sign_up';
    if (profile >= 2) return 'sign_up';
  }

  // Password only: a sign-in step only when it says so (or the browser is told it is the current password).
  if (inputs.length === 0) {
    if (CONTENT_PASSWORD.test(text) && !loginSubmit) return 'other';
    if (loginSubmit || loginOwn || pw.autocomplete === 'current-password' || STRONG_LOGIN.test(`${pw.label} ${pw.placeholder}`.toLowerCase())) return 'login';
    return 'other';
  }
  // More than a username beside the password: a sign-up (profile or sign-up words) unless it says sign in.
  if (inputs.length >= 3 && !loginSubmit) return signupOwn || SIGNUP_TEXT.test(text) || profile >= 1 ? 'sign_up' : 'other';
  return 'login';
}

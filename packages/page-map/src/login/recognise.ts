/**
 * Recognition: what a form is for (login, sign-up, search, one-time code, other), from its fields
 * and words. A sign-up, a password change, a checkout offering an account and a password that
 * confirms something else (delete the account, unlock a post) are told apart from a sign-in here,
 * and only here; recovery forms ("forgot password") are never logins (see tools/naming.ts for
 * their name). Which field of a sign-in form is the username is decided here too.
 */
import type { RawField, RawGroup } from '../shared/page-script-types';
import { ONE_TIME_CODE_WORDS } from '../shared/one-time-code';
import type { Purpose } from '../bindings';
import { CHANGE_PASSWORD_WORDS, RECOVERY_PHRASES, SIGN_IN_OR_CONTINUE, SIGN_IN_WORDS, SIGN_UP_WORDS } from './words';

/** Everything a group says about itself, lower-cased, for purpose matching. */
export function wordsOf(g: RawGroup): string {
  return [
    g.toolname,
    g.formId,
    g.formName,
    g.action,
    g.ariaLabel,
    g.className,
    g.heading,
    g.submitLabel,
    g.buttons.join(' '),
    g.text,
    g.role,
  ]
    .join(' ')
    .toLowerCase();
}

export const isTextish = (f: RawField): boolean => ['text', 'email', 'tel', 'search', 'url', ''].includes(f.type);
export const fieldWords = (f: RawField): string =>
  `${f.name} ${f.id} ${f.label} ${f.placeholder} ${f.autocomplete} ${f.nearby}`.toLowerCase();

/** Sign-in words, or "continue" / "next" (the word tables are in ./words, one per concern). */
export const LOGIN_WORDS = SIGN_IN_OR_CONTINUE;
export const SIGNUP_WORDS = SIGN_UP_WORDS;
/** Sign-in wording proper (not "continue" / "next"). */
export const STRONG_LOGIN = SIGN_IN_WORDS;
const NOT_SIGN_IN =
  /\b(delete|remove|deactivate|close (my |your |the )?account|cancel (my |your )?(account|subscription)|balance|gift ?card|protected|post password|unlock|transfer|withdraw)\b/;
/** A form to recover an account (forgot or reset password): never a sign-in; named reset_password. */
export const RECOVERY_WORDS = RECOVERY_PHRASES;
/** A newsletter or mailing-list form: never a sign-in, whatever its button says ("Sign up", "Join"). */
const NEWSLETTER = /\b(newsletter|subscribe|subscription|mailing list|updates by email)\b/;
/** A password field someone can type into (a read-only or disabled one is shown, not asked for). */
export const isPasswordInput = (f: RawField): boolean => f.type === 'password' && !f.locked;
/**
 * A sign-up-like form (two password fields) that changes or sets the password instead: it asks for
 * no identity (every field typed into is a password: a change, or a new password after a reset
 * link), or marks one password as the current one beside a new one, or says so in any language of
 * the tables (words/change-password.ts) and nowhere that it creates an account. A sign-up always
 * asks who is signing up.
 */
export function isPasswordChange(g: RawGroup): boolean {
  const typed = g.fields.filter((f) => !['checkbox', 'checkbox-group', 'radio'].includes(f.type) && !f.locked);
  const passwords = typed.filter(isPasswordInput);
  if (passwords.length >= 2 && passwords.length === typed.length) return true;
  const ac = new Set(passwords.map((f) => f.autocomplete));
  if (ac.has('current-password') && ac.has('new-password')) return true;
  const words = wordsOf(g);
  return CHANGE_PASSWORD_WORDS.test(words) && !SIGNUP_WORDS.test(words);
}
export const CHECKOUT_WORDS =
  /\b(checkout|check out|shipping|billing|delivery address|payment|card number|place (your )?order)\b/;
const PROFILE_FIELD =
  /\b(first ?name|last ?name|full ?name|given|family|surname|birth|dob|phone|mobile|address|zip|postal|city|country|gender|company|nickname|display ?name)\b|firstname|lastname|fname|lname/;
const TERMS = /\b(terms|conditions|privacy policy|i agree|agree to|accept the)\b/;

/** Typed fields no sign-in asks for (two of them make a form something else). */
const ASKED_BESIDE_SIGN_IN = new Set(['url', 'number', 'date', 'datetime-local', 'month', 'week', 'time', 'textarea']);

/** Signs that a form creates an account: profile fields, a terms checkbox, sign-up wording. */
export function signUpSignals(g: RawGroup, fields: RawField[]): number {
  let n = 0;
  if (fields.filter((f) => PROFILE_FIELD.test(fieldWords(f).replace(/[_-]/g, ' '))).length >= 2) n++;
  if (
    g.fields.some(
      (f) =>
        (f.type === 'checkbox' || f.type === 'checkbox-group') &&
        TERMS.test(`${fieldWords(f)} ${(f.options ?? []).join(' ')}`.toLowerCase()),
    )
  )
    n++;
  if (SIGNUP_WORDS.test(`${g.heading} ${g.ariaLabel} ${g.formId} ${g.action} ${g.className}`.toLowerCase())) n++;
  return n;
}

export const USER_FIELD =
  /\b(user(name)?|login|e-?mail|email|account|identifier|phone|mobile|userid|user_id|uname|handle)\b|user|email|login/;
export const SEARCH_FIELD = /^(q|query|search|s|keywords?|term|search_query|searchterm|k|text|w|p)$/;

/** A one-time-code field. A bare "code" counts only when shaped like one (numeric, short): coupon codes are not OTPs. */
export function isOtpField(f: RawField): boolean {
  const w = fieldWords(f).replace(/_/g, ' ');
  if (f.autocomplete === 'one-time-code') return true;
  if (/\b(coupon|promo|voucher|gift|postal|post|zip|discount)\b/.test(w)) return false;
  if (ONE_TIME_CODE_WORDS.test(w)) return true;
  return /\bcode\b/.test(w) && (f.inputmode === 'numeric' || (f.maxlength >= 4 && f.maxlength <= 8));
}

/**
 * A form with one password field: a sign-in, unless it creates an account (sign-up words on its
 * button, a new-password field, profile fields, terms), confirms something else with the password
 * (delete the account, unlock a post, a card's PIN) or is a checkout offering an account.
 */
function onePasswordPurpose(g: RawGroup, fields: RawField[], pw: RawField): Purpose {
  const words = wordsOf(g);
  const submit = g.submitLabel.toLowerCase();
  // What the form says about itself (not the text around it, where "Forgot password?" and
  // "Create an account" links sit beside every sign-in form).
  const own =
    `${submit} ${g.heading} ${g.ariaLabel} ${g.formId} ${g.className} ${g.action} ${g.toolname}`.toLowerCase();
  const ownWords = own.replace(/[-_]/g, ' ');
  // Recovering an account (a new password after "forgot password") is never a sign-in.
  if (RECOVERY_WORDS.test(ownWords)) return 'other';
  // "Continue" / "Next" say nothing about signing in; only the words themselves outweigh sign-up signs.
  const loginSubmit = STRONG_LOGIN.test(submit);
  if (loginSubmit) return 'login';
  if (SIGNUP_WORDS.test(submit)) return 'sign_up';
  if (NEWSLETTER.test(ownWords)) return 'other';
  // A step of a sign-up wizard ("Step 2 of 3 — Sign up": email and password, "Continue"): the
  // form says it creates an account and nowhere that it signs in.
  if (SIGNUP_WORDS.test(ownWords) && !STRONG_LOGIN.test(ownWords)) return 'sign_up';
  if (NOT_SIGN_IN.test(ownWords)) return 'other';
  if (pw.autocomplete === 'new-password') return 'sign_up';
  // A checkout (address, card) that offers an optional account is not a sign-in.
  if (fields.length >= 4 && CHECKOUT_WORDS.test(words)) return 'other';
  const signals = signUpSignals(g, fields);
  if (signals >= 2) return 'sign_up';
  if (fields.length >= 4 && SIGNUP_WORDS.test(words)) return 'sign_up';
  // Names asked beside an e-mail and a password (a wizard's first step: first and last name,
  // e-mail, password, "Next →") make an account; a sign-in never asks who one is by name.
  if (fields.length >= 4 && signals >= 1) return 'sign_up';
  if (fields.length >= 5) return 'other';
  // A sign-in asks who and the password; a form that also wants a web address, a number or a date
  // typed in ("Validation states": e-mail, website, password, age) is something else.
  if (fields.filter((f) => ASKED_BESIDE_SIGN_IN.has(f.type)).length >= 2) return 'other';
  // A lone password field with no button and no sign-in word on or around it (a demo of a
  // password box, a settings widget) is nothing to sign in with; a password step has its button,
  // if only an arrow (AdminLTE's lock screen).
  if (fields.length === 1 && !g.submitLabel && g.buttons.length === 0 && !g.unnamedButtons && !LOGIN_WORDS.test(words))
    return 'other';
  return 'login';
}

/**
 * A form with one text-like field (and at most one other): a search, the username step of a
 * two-step sign-in (a lone username/email field whose button says sign in / next / continue, with
 * a sign-in word on the form itself), or null for neither.
 */
function oneTextPurpose(g: RawGroup, fields: RawField[], f: RawField): Purpose | null {
  const words = wordsOf(g);
  const fw = fieldWords(f);
  const searchy =
    g.role === 'search' ||
    f.type === 'search' ||
    SEARCH_FIELD.test(f.name.toLowerCase()) ||
    /\bsearch|\bfind\b|\bsuche|\bbuscar|\brechercher/.test(
      `${fw} ${g.submitLabel.toLowerCase()} ${g.ariaLabel.toLowerCase()} ${g.action.toLowerCase()} ${g.className.toLowerCase()}`,
    );
  if (searchy && !/subscribe|newsletter/.test(words)) return 'search';
  const userish =
    f.autocomplete === 'username' || f.autocomplete === 'email' || f.type === 'email' || USER_FIELD.test(fw);
  const loginish = LOGIN_WORDS.test(
    `${g.submitLabel} ${g.heading} ${g.ariaLabel} ${g.formId} ${g.action}`.toLowerCase(),
  );
  const own = `${g.submitLabel} ${g.heading} ${g.ariaLabel} ${g.formId} ${g.action} ${g.toolname}`.toLowerCase();
  // "Continue" alone is every wizard's button: a sign-in word must appear on the form itself.
  const strong = STRONG_LOGIN.test(`${own} ${g.className} ${g.text}`.toLowerCase());
  const notSignIn =
    SIGNUP_WORDS.test(own) || RECOVERY_WORDS.test(own) || NEWSLETTER.test(own) || /checkout|guest/.test(own);
  return userish && loginish && strong && !notSignIn && fields.length === 1 ? 'login' : null;
}

/**
 * A search box (`type=search`, or a form of role search) with lists that narrow it (result type,
 * sort order): still a search, the lists its params. Before, AdminLTE's enhanced search form was
 * `choose_result_type_and_sort_order`, its query the fourth param.
 */
const filteredSearch = (g: RawGroup, fields: RawField[], text: RawField): boolean =>
  (text.type === 'search' || g.role === 'search') &&
  fields.every((f) => f === text || f.type === 'select' || f.type === 'radio');

/** What a group is for. Sign-up and password-change forms are not logins (precision matters). */
export function purposeOf(g: RawGroup): Purpose {
  const fields = g.fields.filter((f) => f.type !== 'checkbox' && f.type !== 'checkbox-group');
  const pw = fields.filter(isPasswordInput);
  if (pw.length >= 2) return 'sign_up';
  if (pw.length === 1) return onePasswordPurpose(g, fields, pw[0]!);
  const only = fields.length === 1 ? fields[0]! : undefined;
  if (
    only &&
    only.autocomplete !== 'one-time-code' &&
    isOtpField(only) &&
    /verif|code|two|2fa|authenticat/.test(wordsOf(g))
  )
    return 'verify_code';
  const text = fields.filter(isTextish);
  const byText =
    text.length === 1 && (fields.length <= 2 || filteredSearch(g, fields, text[0]!))
      ? oneTextPurpose(g, fields, text[0]!)
      : null;
  if (byText) return byText;
  if (only && isOtpField(only)) return 'verify_code';
  return 'other';
}

/**
 * The username field of a sign-in form: a text-like field whose words say user, email, login …
 * (or marked `autocomplete=username`, or an email input), else the first text-like field that is
 * not the password. Used for the login tool's params and for the password step of a two-step
 * sign-in alike.
 */
export function usernameField(fields: RawField[], password: RawField | undefined): RawField | undefined {
  return (
    fields.find(
      (f) =>
        f !== password &&
        isTextish(f) &&
        (USER_FIELD.test(fieldWords(f)) || f.autocomplete === 'username' || f.type === 'email'),
    ) ?? fields.find((f) => f !== password && isTextish(f))
  );
}

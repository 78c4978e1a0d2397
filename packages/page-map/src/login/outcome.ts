/**
 * Outcome: what a site answered to a sign-in (signed in, rejected, CAPTCHA, second factor, new
 * device) or to a one-time code, from the page's signals before and after the submit. The one
 * classifier of the login wing.
 * LOGIN_REJECTED needs evidence: an error message that appeared with the form (an alert, an
 * aria-invalid field, rejection wording that was not on the page before). A page that merely
 * still contains a sign-in form (a header widget, a "switch account" box) is not a rejection.
 */
import type { PageSignals } from '../shared/page-script-types';
import { REJECTED_WORDS, SIGNED_IN_WORDS } from './words';

/** Whole words or phrases, case-insensitive: one alternative per line, so each can be read and changed alone. */
const anyOf = (...phrases: string[]): RegExp => new RegExp(`\\b(${phrases.join('|')})\\b`, 'i');

/** What a site says when it refuses credentials (or a code), in the languages of ./words. */
export const REJECTED = REJECTED_WORDS;
/** A second factor asked for: a code to type, or an approval on another device. */
const TWO_FACTOR_ASKED = anyOf(
  'authenticator app',
  'one[- ]time (pass)?code',
  'verification code',
  'security code',
  'enter the code',
  'approve (the |this )?(sign[- ]?in|login|request)',
  'approve it on',
  'on your (other )?(device|phone)',
  'check your (phone|device|authenticator)',
  'push notification',
  'tap yes',
  'confirm (the )?sign[- ]?in on',
);
/**
 * The name of the feature. It asks for a second factor on the step's own page (in its title, or
 * on a short page that says little else); on a dashboard it is a setting's label ("Quick
 * settings: Two-factor auth"), and a signed-in page is no second step.
 */
const TWO_FACTOR_NAMED = anyOf(
  'two[- ]factor',
  '2fa',
  'two[- ]step verification',
  '2-step verification',
  'multi[- ]factor',
);
/** Most words a second-factor step's page shows (its prompt, a field, a link or two). */
const SHORT_PAGE = 1200;

const asksSecondFactor = (s: PageSignals): boolean =>
  s.otp ||
  (!s.password &&
    (TWO_FACTOR_ASKED.test(`${s.title} ${s.text.slice(0, 3000)}`) ||
      TWO_FACTOR_NAMED.test(s.title) ||
      (s.text.length <= SHORT_PAGE && TWO_FACTOR_NAMED.test(s.text))));

/** The site does not know this browser (every session is a fresh one). */
const NEW_DEVICE = anyOf(
  'new device',
  'unrecogni[sz]ed (device|browser)',
  'new (browser|location)',
  "don'?t recogni[sz]e (this|your) (device|browser|computer)",
  "haven'?t seen (this|your) (device|browser)",
  'verify (this|your) (device|browser)',
  'confirm (this|your) (device|browser)',
  'unusual (sign[- ]?in|activity|login)',
);
const CAPTCHA_TEXT = /\b(captcha|i'?m not a robot|verify you are (a )?human|complete the (security )?challenge)\b/i;

/** NO_RESPONSE: nothing changed and nothing was said (reported as TOOL_FAILED, not as a rejection). */
export type LoginClass =
  | 'ok'
  | 'LOGIN_REJECTED'
  | 'CAPTCHA_REQUIRED'
  | 'TWO_FACTOR_REQUIRED'
  | 'NEW_DEVICE_CHECK'
  | 'NO_RESPONSE';

export interface LoginBefore {
  url: string;
  hadCaptcha: boolean;
  /** The page's signals before the submit: what was already there is no evidence. */
  signals?: PageSignals;
  /** The submit navigated or changed the URL. */
  changed?: boolean;
}

/** Rejection wording in `text` that `beforeText` did not have (compared by the sentence around it). */
function freshRejection(text: string, beforeText: string | undefined): boolean {
  const m = REJECTED.exec(text);
  if (!m) return false;
  if (beforeText === undefined) return true;
  const around = text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30);
  return !beforeText.includes(around);
}

/** Signed-in wording ("signed in as", "welcome,", "log out") that the page did not show before. */
function greetsNow(s: PageSignals, was: PageSignals | undefined): boolean {
  const now = SIGNED_IN_WORDS.exec(s.text.slice(0, 3000));
  return !!now && !(was && SIGNED_IN_WORDS.test(was.text.slice(0, 3000)));
}

/**
 * The same page: same origin and path. A sign-in form that posts to its own path answers there
 * without the query it was opened with (django-allauth's `?next=…`); that is still the form posting
 * back to itself.
 */
function samePage(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return x.origin === y.origin && x.pathname === y.pathname;
  } catch {
    return a === b;
  }
}

/** Classifies the page after a login submit. Exported for tests over frozen signals. */
export function classifyLogin(s: PageSignals, before: LoginBefore): LoginClass {
  const was = before.signals;
  const fresh = was && samePage(s.url, was.url) ? s.alerts.filter((a) => !was.alerts.includes(a)) : s.alerts;
  const alerts = fresh.join(' \n ');
  const atForm = samePage(s.url, before.url);
  const stillLogin = s.password || (atForm && REJECTED.test(alerts));
  if (s.captcha && (stillLogin || CAPTCHA_TEXT.test(alerts) || CAPTCHA_TEXT.test(s.text.slice(0, 2000))))
    return 'CAPTCHA_REQUIRED';
  if (NEW_DEVICE.test(`${s.title} ${s.text.slice(0, 3000)}`)) return 'NEW_DEVICE_CHECK';
  if (asksSecondFactor(s)) return 'TWO_FACTOR_REQUIRED';
  // Evidence tied to the form: a new error message while a sign-in form (or the same URL) remains.
  if (REJECTED.test(alerts) && (s.password || atForm)) return 'LOGIN_REJECTED';
  // A new message that is no greeting, with the sign-in form shown again at the same address (the
  // form posted back to itself, or a script answered in place): a refusal, however it is worded
  // ("Bitte Benutzername und Passwort … eingeben" says no "wrong").
  if (s.password && atForm && fresh.some((a) => !SIGNED_IN_WORDS.test(a))) return 'LOGIN_REJECTED';
  // The page now greets the person ("signed in as", "welcome,", a sign-out link): words such as
  // "invalid" elsewhere in its text are no refusal.
  if (greetsNow(s, was)) return 'ok';
  if (s.password && freshRejection(s.text.slice(0, 3000), was && samePage(s.url, was.url) ? was.text : undefined))
    return 'LOGIN_REJECTED';
  if (s.password && s.invalid && !was?.invalid) return 'LOGIN_REJECTED';
  if (s.captcha && before.hadCaptcha && s.url === before.url) return 'CAPTCHA_REQUIRED';
  // The same form, same URL, nothing new said: the site did not answer (not a rejection).
  if (s.password && s.url === before.url && before.changed === false && was && was.text === s.text)
    return 'NO_RESPONSE';
  return 'ok';
}

export const LOGIN_MESSAGES: Record<Exclude<LoginClass, 'ok'>, string> = {
  LOGIN_REJECTED:
    'The site rejected the sign-in: it says the username or password is wrong. Check the credentials; do not retry blindly.',
  CAPTCHA_REQUIRED:
    'The site shows a CAPTCHA at sign-in. CAPTCHAs are never solved or bypassed, so this sign-in cannot be automated here.',
  TWO_FACTOR_REQUIRED:
    'The site asks for a second factor (a one-time code or approval on another device). The session stays on that step; a verify_code tool is listed when the page has a code field.',
  NEW_DEVICE_CHECK:
    'The site asks to confirm a new or unrecognized device or browser (each session is a fresh browser). Confirm the device out of band, then try again.',
  NO_RESPONSE:
    'The sign-in form is still shown and the site said nothing (no error, no new page); the sign-in did not go through. See the fresh page map.',
};

/** After a code was submitted (a verify_code tool): the code field is still shown with a rejection. */
export function codeRejected(s: PageSignals): boolean {
  return s.otp && s.alerts.some((a) => REJECTED.test(a));
}

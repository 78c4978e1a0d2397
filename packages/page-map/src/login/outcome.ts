/**
 * Outcome: what a site answered to a sign-in (signed in, rejected, CAPTCHA, second factor, new
 * device) or to a one-time code, from the page's signals before and after the submit. The one
 * classifier of the login wing.
 * LOGIN_REJECTED needs evidence: an error message that appeared with the form (an alert, an
 * aria-invalid field, rejection wording that was not on the page before). A page that merely
 * still contains a sign-in form (a header widget, a "switch account" box) is not a rejection.
 */
import type { PageSignals } from '../shared/page-script-types';

/** Whole words or phrases, case-insensitive: one alternative per line, so each can be read and changed alone. */
const anyOf = (...phrases: string[]): RegExp => new RegExp(`\\b(${phrases.join('|')})\\b`, 'i');

/** What a site says when it refuses credentials (or a code). */
export const REJECTED = anyOf(
  'invalid',
  'incorrect',
  'wrong',
  'not recogni[sz]ed',
  "doesn'?t match",
  'do not match',
  'did not match',
  'unknown (user|email|account)',
  'no account',
  "couldn'?t (find|sign you in|log you in)",
  'could not (find|sign you in|log you in)',
  'try again',
  'failed',
  'not (valid|correct)',
  'authentication failed',
  'login failed',
  'bad credentials',
);
/** A second factor asked for: a code, or an approval on another device. */
const TWO_FACTOR = anyOf(
  'two[- ]factor',
  '2fa',
  'two[- ]step verification',
  '2-step verification',
  'multi[- ]factor',
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

/** Classifies the page after a login submit. Exported for tests over frozen signals. */
export function classifyLogin(s: PageSignals, before: LoginBefore): LoginClass {
  const was = before.signals;
  const fresh = was && s.url === was.url ? s.alerts.filter((a) => !was.alerts.includes(a)) : s.alerts;
  const alerts = fresh.join(' \n ');
  const stillLogin = s.password || (s.url === before.url && REJECTED.test(alerts));
  if (s.captcha && (stillLogin || CAPTCHA_TEXT.test(alerts) || CAPTCHA_TEXT.test(s.text.slice(0, 2000))))
    return 'CAPTCHA_REQUIRED';
  if (NEW_DEVICE.test(`${s.title} ${s.text.slice(0, 3000)}`)) return 'NEW_DEVICE_CHECK';
  if (s.otp || (TWO_FACTOR.test(`${s.title} ${s.text.slice(0, 3000)}`) && !s.password)) return 'TWO_FACTOR_REQUIRED';
  // Evidence tied to the form: a new error message while a sign-in form (or the same URL) remains.
  if (REJECTED.test(alerts) && (s.password || s.url === before.url)) return 'LOGIN_REJECTED';
  if (s.password && freshRejection(s.text.slice(0, 3000), was && s.url === was.url ? was.text : undefined))
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

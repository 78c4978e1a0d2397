/**
 * What the site answered a sign-in (issue 13 item 10): accepted, rejected, or asking for more
 * (CAPTCHA, second factor, new-device check). Pure function over the page signals taken after
 * the submit, so tests can run it over frozen signals.
 *
 * LOGIN_REJECTED only on evidence: an error message tied to the submitted form, or a sign-in form
 * shown again together with an error. A page that merely still contains a sign-in form (a forum's
 * quick-login bar on every page, a header dropdown) is not a rejection.
 */
import type { PageSignals } from './page-script/types';

export const REJECTED = /\b(invalid|incorrect|wrong|not recogni[sz]ed|doesn'?t match|do not match|did not match|unknown (user|email|account)|no account|couldn'?t (find|sign you in|log you in)|could not (find|sign you in|log you in)|try again|failed|not (valid|correct)|authentication failed|login failed|bad credentials)\b/i;
const TWO_FACTOR = /\b(two[- ]factor|2fa|two[- ]step verification|2-step verification|multi[- ]factor|authenticator app|one[- ]time (pass)?code|verification code|security code|enter the code|approve (the |this )?(sign[- ]?in|login|request)|approve it on|on your (other )?(device|phone)|check your (phone|device|authenticator)|push notification|tap yes|confirm (the )?sign[- ]?in on)\b/i;
const NEW_DEVICE = /\b(new device|unrecogni[sz]ed (device|browser)|new (browser|location)|don'?t recogni[sz]e (this|your) (device|browser|computer)|haven'?t seen (this|your) (device|browser)|verify (this|your) (device|browser)|confirm (this|your) (device|browser)|unusual (sign[- ]?in|activity|login))\b/i;
const CAPTCHA_TEXT = /\b(captcha|i'?m not a robot|verify you are (a )?human|complete the (security )?challenge)\b/i;

export type LoginClass = 'ok' | 'LOGIN_REJECTED' | 'CAPTCHA_REQUIRED' | 'TWO_FACTOR_REQUIRED' | 'NEW_DEVICE_CHECK';

/** Is there evidence that the site rejected the credentials? */
export function rejectionEvidence(s: PageSignals): boolean {
  const form = s.loginForm;
  // An error message tied to the submitted form (inside it, referenced by its fields, or in its card).
  if (form?.present && form.errors.some((e) => REJECTED.test(e))) return true;
  if (form?.present && form.invalid && form.errors.length > 0) return true;
  // A sign-in form shown again, with an error in the page's alerts.
  if (s.password && s.alerts.some((a) => REJECTED.test(a))) return true;
  // The same form shown again with an error in the page's text (an error without alert markup).
  return !!form?.present && s.password && REJECTED.test(s.text.slice(0, 3000));
}

/** Classifies the page after a login submit. Exported for tests over frozen signals. */
export function classifyLogin(s: PageSignals, before: { url: string; hadCaptcha: boolean }): LoginClass {
  const alerts = s.alerts.join(' \n ');
  const rejected = rejectionEvidence(s);
  if (s.captcha && (rejected || s.loginForm?.present || CAPTCHA_TEXT.test(alerts) || CAPTCHA_TEXT.test(s.text.slice(0, 2000)))) return 'CAPTCHA_REQUIRED';
  if (NEW_DEVICE.test(`${s.title} ${s.text.slice(0, 3000)}`)) return 'NEW_DEVICE_CHECK';
  if (s.otp || (TWO_FACTOR.test(`${s.title} ${s.text.slice(0, 3000)}`) && !s.password)) return 'TWO_FACTOR_REQUIRED';
  if (rejected) return 'LOGIN_REJECTED';
  if (s.captcha && before.hadCaptcha && s.url === before.url) return 'CAPTCHA_REQUIRED';
  return 'ok';
}

export const LOGIN_MESSAGES: Record<Exclude<LoginClass, 'ok'>, string> = {
  LOGIN_REJECTED: 'The site rejected the sign-in: it shows an error for the username or password at its sign-in form. Check the credentials; do not retry blindly.',
  CAPTCHA_REQUIRED: 'The site shows a CAPTCHA at sign-in. CAPTCHAs are never solved or bypassed, so this sign-in cannot be automated here.',
  TWO_FACTOR_REQUIRED: 'The site asks for a second factor (a one-time code or approval on another device). The session stays on that step; a verify_code tool is listed when the page has a code field.',
  NEW_DEVICE_CHECK: 'The site asks to confirm a new or unrecognized device or browser (each session is a fresh browser). Confirm the device out of band, then try again.',
};

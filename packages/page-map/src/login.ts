/**
 * Login tools: fill and submit the sign-in form (and the password step of a two-step flow), then
 * classify what the site answered: signed in, rejected, CAPTCHA, second factor or new-device check.
 *
 * SECURITY: the credentials go to the page only (see fill-form.ts); messages never carry them.
 */
import type { Page } from 'puppeteer-core';
import { callPageScript } from './page-script/call';
import type { PageSignals } from './page-script/types';
import { purposeOf, type FieldBinding, type FormBinding } from './tools';
import { rawExtract } from './extract';
import { settle } from './settle/settle';
import { fail, ok, remainingOf, sleep } from './outcome';
import type { Value } from './validate-params';
import type { PageTool, ToolRunOutcome } from './types';

export async function signals(page: Page): Promise<PageSignals> {
  for (let i = 0; i < 3; i++) {
    try {
      const r = await callPageScript(page, { op: 'signals' });
      if (r.op === 'signals') return r.signals;
    } catch {
      await sleep(100); // a navigation was still replacing the context
    }
  }
  return { url: page.url(), title: '', password: false, otp: false, captcha: false, alerts: [], text: '' };
}

export const REJECTED = /\b(invalid|incorrect|wrong|not recogni[sz]ed|doesn'?t match|do not match|did not match|unknown (user|email|account)|no account|couldn'?t (find|sign you in|log you in)|could not (find|sign you in|log you in)|try again|failed|not (valid|correct)|authentication failed|login failed|bad credentials)\b/i;
const TWO_FACTOR = /\b(two[- ]factor|2fa|two[- ]step verification|2-step verification|multi[- ]factor|authenticator app|one[- ]time (pass)?code|verification code|security code|enter the code|approve (the |this )?(sign[- ]?in|login|request)|approve it on|on your (other )?(device|phone)|check your (phone|device|authenticator)|push notification|tap yes|confirm (the )?sign[- ]?in on)\b/i;
const NEW_DEVICE = /\b(new device|unrecogni[sz]ed (device|browser)|new (browser|location)|don'?t recogni[sz]e (this|your) (device|browser|computer)|haven'?t seen (this|your) (device|browser)|verify (this|your) (device|browser)|confirm (this|your) (device|browser)|unusual (sign[- ]?in|activity|login))\b/i;
const CAPTCHA_TEXT = /\b(captcha|i'?m not a robot|verify you are (a )?human|complete the (security )?challenge)\b/i;

export type LoginClass = 'ok' | 'LOGIN_REJECTED' | 'CAPTCHA_REQUIRED' | 'TWO_FACTOR_REQUIRED' | 'NEW_DEVICE_CHECK';

/** Classifies the page after a login submit. Exported for tests over frozen signals. */
export function classifyLogin(s: PageSignals, before: { url: string; hadCaptcha: boolean }): LoginClass {
  const alerts = s.alerts.join(' \n ');
  const stillLogin = s.password || (s.url === before.url && REJECTED.test(alerts));
  if (s.captcha && (stillLogin || CAPTCHA_TEXT.test(alerts) || CAPTCHA_TEXT.test(s.text.slice(0, 2000)))) return 'CAPTCHA_REQUIRED';
  if (NEW_DEVICE.test(`${s.title} ${s.text.slice(0, 3000)}`)) return 'NEW_DEVICE_CHECK';
  if (s.otp || TWO_FACTOR.test(`${s.title} ${s.text.slice(0, 3000)}`) && !s.password) return 'TWO_FACTOR_REQUIRED';
  if (REJECTED.test(alerts)) return 'LOGIN_REJECTED';
  if (s.password && REJECTED.test(s.text.slice(0, 3000))) return 'LOGIN_REJECTED';
  if (s.captcha && before.hadCaptcha && s.url === before.url) return 'CAPTCHA_REQUIRED';
  if (s.password && s.url === before.url) return 'LOGIN_REJECTED';
  if (s.password) return 'LOGIN_REJECTED';
  return 'ok';
}

const LOGIN_MESSAGES: Record<Exclude<LoginClass, 'ok'>, string> = {
  LOGIN_REJECTED: 'The site rejected the sign-in: it says the username or password is wrong (or it still shows the sign-in form). Check the credentials; do not retry blindly.',
  CAPTCHA_REQUIRED: 'The site shows a CAPTCHA at sign-in. CAPTCHAs are never solved or bypassed, so this sign-in cannot be automated here.',
  TWO_FACTOR_REQUIRED: 'The site asks for a second factor (a one-time code or approval on another device). The session stays on that step; a verify_code tool is listed when the page has a code field.',
  NEW_DEVICE_CHECK: 'The site asks to confirm a new or unrecognized device or browser (each session is a fresh browser). Confirm the device out of band, then try again.',
};

/** Fills a form and submits it (run-tool's fill, which turns a vanished form into ELEMENT_GONE). */
export type Fill = (page: Page, binding: FormBinding, values: Record<string, Value>, submit: boolean) => Promise<{ hadCaptcha: boolean }>;

export async function runLogin(page: Page, tool: PageTool, binding: FormBinding, values: Record<string, Value>, deadline: number, fillForm: Fill): Promise<ToolRunOutcome> {
  const name = tool.tool.name;
  const startUrl = page.url();
  let hadCaptcha = false;
  const first = await settle(page, deadline, async () => {
    hadCaptcha = (await fillForm(page, binding, values, true)).hadCaptcha;
  });
  let navigated = first.navigated;
  if (first.timedOut) return fail(name, 'TOOL_TIMEOUT', 'The sign-in did not finish within the time budget.', navigated, true);
  // Two-step: the username went first; the password goes into the next step's form.
  if (binding.twoStep && values.password !== undefined) {
    let step: FormBinding | undefined;
    for (let i = 0; i < 10 && !step && remainingOf(deadline) > 0; i++) {
      const raw = await rawExtract(page).catch(() => null);
      const g = raw?.groups.find((x) => x.fields.some((f) => f.type === 'password') && purposeOf(x) === 'login') ?? raw?.groups.find((x) => x.fields.some((f) => f.type === 'password'));
      if (g) {
        const fields: FieldBinding[] = [];
        const pw = g.fields.find((f) => f.type === 'password')!;
        fields.push({ param: 'password', key: pw.key, type: 'password', required: true });
        const user = g.fields.find((f) => f !== pw && ['text', 'email', 'tel'].includes(f.type));
        if (user) fields.push({ param: 'username', key: user.key, type: 'string', required: false });
        step = { kind: 'form', purpose: 'login', sig: g.sig, idx: g.idx, fields, twoStep: false, declared: false };
        break;
      }
      const s = await signals(page);
      if (s.captcha || s.otp || s.alerts.some((a) => REJECTED.test(a))) break; // the first step already failed or asks for more
      await sleep(150);
    }
    if (step) {
      const second = await settle(page, deadline, async () => {
        const r = await fillForm(page, step!, values, true);
        hadCaptcha = hadCaptcha || r.hadCaptcha;
      });
      navigated = navigated || second.navigated;
      if (second.timedOut) return fail(name, 'TOOL_TIMEOUT', 'The sign-in did not finish within the time budget.', navigated, true);
    }
  }
  const s = await signals(page);
  const verdict = classifyLogin(s, { url: startUrl, hadCaptcha });
  if (verdict === 'ok') return ok(name, navigated || page.url() !== startUrl, true);
  return fail(name, verdict, LOGIN_MESSAGES[verdict], navigated || page.url() !== startUrl, true);
}

/**
 * Login tools: fill and submit the sign-in form (and the password step of a two-step flow), then
 * classify what the site answered: signed in, rejected, CAPTCHA, second factor or new-device check.
 *
 * SECURITY: the credentials go to the page only (see fill-form.ts); messages never carry them.
 */
import type { Frame, Page } from 'puppeteer-core';
import { frameTarget } from './frames';
import { throwIfRefused } from './fill-form';
import { callPageScript } from './page-script/call';
import type { PageSignals } from './page-script/types';
import { purposeOf, type FieldBinding, type FormBinding } from './tools';
import { rawExtract } from './extract';
import { settle } from './settle/settle';
import { classifyLogin, LOGIN_MESSAGES, REJECTED } from './login-outcome';
import { fail, ok, remainingOf, sleep } from './outcome';
import type { Value } from './validate-params';
import type { PageTool, ToolRunOutcome } from './types';

export async function signals(page: Page | Frame): Promise<PageSignals> {
  for (let i = 0; i < 3; i++) {
    try {
      const r = await callPageScript(page, { op: 'signals' });
      if (r.op === 'signals') return r.signals;
    } catch {
      await sleep(100); // a navigation was still replacing the context
    }
  }
  return {
    url: page.url(),
    title: '',
    password: false,
    otp: false,
    captcha: false,
    invalid: false,
    alerts: [],
    text: '',
  };
}

/** Fills a form and submits it (run-tool's fill, which turns a vanished form into ELEMENT_GONE). */
export type Fill = (
  page: Page,
  binding: FormBinding,
  values: Record<string, Value>,
  submit: boolean,
) => Promise<{ hadCaptcha: boolean }>;

export async function runLogin(
  page: Page,
  tool: PageTool,
  binding: FormBinding,
  values: Record<string, Value>,
  deadline: number,
  fillForm: Fill,
): Promise<ToolRunOutcome> {
  const name = tool.tool.name;
  // A sign-in widget in a frame from another site answers in its frame: that is where to look.
  const where = frameTarget(page, binding.frame) ?? page;
  const startUrl = where.url();
  let hadCaptcha = false;
  // What the page said before the submit: an error that was already there is no evidence.
  const before = await signals(where);
  const first = await settle(page, deadline, async () => {
    hadCaptcha = (await fillForm(page, binding, values, true)).hadCaptcha;
  });
  let navigated = first.navigated;
  if (first.timedOut)
    return fail(name, 'TOOL_TIMEOUT', 'The sign-in did not finish within the time budget.', navigated, true);
  // An email-type username that is no email address: said as such, unless a CAPTCHA stands in the
  // way anyway (that ends the sign-in whatever the values, so it is what the agent hears).
  if (!navigated && !hadCaptcha) await throwIfRefused(page, binding);
  // Two-step: the username went first; the password goes into the next step's form.
  if (binding.twoStep && values.password !== undefined) {
    let step: FormBinding | undefined;
    for (let i = 0; i < 10 && !step && remainingOf(deadline) > 0; i++) {
      const raw = await rawExtract(page).catch(() => null);
      const g =
        raw?.groups.find((x) => x.fields.some((f) => f.type === 'password') && purposeOf(x) === 'login') ??
        raw?.groups.find((x) => x.fields.some((f) => f.type === 'password'));
      if (g) {
        const fields: FieldBinding[] = [];
        const pw = g.fields.find((f) => f.type === 'password')!;
        fields.push({ param: 'password', key: pw.key, type: 'password', required: true });
        const user = g.fields.find((f) => f !== pw && ['text', 'email', 'tel'].includes(f.type));
        if (user) fields.push({ param: 'username', key: user.key, type: 'string', required: false });
        step = {
          kind: 'form',
          purpose: 'login',
          sig: g.sig,
          idx: g.idx,
          fields,
          twoStep: false,
          declared: false,
          frame: g.frame,
        };
        break;
      }
      const s = await signals(where);
      if (s.captcha || s.otp || s.alerts.some((a) => REJECTED.test(a))) break; // the first step already failed or asks for more
      await sleep(150);
    }
    if (step) {
      const second = await settle(page, deadline, async () => {
        const r = await fillForm(page, step!, values, true);
        hadCaptcha = hadCaptcha || r.hadCaptcha;
      });
      navigated = navigated || second.navigated;
      if (second.timedOut)
        return fail(name, 'TOOL_TIMEOUT', 'The sign-in did not finish within the time budget.', navigated, true);
    }
  }
  // A widget that sent the whole page elsewhere is gone with its frame: the page answers then.
  const answered = 'mainFrame' in where || !where.detached ? where : page;
  const s = await signals(answered);
  const changed = navigated || answered.url() !== startUrl;
  const verdict = classifyLogin(s, { url: startUrl, hadCaptcha, signals: before, changed });
  if (verdict === 'ok') return ok(name, changed, true);
  return fail(name, verdict === 'NO_RESPONSE' ? 'TOOL_FAILED' : verdict, LOGIN_MESSAGES[verdict], changed, true);
}

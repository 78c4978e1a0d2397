/**
 * Fill and submit: the login tool fills the sign-in form (and the password step of a two-step
 * flow), submits it, and judges what the site answered (outcome.ts): signed in, rejected,
 * CAPTCHA, second factor or new-device check.
 *
 * SECURITY: the credentials go to the page only (see fill-form.ts); messages never carry them.
 */
import type { Page } from 'puppeteer-core';
import { frameTarget } from '../frames';
import { fillOrGone, throwIfRefused } from '../fill-form';
import type { FormBinding } from '../bindings';
import { settle } from '../settle/settle';
import { fail, ok } from '../outcome';
import type { Value } from '../validate-params';
import type { PageTool, ToolRunOutcome } from '../types';
import { classifyLogin, LOGIN_MESSAGES } from './outcome';
import { findPasswordStep } from './second-step';
import { signals } from './signals';

const TIMED_OUT = 'The sign-in did not finish within the time budget.';

export async function runLogin(
  page: Page,
  tool: PageTool,
  binding: FormBinding,
  values: Record<string, Value>,
  deadline: number,
): Promise<ToolRunOutcome> {
  const name = tool.tool.name;
  // A sign-in widget in a frame from another site answers in its frame: that is where to look.
  const where = frameTarget(page, binding.frame) ?? page;
  const startUrl = where.url();
  let hadCaptcha = false;
  // What the page said before the submit: an error that was already there is no evidence.
  const before = await signals(where);
  const first = await settle(page, deadline, async () => {
    hadCaptcha = (await fillOrGone(page, binding, values, true)).hadCaptcha;
  });
  let navigated = first.navigated;
  if (first.timedOut) return fail(name, 'TOOL_TIMEOUT', TIMED_OUT, navigated, true);
  // An email-type username that is no email address: said as such, unless a CAPTCHA stands in the
  // way anyway (that ends the sign-in whatever the values, so it is what the agent hears).
  if (!navigated && !hadCaptcha) await throwIfRefused(page, binding);
  // Two-step: the username went first; the password goes into the next step's form.
  const step =
    binding.twoStep && values.password !== undefined ? await findPasswordStep(page, where, deadline) : undefined;
  if (step) {
    const second = await settle(page, deadline, async () => {
      hadCaptcha = (await fillOrGone(page, step, values, true)).hadCaptcha || hadCaptcha;
    });
    navigated = navigated || second.navigated;
    if (second.timedOut) return fail(name, 'TOOL_TIMEOUT', TIMED_OUT, navigated, true);
  }
  // A widget that sent the whole page elsewhere is gone with its frame: the page answers then.
  const answered = 'mainFrame' in where || !where.detached ? where : page;
  const s = await signals(answered);
  const changed = navigated || answered.url() !== startUrl;
  const verdict = classifyLogin(s, { url: startUrl, hadCaptcha, signals: before, changed });
  if (verdict === 'ok') return ok(name, changed, true);
  return fail(name, verdict === 'NO_RESPONSE' ? 'TOOL_FAILED' : verdict, LOGIN_MESSAGES[verdict], changed, true);
}

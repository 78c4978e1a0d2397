/**
 * The password step of a two-step sign-in: the username went first; the next form with a
 * password field (a login one preferred) takes the password, and the username again when it has
 * a field for it.
 */
import type { Frame, Page } from 'puppeteer-core';
import type { RawGroup } from '../shared/page-script-types';
import { rawExtract } from '../read-page';
import { remainingOf, sleep } from '../outcome';
import type { FieldBinding, FormBinding } from '../bindings';
import { isPasswordInput, purposeOf, usernameField } from './recognise';
import { REJECTED } from './outcome';
import { signals } from './signals';

/** How often the page is read for the password step before giving up (with a pause between). */
const STEP_READS = 10;

/** The binding of a password step's form (built here: such a form is no tool of the page map). */
function stepBinding(g: RawGroup): FormBinding {
  const pw = g.fields.find(isPasswordInput)!;
  const fields: FieldBinding[] = [{ param: 'password', key: pw.key, type: 'password', required: true }];
  const user = usernameField(g.fields, pw);
  if (user) fields.push({ param: 'username', key: user.key, type: 'string', required: false });
  return {
    kind: 'form',
    purpose: 'login',
    sig: g.sig,
    idx: g.idx,
    fields,
    twoStep: false,
    declared: false,
    frame: g.frame,
  };
}

/** Waits for the password step; undefined when it does not come (or the first step already failed or asks for more). */
export async function findPasswordStep(
  page: Page,
  where: Page | Frame,
  deadline: number,
): Promise<FormBinding | undefined> {
  for (let i = 0; i < STEP_READS && remainingOf(deadline) > 0; i++) {
    const raw = await rawExtract(page).catch(() => null);
    const withPassword = (x: RawGroup) => x.fields.some(isPasswordInput);
    const g = raw?.groups.find((x) => withPassword(x) && purposeOf(x) === 'login') ?? raw?.groups.find(withPassword);
    if (g) return stepBinding(g);
    const s = await signals(where);
    if (s.captcha || s.otp || s.alerts.some((a) => REJECTED.test(a))) return undefined;
    await sleep(150);
  }
  return undefined;
}

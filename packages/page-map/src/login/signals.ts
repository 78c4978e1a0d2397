/**
 * The page's signals (password and code fields shown, CAPTCHA, alerts, text), read by the page
 * script (page-script/signals.ts) for the outcome of a sign-in or a code.
 */
import type { Frame, Page } from 'puppeteer-core';
import { callPageScript } from '../page-script-host/call';
import type { PageSignals } from '../shared/page-script-types';
import { sleep } from '../outcome';

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

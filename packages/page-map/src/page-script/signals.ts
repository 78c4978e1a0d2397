/**
 * Page signals after an action: visible password and one-time-code fields, CAPTCHAs, alert
 * texts and the body text, for the Node side's login classification.
 */
import type { PageSignals } from '../shared/page-script-types';
import { clean, textOf, visible, type RootInfo } from './dom';
import { labelOf } from './labels';
import { CAPTCHA_PRESENT_SEL } from './selectors';
import { ONE_TIME_CODE_WORDS } from '../shared/one-time-code';

const ALERT_SEL =
  '[role=alert],[aria-live],.error,.errors,.alert,.flash,.invalid-feedback,.notice,.message,[class*="error" i]';

/** A CAPTCHA in any root (hidden response fields and iframes count too). */
export function hasCaptcha(roots: RootInfo[]): boolean {
  return roots.some((r) => {
    try {
      return Array.from(r.root.querySelectorAll(CAPTCHA_PRESENT_SEL)).some(
        (e) =>
          e.tagName === 'IFRAME' ||
          e.tagName === 'TEXTAREA' ||
          e.tagName === 'INPUT' ||
          visible(e) ||
          e.getAttribute('data-sitekey') !== null,
      );
    } catch {
      return false;
    }
  });
}

export function pageSignals(roots: RootInfo[]): PageSignals {
  const alerts: string[] = [];
  for (const r of roots) {
    for (const e of Array.from(r.root.querySelectorAll(ALERT_SEL))) {
      if (visible(e)) {
        const t = textOf(e, 200);
        if (t) alerts.push(t);
      }
      if (alerts.length > 10) break;
    }
  }
  let password = false;
  let otp = false;
  let invalid = false;
  for (const r of roots) {
    for (const e of Array.from(r.root.querySelectorAll('input'))) {
      if (!visible(e)) continue;
      const t = (e.type || '').toLowerCase();
      if (t === 'password') password = true;
      if (e.getAttribute('aria-invalid') === 'true') invalid = true;
      const ac = (e.getAttribute('autocomplete') ?? '').toLowerCase();
      const id = `${e.name} ${e.id} ${e.getAttribute('aria-label') ?? ''} ${e.placeholder ?? ''} ${labelOf(e, r.root).label}`;
      if (ac === 'one-time-code' || ONE_TIME_CODE_WORDS.test(id)) otp = true;
    }
  }
  const captcha = hasCaptcha(roots);
  const body = document.body;
  return {
    url: location.href,
    title: clean(document.title, 300),
    password,
    otp,
    captcha,
    invalid,
    alerts,
    text: body ? clean(body.innerText, 4000) : '',
  };
}

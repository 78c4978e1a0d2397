/**
 * Billing periods (contract §2.4, §8): calendar month for Free, billing anniversary for paid
 * plans, the 14-day window for the Builder trial. All in UTC; the clock is injected.
 */
import type { PeriodBasis } from '@pagemap/contracts';
import { TRIAL_DAYS } from './plans';

export interface Period {
  start: Date;
  end: Date;
  basis: PeriodBasis;
}

const DAY_MS = 86_400_000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

export function calendarMonth(now: Date): Period {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, basis: 'calendar_month' };
}

/**
 * The anniversary of `anchor` in a given month: same day and time of day, clamped to the
 * month's last day (an anchor on the 31st renews on Feb 28/29, Apr 30, …).
 */
function anniversaryIn(anchor: Date, year: number, month: number): Date {
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()));
}

export function billingAnniversary(anchor: Date, now: Date): Period {
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  let start = anniversaryIn(anchor, year, month);
  if (start.getTime() > now.getTime()) {
    month -= 1;
    if (month < 0) {
      month = 11;
      year -= 1;
    }
    start = anniversaryIn(anchor, year, month);
  }
  const nextMonth = month === 11 ? 0 : month + 1;
  const nextYear = month === 11 ? year + 1 : year;
  return { start, end: anniversaryIn(anchor, nextYear, nextMonth), basis: 'billing_anniversary' };
}

export function trialWindow(trialStart: Date): Period {
  return { start: trialStart, end: new Date(trialStart.getTime() + TRIAL_DAYS * DAY_MS), basis: 'trial_window' };
}

export function periodFor(basis: PeriodBasis, anchor: Date, now: Date): Period {
  switch (basis) {
    case 'calendar_month':
      return calendarMonth(now);
    case 'billing_anniversary':
      return billingAnniversary(anchor, now);
    case 'trial_window':
      return trialWindow(anchor);
  }
}

/**
 * Billing periods (docs/api.md#get-v1usage, docs/api.md#limits): calendar month for Free, billing anniversary for paid
 * plans, the 14-day window for the Builder trial. All in UTC; the clock is always passed in, so
 * every boundary is testable. docs/billing.md states the rules.
 */
import type { PeriodBasis } from '@pagemap/contracts';
import { TRIAL_DAYS } from './plans';

export interface Period {
  /** Inclusive. */
  start: Date;
  /** Exclusive: the instant the next period starts. */
  end: Date;
  basis: PeriodBasis;
}

export const DAY_MS = 86_400_000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The UTC calendar month holding `now`: [1st 00:00, next 1st 00:00). */
export function calendarMonth(now: Date): Period {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, basis: 'calendar_month' };
}

/**
 * The anniversary of `anchor` in a given month: same day and time of day, clamped to the
 * month's last day (an anchor on the 31st renews on Feb 28/29, Apr 30, …, and on the 31st again
 * in months that have one — the clamp never drifts the anchor).
 */
function anniversaryIn(anchor: Date, year: number, month: number): Date {
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/**
 * The monthly invoice period holding `now`: from the latest anniversary of `anchor` at or before
 * `now` to the next one. Before the anchor itself (a subscription dated in the future) the first
 * period is reported.
 */
export function billingAnniversary(anchor: Date, now: Date): Period {
  const at = now.getTime() < anchor.getTime() ? anchor : now;
  let year = at.getUTCFullYear();
  let month = at.getUTCMonth();
  let start = anniversaryIn(anchor, year, month);
  if (start.getTime() > at.getTime()) {
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

/** The Builder trial: exactly 14 × 24 h from its start. Day 1 starts at `trialStart`; day 15 is not in it. */
export function trialWindow(trialStart: Date): Period {
  return { start: trialStart, end: trialEnd(trialStart), basis: 'trial_window' };
}

export function trialEnd(trialStart: Date): Date {
  return new Date(trialStart.getTime() + TRIAL_DAYS * DAY_MS);
}

/**
 * After a trial ends without a subscription the account is on Free: calendar months, except the
 * first one, which starts when the trial ends (so trial usage and Free usage never share a counter).
 */
export function afterTrial(trialStart: Date, now: Date): Period {
  const month = calendarMonth(now);
  const end = trialEnd(trialStart);
  return end.getTime() > month.start.getTime() ? { ...month, start: end } : month;
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

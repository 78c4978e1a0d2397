/**
 * Billing-period boundaries for each basis, with an injected clock (docs/billing.md): the end of
 * January, February of a leap year and of a common year, and a trial's day 14 → 15.
 */
import type { Redis } from 'ioredis';
import { keySpace } from '@pagemap/queue';
import { AccountStore, billingAnniversary, calendarMonth, periodFor, trialWindow, type Tenant } from '../src';

const d = (iso: string) => new Date(iso);
const iso = (p: { start: Date; end: Date }) => [p.start.toISOString(), p.end.toISOString()];

describe('calendar month (Free)', () => {
  test('the last millisecond of January is in January; the next one starts February', () => {
    expect(iso(calendarMonth(d('2024-01-31T23:59:59.999Z')))).toEqual([
      '2024-01-01T00:00:00.000Z',
      '2024-02-01T00:00:00.000Z',
    ]);
    expect(iso(calendarMonth(d('2024-02-01T00:00:00.000Z')))).toEqual([
      '2024-02-01T00:00:00.000Z',
      '2024-03-01T00:00:00.000Z',
    ]);
  });

  test('leap-year February has 29 days, a common year 28', () => {
    expect(iso(calendarMonth(d('2024-02-29T12:00:00Z')))).toEqual([
      '2024-02-01T00:00:00.000Z',
      '2024-03-01T00:00:00.000Z',
    ]);
    expect(iso(calendarMonth(d('2023-02-28T23:59:59.999Z')))).toEqual([
      '2023-02-01T00:00:00.000Z',
      '2023-03-01T00:00:00.000Z',
    ]);
    expect(iso(calendarMonth(d('2023-03-01T00:00:00Z')))[0]).toBe('2023-03-01T00:00:00.000Z');
  });

  test('December rolls into the next year', () => {
    expect(iso(calendarMonth(d('2024-12-31T23:00:00Z')))).toEqual([
      '2024-12-01T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
    ]);
  });
});

describe('billing anniversary (paid plans)', () => {
  const jan31 = d('2024-01-31T10:00:00Z');

  test('an anchor on January 31 renews on February 29 in a leap year, then on March 31', () => {
    expect(iso(billingAnniversary(jan31, d('2024-02-15T00:00:00Z')))).toEqual([
      '2024-01-31T10:00:00.000Z',
      '2024-02-29T10:00:00.000Z',
    ]);
    expect(iso(billingAnniversary(jan31, d('2024-02-29T09:59:59.999Z')))).toEqual([
      '2024-01-31T10:00:00.000Z',
      '2024-02-29T10:00:00.000Z',
    ]);
    expect(iso(billingAnniversary(jan31, d('2024-02-29T10:00:00.000Z')))).toEqual([
      '2024-02-29T10:00:00.000Z',
      '2024-03-31T10:00:00.000Z',
    ]);
    // The clamp does not drift the anchor: April renews on the 30th, May on the 31st again.
    expect(iso(billingAnniversary(jan31, d('2024-04-30T10:00:00Z')))).toEqual([
      '2024-04-30T10:00:00.000Z',
      '2024-05-31T10:00:00.000Z',
    ]);
  });

  test('in a common year the same anchor renews on February 28', () => {
    const anchor = d('2023-01-31T00:00:00Z');
    expect(iso(billingAnniversary(anchor, d('2023-02-28T00:00:00Z')))).toEqual([
      '2023-02-28T00:00:00.000Z',
      '2023-03-31T00:00:00.000Z',
    ]);
    expect(iso(billingAnniversary(anchor, d('2023-02-27T23:59:59.999Z')))).toEqual([
      '2023-01-31T00:00:00.000Z',
      '2023-02-28T00:00:00.000Z',
    ]);
  });

  test('an anchor on February 29 renews on the 28th in common years and the 29th in leap years', () => {
    const anchor = d('2024-02-29T00:00:00Z');
    expect(iso(billingAnniversary(anchor, d('2025-02-28T00:00:00Z')))).toEqual([
      '2025-02-28T00:00:00.000Z',
      '2025-03-29T00:00:00.000Z',
    ]);
    expect(iso(billingAnniversary(anchor, d('2028-02-29T00:00:00Z')))).toEqual([
      '2028-02-29T00:00:00.000Z',
      '2028-03-29T00:00:00.000Z',
    ]);
  });

  test('the period holding the end of January for a mid-month anchor', () => {
    const anchor = d('2023-11-15T08:30:00Z');
    expect(iso(billingAnniversary(anchor, d('2024-01-31T23:59:59.999Z')))).toEqual([
      '2024-01-15T08:30:00.000Z',
      '2024-02-15T08:30:00.000Z',
    ]);
    expect(iso(billingAnniversary(anchor, d('2024-01-15T08:29:59.999Z')))).toEqual([
      '2023-12-15T08:30:00.000Z',
      '2024-01-15T08:30:00.000Z',
    ]);
  });

  test('a subscription dated in the future reports its first period', () => {
    const anchor = d('2024-03-10T00:00:00Z');
    expect(iso(billingAnniversary(anchor, d('2024-03-01T00:00:00Z')))).toEqual([
      '2024-03-10T00:00:00.000Z',
      '2024-04-10T00:00:00.000Z',
    ]);
  });
});

describe('trial window (Builder trial)', () => {
  const start = d('2024-02-20T15:00:00Z');

  test('is exactly 14 days, across the leap day', () => {
    expect(iso(trialWindow(start))).toEqual(['2024-02-20T15:00:00.000Z', '2024-03-05T15:00:00.000Z']);
    expect(periodFor('trial_window', start, d('2024-03-01T00:00:00Z')).basis).toBe('trial_window');
  });

  describe('day 14 → 15, through the account store', () => {
    const tenant: Tenant = {
      id: 'tn_trial',
      name: 'trial',
      plan: 'builder_trial',
      anchor: start,
      loginAutomation: false,
      hasSubscription: false,
      createdAt: start,
      overrides: {},
    };
    let now = start;
    // standing() is pure: no Redis command is sent.
    const store = new AccountStore({} as Redis, keySpace('t'), () => now);

    test('the last millisecond of day 14 is still the trial', () => {
      now = d('2024-03-05T14:59:59.999Z');
      const s = store.standing(tenant);
      expect(s.trialEnded).toBe(false);
      expect(s.plan.id).toBe('builder_trial');
      expect(s.plan.name).toBe('builder');
      expect(s.period.basis).toBe('trial_window');
      expect(iso(s.period)).toEqual(['2024-02-20T15:00:00.000Z', '2024-03-05T15:00:00.000Z']);
    });

    test('day 15 is on Free: a calendar month that starts when the trial ended', () => {
      now = d('2024-03-05T15:00:00.000Z');
      const s = store.standing(tenant);
      expect(s.trialEnded).toBe(true);
      expect(s.plan.id).toBe('free');
      expect(s.period.basis).toBe('calendar_month');
      expect(iso(s.period)).toEqual(['2024-03-05T15:00:00.000Z', '2024-04-01T00:00:00.000Z']);
    });

    test('later months after the trial are whole calendar months', () => {
      now = d('2024-04-10T00:00:00Z');
      expect(iso(store.period(tenant))).toEqual(['2024-04-01T00:00:00.000Z', '2024-05-01T00:00:00.000Z']);
    });

    test('overrides replace the plan limits but not the period', () => {
      now = d('2024-02-21T00:00:00Z');
      const s = store.standing({ ...tenant, overrides: { actionLimit: 150 } });
      expect(s.plan.actionLimit).toBe(150);
      expect(s.period.basis).toBe('trial_window');
    });
  });
});

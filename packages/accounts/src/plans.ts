/** The one table of plans: action allowance, billing-period basis, rate and session limits. */
import type { PeriodBasis } from '@pagemap/contracts';

export interface Plan {
  id: string;
  /** Name reported as `plan` in GET /v1/usage. */
  name: string;
  basis: PeriodBasis;
  /** Actions per period. */
  actionLimit: number;
  /** Requests per second per tenant (token bucket refill rate). */
  ratePerSecond: number;
  /** Most sessions open at once per tenant. */
  maxOpenSessions: number;
  /** Whether a paid subscription backs the plan. */
  paid: boolean;
}

export const PLANS = {
  free: {
    id: 'free',
    name: 'free',
    basis: 'calendar_month',
    actionLimit: 1_000,
    ratePerSecond: 5,
    maxOpenSessions: 3,
    paid: false,
  },
  builder_trial: {
    id: 'builder_trial',
    name: 'builder',
    basis: 'trial_window',
    actionLimit: 5_000,
    ratePerSecond: 10,
    maxOpenSessions: 10,
    paid: false,
  },
  builder: {
    id: 'builder',
    name: 'builder',
    basis: 'billing_anniversary',
    actionLimit: 50_000,
    ratePerSecond: 20,
    maxOpenSessions: 25,
    paid: true,
  },
  scale: {
    id: 'scale',
    name: 'scale',
    basis: 'billing_anniversary',
    actionLimit: 500_000,
    ratePerSecond: 100,
    maxOpenSessions: 200,
    paid: true,
  },
} as const satisfies Record<string, Plan>;

export type PlanId = keyof typeof PLANS;
export const PLAN_IDS = Object.keys(PLANS) as [PlanId, ...PlanId[]];

export function isPlanId(value: string): value is PlanId {
  return Object.prototype.hasOwnProperty.call(PLANS, value);
}

/** Length of the Builder trial (docs/api.md#limits). */
export const TRIAL_DAYS = 14;

/** The plan an expired, unconverted trial falls back to (docs/billing.md). */
export const AFTER_TRIAL_PLAN: PlanId = 'free';

/**
 * Per-tenant limits that replace the plan's (a negotiated contract, a support grant, tests).
 * Absent fields keep the plan's value.
 */
export interface LimitOverrides {
  actionLimit?: number;
  ratePerSecond?: number;
  maxOpenSessions?: number;
}

export function withOverrides(plan: Plan, overrides: LimitOverrides | undefined): Plan {
  if (!overrides) return plan;
  return {
    ...plan,
    ...(overrides.actionLimit !== undefined ? { actionLimit: overrides.actionLimit } : {}),
    ...(overrides.ratePerSecond !== undefined ? { ratePerSecond: overrides.ratePerSecond } : {}),
    ...(overrides.maxOpenSessions !== undefined ? { maxOpenSessions: overrides.maxOpenSessions } : {}),
  };
}

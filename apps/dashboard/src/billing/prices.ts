/** Which Stripe price is which paid plan (STRIPE_PRICE_BUILDER, STRIPE_PRICE_SCALE). */
import type { PlanId } from '@pagemap/accounts';
import type { DashboardEnv } from '../env';

export const PAID_PLANS = ['builder', 'scale'] as const;
export type PaidPlanId = (typeof PAID_PLANS)[number];

export function isPaidPlan(value: string): value is PaidPlanId {
  return (PAID_PLANS as readonly string[]).includes(value);
}

export function priceOf(env: DashboardEnv, plan: PaidPlanId): string | undefined {
  return plan === 'builder' ? env.STRIPE_PRICE_BUILDER : env.STRIPE_PRICE_SCALE;
}

/** The plan a price id stands for; null for a price this deployment does not sell. */
export function planOfPrice(env: DashboardEnv, price: string): PlanId | null {
  if (price && price === env.STRIPE_PRICE_BUILDER) return 'builder';
  if (price && price === env.STRIPE_PRICE_SCALE) return 'scale';
  return null;
}

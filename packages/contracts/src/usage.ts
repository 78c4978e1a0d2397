/** `GET /v1/usage` (docs/api.md#get-v1usage). */
import { z } from 'zod';

export const PeriodBasis = z.enum(['calendar_month', 'billing_anniversary', 'trial_window']);
export type PeriodBasis = z.infer<typeof PeriodBasis>;

export const UsageRecord = z.object({
  plan: z.string(),
  actions: z.object({ used: z.number().int().nonnegative(), limit: z.number().int().nonnegative() }),
  period: z.object({ start: z.iso.datetime(), end: z.iso.datetime(), basis: PeriodBasis }),
  billing: z.object({ has_subscription: z.boolean(), portal_url: z.string() }),
});
export type UsageRecord = z.infer<typeof UsageRecord>;

/** The usage headers on every authenticated response (docs/api.md#post-v1browse). */
export const USAGE_HEADERS = {
  count: 'X-Usage-Action-Count',
  limit: 'X-Usage-Action-Limit',
  periodStart: 'X-Usage-Period-Start',
} as const;

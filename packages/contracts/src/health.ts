/** `GET /health` (docs/api.md#get-health). `checks` members beyond the three and their detail are ours. */
import { z } from 'zod';

export const CheckStatus = z.enum(['ok', 'degraded', 'fail', 'skipped']);
export type CheckStatus = z.infer<typeof CheckStatus>;

export const HealthRecord = z.object({
  status: z.enum(['ok', 'degraded', 'fail']),
  uptime_s: z.number().int().nonnegative(),
  active_sessions: z.number().int().nonnegative(),
  checks: z.object({
    browser: z.string(),
    model: z.string(),
    datastore: z.string(),
  }),
  /** Additive: why a check is not ok, per check. */
  details: z.record(z.string(), z.string()).optional(),
});
export type HealthRecord = z.infer<typeof HealthRecord>;

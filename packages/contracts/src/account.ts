/**
 * Account endpoints beyond usage: playground tokens (`POST /v1/playground/tokens`) and the
 * billing standing behind `billing.portal_url` (`GET /v1/billing/portal`). Not shown in the
 * interface spec; designed here and documented in docs/api.md and docs/billing.md.
 */
import { z } from 'zod';

/** `POST /v1/playground/tokens` body: empty (or absent). */
export const PlaygroundTokenRequest = z.strictObject({});

/** `POST /v1/playground/tokens` answer. */
export const PlaygroundTokenResponse = z.object({
  /** A JWT usable as `Authorization: Bearer <token>` for browse-only calls. */
  token: z.string().min(1),
  expires_at: z.iso.datetime(),
  /** Lifetime in seconds (900). */
  expires_in: z.number().int().positive(),
  scope: z.literal('browse'),
});
export type PlaygroundTokenResponse = z.infer<typeof PlaygroundTokenResponse>;

/** `GET /v1/billing/portal` answer to an API client: the account's plan and standing (browsers are sent to the Customer Portal). */
export const BillingStanding = z.object({
  plan: z.string().min(1),
  has_subscription: z.boolean(),
  /** Whether the free trial is over for an account without a subscription (new sessions are then refused). */
  trial_ended: z.boolean(),
  /** Whether tools may run on dedicated identity-provider domains (DOMAIN_BLOCKED otherwise). */
  login_automation: z.boolean(),
  /**
   * Set while login automation is suspended automatically (docs/acceptable-use.md): sign-in tools
   * answer LOGIN_AUTOMATION_SUSPENDED. Since when and by which rule.
   */
  login_automation_suspended: z.object({ since: z.iso.datetime(), reason: z.string() }).nullable().optional(),
  period: z.object({
    start: z.iso.datetime(),
    end: z.iso.datetime(),
    /** What the period is anchored to. */
    basis: z.string().min(1),
  }),
  limits: z.object({
    /** Actions per billing period. */
    actions: z.number().int().nonnegative(),
    requests_per_second: z.number().positive(),
    open_sessions: z.number().int().positive(),
  }),
  /** Who to ask for changes. */
  manage: z.string(),
});
export type BillingStanding = z.infer<typeof BillingStanding>;

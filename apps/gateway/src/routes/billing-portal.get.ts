/**
 * GET /v1/billing/portal — the target of `billing.portal_url` in GET /v1/usage. Full API keys
 * only: playground tokens have no billing access (docs/api.md#authentication). API clients get the account's
 * billing standing as JSON; a browser is sent on to the dashboard, which opens the payment
 * provider's Customer Portal (http/cors.ts, docs/billing.md).
 */
import type { BillingStanding } from '@pagemap/contracts';
import { defineRoute } from '../http/route';

export const BILLING_PORTAL_PATH = '/v1/billing/portal';

export default defineRoute({
  method: 'get',
  path: BILLING_PORTAL_PATH,
  access: 'full',
  async handler({ res, principal, services }) {
    const { accounts } = services;
    const tenant = principal.tenant;
    const { plan, period, trialEnded } = accounts.standing(tenant);
    const body: BillingStanding = {
      plan: plan.name,
      has_subscription: tenant.hasSubscription,
      trial_ended: trialEnded,
      login_automation: tenant.loginAutomation,
      login_automation_suspended: tenant.loginSuspension ?? null,
      period: { start: period.start.toISOString(), end: period.end.toISOString(), basis: period.basis },
      limits: {
        actions: plan.actionLimit,
        requests_per_second: plan.ratePerSecond,
        open_sessions: plan.maxOpenSessions,
      },
      manage:
        'Open this URL in a browser: the Customer Portal (card, plan, cancellation) or the dashboard billing area (trial, subscribe, login automation).',
    };
    res.status(200).json(body);
  },
});

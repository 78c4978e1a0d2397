/** GET /v1/usage — exact cross-instance usage of the caller's tenant (docs/api.md#get-v1usage). Full keys only. */
import type { UsageRecord } from '@pagemap/contracts';
import { defineRoute } from '../http/route';
import { BILLING_PORTAL_PATH } from './billing-portal.get';

export default defineRoute({
  method: 'get',
  path: '/v1/usage',
  access: 'full',
  async handler({ res, principal, services }) {
    const { accounts } = services;
    const tenant = principal.tenant;
    const { plan, period } = accounts.standing(tenant);
    const record: UsageRecord = {
      plan: plan.name,
      actions: { used: await accounts.used(tenant, period), limit: plan.actionLimit },
      period: { start: period.start.toISOString(), end: period.end.toISOString(), basis: period.basis },
      billing: { has_subscription: tenant.hasSubscription, portal_url: BILLING_PORTAL_PATH },
    };
    res.status(200).json(record);
  },
});

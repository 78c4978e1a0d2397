/** GET /v1/usage — exact cross-instance usage of the caller's tenant (contract §2.4). Full keys only. */
import type { UsageRecord } from '@pagemap/contracts';
import { defineRoute } from '../http/route';

export default defineRoute({
  method: 'get',
  path: '/v1/usage',
  access: 'full',
  async handler({ res, principal, services }) {
    const { accounts } = services;
    const tenant = principal.tenant;
    const plan = accounts.plan(tenant);
    const period = accounts.period(tenant);
    const record: UsageRecord = {
      plan: plan.name,
      actions: { used: await accounts.used(tenant, period), limit: plan.actionLimit },
      period: { start: period.start.toISOString(), end: period.end.toISOString(), basis: period.basis },
      billing: { has_subscription: tenant.hasSubscription, portal_url: '/v1/billing/portal' },
    };
    res.status(200).json(record);
  },
});

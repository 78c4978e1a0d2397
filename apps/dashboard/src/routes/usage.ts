/** Overview and usage pages: the tenant's standing and counters, read from the same store the gateway meters with. */
import { Router } from 'express';
import type { Tenant } from '@pagemap/accounts';
import type { DashboardServices } from '../services';
import { csrfToken, takeFlash } from '../http/session';
import { signedIn } from '../http/owner';
import { overviewPage, usagePage, type UsageView } from '../views/usage';

/** Same figures as GET /v1/usage (plan, used, limit, period), plus the per-day series. */
export async function usageView(services: DashboardServices, tenant: Tenant): Promise<UsageView> {
  const now = new Date();
  const { plan, period } = services.accounts.standing(tenant, now);
  const end = period.end.getTime() < now.getTime() ? period.end : now;
  const [used, days] = await Promise.all([
    services.accounts.used(tenant, period),
    services.accounts.dailyUsage(tenant.id, period.start, end),
  ]);
  return {
    plan: plan.name,
    used,
    limit: plan.actionLimit,
    period: { start: period.start.toISOString(), end: period.end.toISOString(), basis: period.basis },
    days,
  };
}

export function usageRoutes(services: DashboardServices): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const { owner, tenant } = signedIn(res);
    const frame = {
      who: { email: owner.email, account: tenant.name },
      csrfToken: csrfToken(req),
      ...(req.session.flash ? { flash: takeFlash(req)! } : {}),
    };
    const [usage, keys] = await Promise.all([usageView(services, tenant), services.accounts.listKeys(tenant.id)]);
    res.type('html').send(
      overviewPage({
        frame,
        usage,
        keyCount: keys.length,
        loginAutomation: tenant.loginAutomation,
        apiUrl: services.env.PAGEMAP_API_URL,
      }),
    );
  });
  router.get('/usage', async (req, res) => {
    const { owner, tenant } = signedIn(res);
    const frame = { who: { email: owner.email, account: tenant.name }, csrfToken: csrfToken(req) };
    res.type('html').send(usagePage({ frame, usage: await usageView(services, tenant) }));
  });
  return router;
}

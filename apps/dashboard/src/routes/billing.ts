/**
 * The billing area's actions. Card checks and subscriptions redirect to the provider's hosted
 * Checkout; managing them goes to its Customer Portal. Nothing here changes a plan or records a
 * card: the signed webhooks do (billing/webhook.ts), so the return from a hosted page only shows
 * state. The trial and the acceptable-use attestation are recorded here.
 */
import { Router, type Request, type Response } from 'express';
import { ACCEPTABLE_USE_VERSION } from '@pagemap/accounts';
import type { DashboardServices } from '../services';
import { csrfToken, flash, takeFlash } from '../http/session';
import { signedIn, type SignedIn } from '../http/owner';
import { billingPage } from '../views/billing';
import { isPaidPlan, PAID_PLANS, priceOf } from '../billing/prices';
import type { BillingOwner } from '../billing/stripe-provider';
import { usageView } from './usage';

function field(req: Request, name: string): string {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.trim() : '';
}

const ownerOf = (who: SignedIn): BillingOwner => ({
  ownerId: who.owner.id,
  email: who.owner.email,
  tenantId: who.tenant.id,
});

const TRIAL_ANSWERS = {
  started: 'The 14-day Builder trial has started.',
  used: 'This account has had its Builder trial already.',
  not_free: 'The trial starts from the Free plan only.',
  missing: 'The account was not found.',
} as const;

export function billingRoutes(services: DashboardServices): Router {
  return Router().use(pageRoutes(services), providerRoutes(services), gateRoutes(services));
}

/** GET /billing: what the account is on and what is on record (the return from a hosted page lands here). */
function pageRoutes(services: DashboardServices): Router {
  const { gate, payments, env } = services;
  const router = Router();
  router.get('/billing', async (req, res) => {
    const who = signedIn(res);
    const tenant = (await services.accounts.getTenant(who.tenant.id)) ?? who.tenant;
    const flashed = takeFlash(req);
    const returnedFrom = typeof req.query.checkout === 'string' ? req.query.checkout : undefined;
    const page = billingPage({
      frame: {
        who: { email: who.owner.email, account: tenant.name },
        csrfToken: csrfToken(req),
        ...(flashed ? { flash: flashed } : {}),
      },
      usage: await usageView(services, tenant),
      hasSubscription: tenant.hasSubscription,
      subscription: await services.billing.state(tenant.id),
      state: await gate.state(tenant.id),
      payments: payments ? (payments.testMode ? 'test' : 'live') : 'none',
      plans: PAID_PLANS.filter((p) => priceOf(env, p)),
      ...(returnedFrom ? { returnedFrom } : {}),
    });
    res.type('html').send(page);
  });
  return router;
}

/** The card check, subscribing and the portal: redirects to the provider's hosted pages. */
function providerRoutes(services: DashboardServices): Router {
  const { payments, log, env } = services;
  const router = Router();

  /** Sends the browser to a hosted page, or back to /billing with the reason it could not. */
  const toProvider = async (req: Request, res: Response, make: () => Promise<string | null>, what: string) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!payments) {
      flash(req, 'error', 'Payments are not configured on this deployment.');
      return void res.redirect(303, '/billing');
    }
    try {
      const url = await make();
      if (url) return void res.redirect(303, url);
      flash(req, 'error', `Nothing to manage yet: ${what}`);
    } catch (err) {
      log.warn(
        { event: 'payment_provider_error', err: err instanceof Error ? err.message : String(err) },
        'payment provider call failed',
      );
      flash(req, 'error', 'The payment provider could not be reached; try again shortly.');
    }
    res.redirect(303, '/billing');
  };

  router.post('/billing/card', (req, res) =>
    toProvider(req, res, () => payments!.cardCheckout(ownerOf(signedIn(res))), ''),
  );
  router.post('/billing/subscribe', async (req, res) => {
    const plan = field(req, 'plan');
    if (!isPaidPlan(plan) || !priceOf(env, plan)) {
      flash(req, 'error', 'Choose one of the plans offered.');
      return void res.redirect(303, '/billing');
    }
    await toProvider(req, res, () => payments!.subscriptionCheckout(ownerOf(signedIn(res)), plan), '');
  });
  // GET too: the gateway sends browsers following `billing.portal_url` here.
  const portal = (req: Request, res: Response) =>
    toProvider(req, res, () => payments!.portal(signedIn(res).tenant.id), 'verify a card or subscribe first.');
  router.get('/billing/portal', portal);
  router.post('/billing/portal', portal);
  return router;
}

/** The trial, the acceptable-use attestation and the login-automation switch: recorded here. */
function gateRoutes(services: DashboardServices): Router {
  const { gate, log } = services;
  const router = Router();
  router.post('/billing/trial', async (req, res) => {
    const who = signedIn(res);
    const outcome = await services.billing.startTrial(who.tenant.id);
    log.info({ event: 'trial_start', tenant: who.tenant.id, outcome }, 'trial start requested');
    flash(req, outcome === 'started' ? 'ok' : 'error', TRIAL_ANSWERS[outcome]);
    res.redirect(303, '/billing');
  });
  router.post('/billing/attest', async (req, res) => {
    const who = signedIn(res);
    if (field(req, 'attest') !== ACCEPTABLE_USE_VERSION) {
      flash(req, 'error', 'Tick the acceptable-use attestation to record it.');
      return void res.redirect(303, '/billing');
    }
    await gate.attest(who.tenant.id, who.owner.id, ACCEPTABLE_USE_VERSION, req.ip ?? '');
    const enabled = await gate.enableIfReady(who.tenant.id);
    log.info({ event: 'aup_attested', tenant: who.tenant.id, owner: who.owner.id, enabled }, 'attestation recorded');
    flash(req, 'ok', enabled ? 'Attestation recorded. Login automation is enabled.' : 'Attestation recorded.');
    res.redirect(303, '/billing');
  });
  router.post('/billing/login-automation/enable', async (req, res) => {
    const enabled = await gate.enableIfReady(signedIn(res).tenant.id);
    flash(req, enabled ? 'ok' : 'error', enabled ? 'Login automation is enabled.' : 'Verify a card and attest first.');
    res.redirect(303, '/billing');
  });
  router.post('/billing/login-automation/disable', async (req, res) => {
    const who = signedIn(res);
    await gate.disable(who.tenant.id);
    log.info(
      { event: 'login_automation_disabled', tenant: who.tenant.id, owner: who.owner.id },
      'login automation disabled',
    );
    flash(req, 'ok', 'Login automation is off.');
    res.redirect(303, '/billing');
  });
  return router;
}

/**
 * The billing area: plan and period, and login automation — enabled only after a zero-amount card
 * verification through the payment provider AND the acceptable-use attestation; the card number
 * goes to the provider and is forgotten (only brand and last four are kept).
 */
import { Router, type Request } from 'express';
import { ACCEPTABLE_USE_VERSION } from '@pagemap/accounts';
import type { DashboardServices } from '../services';
import { csrfToken, flash, takeFlash } from '../http/session';
import { signedIn, type SignedIn } from '../http/owner';
import { billingPage } from '../views/billing';
import { usageView } from './usage';

function field(req: Request, name: string): string {
  const v = (req.body as Record<string, unknown>)[name];
  return typeof v === 'string' ? v.trim() : '';
}

export function billingRoutes(services: DashboardServices): Router {
  const { gate, verifier, log } = services;
  const router = Router();

  const render = async (req: Request, who: SignedIn, fl?: { kind: 'ok' | 'error'; text: string }) => {
    const tenant = (await services.accounts.getTenant(who.tenant.id)) ?? who.tenant;
    const flashed = fl ?? takeFlash(req);
    const frame = {
      who: { email: who.owner.email, account: tenant.name },
      csrfToken: csrfToken(req),
      ...(flashed ? { flash: flashed } : {}),
    };
    return billingPage({
      frame,
      usage: await usageView(services, tenant),
      hasSubscription: tenant.hasSubscription,
      state: await gate.state(tenant.id),
      providerLabel: verifier.label,
      testMode: verifier.mode === 'test',
    });
  };

  router.get('/billing', async (req, res) => {
    res.type('html').send(await render(req, signedIn(res)));
  });

  router.post('/billing/login-automation', async (req, res) => {
    const who = signedIn(res);
    res.setHeader('Cache-Control', 'no-store');
    if (field(req, 'attest') !== ACCEPTABLE_USE_VERSION) {
      return res
        .status(400)
        .type('html')
        .send(
          await render(req, who, {
            kind: 'error',
            text: 'Tick the acceptable-use attestation to enable login automation.',
          }),
        );
    }
    const card = {
      number: field(req, 'card_number'),
      expMonth: Number(field(req, 'exp_month')),
      expYear: Number(field(req, 'exp_year')),
      cvc: field(req, 'cvc'),
    };
    const result = await verifier.verify(card, {
      ownerId: who.owner.id,
      email: who.owner.email,
      tenantId: who.tenant.id,
    });
    services.metrics.cardChecks.inc({ mode: verifier.mode, result: result.ok ? 'ok' : result.code });
    if (!result.ok) {
      log.info(
        { event: 'card_verification_failed', tenant: who.tenant.id, code: result.code },
        'card verification failed',
      );
      return res
        .status(result.code === 'PROVIDER_ERROR' ? 502 : 402)
        .type('html')
        .send(await render(req, who, { kind: 'error', text: result.message }));
    }
    await gate.enable(
      who.tenant.id,
      who.owner.id,
      { provider: result.provider, reference: result.reference, brand: result.brand, last4: result.last4 },
      ACCEPTABLE_USE_VERSION,
    );
    log.info(
      { event: 'login_automation_enabled', tenant: who.tenant.id, owner: who.owner.id, aup: ACCEPTABLE_USE_VERSION },
      'login automation enabled',
    );
    flash(req, 'ok', `Card verified (${result.brand} ending ${result.last4}). Login automation is enabled.`);
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

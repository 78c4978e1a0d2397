/**
 * POST /billing/webhook: Stripe's events. The raw body is verified with
 * `stripe.webhooks.constructEvent` and the endpoint secret, within a replay window
 * (STRIPE_WEBHOOK_TOLERANCE_S); a bad or stale signature is 400 and changes nothing. Each event id
 * is handled once: a retried or replayed delivery answers 200 without effect. A failure while
 * applying answers 500 and frees the id, so Stripe's retry applies it.
 */
import express, { Router } from 'express';
import type { WebhookDeps } from './events';
import { applyEvent } from './events';

export const WEBHOOK_PATH = '/billing/webhook';

export function webhookRoutes(deps: WebhookDeps, secret: string, toleranceS: number): Router {
  const router = Router();
  router.post(WEBHOOK_PATH, express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const { billing, log, metrics } = deps;
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: ReturnType<typeof deps.stripe.webhooks.constructEvent>;
    try {
      event = deps.stripe.webhooks.constructEvent(body, req.headers['stripe-signature'] ?? '', secret, toleranceS);
    } catch {
      metrics.billingWebhooks.inc({ outcome: 'bad_signature' });
      log.warn({ event: 'webhook_signature_invalid' }, 'webhook refused: bad signature');
      return void res.status(400).json({
        error: 'WEBHOOK_SIGNATURE_INVALID',
        message: 'The Stripe-Signature header does not verify with the endpoint secret, or is too old.',
      });
    }
    if (!(await billing.claimEvent(event.id))) {
      metrics.billingWebhooks.inc({ outcome: 'duplicate' });
      return void res.json({ received: true, outcome: 'duplicate' });
    }
    try {
      const outcome = await applyEvent(event, deps);
      await billing.finishEvent(event.id);
      metrics.billingWebhooks.inc({ outcome });
      res.json({ received: true, outcome });
    } catch (err) {
      await billing.releaseEvent(event.id).catch(() => undefined);
      metrics.billingWebhooks.inc({ outcome: 'failed' });
      log.error(
        {
          event: 'webhook_failed',
          type: event.type,
          id: event.id,
          err: err instanceof Error ? err.message : String(err),
        },
        'webhook could not be applied; Stripe will retry',
      );
      res.status(500).json({ error: 'WEBHOOK_FAILED', message: 'The event could not be applied; retry later.' });
    }
  });
  return router;
}

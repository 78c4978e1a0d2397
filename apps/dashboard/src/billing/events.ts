/**
 * What each Stripe webhook event does to an account (docs/billing.md, "What each webhook does").
 * Events arrive verified and de-duplicated (webhook.ts); each handler is also safe against an older
 * event arriving after a newer one, because the stores compare the event's creation time.
 */
import type Stripe from 'stripe';
import type { BillingStore, LoginAutomationGate } from '@pagemap/accounts';
import type { Logger } from '@pagemap/runtime';
import type { DashboardEnv } from '../env';
import type { DashboardMetrics } from '../metrics';
import { planOfPrice } from './prices';
import { isLiveKey } from './stripe-provider';

export interface WebhookDeps {
  env: DashboardEnv;
  stripe: Stripe;
  billing: BillingStore;
  gate: LoginAutomationGate;
  log: Logger;
  metrics: DashboardMetrics;
}

/** applied: state changed; stale: older than what is held; ignored: not ours or not a type we use. */
export type EventOutcome = 'applied' | 'stale' | 'ignored';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof obj(v).id === 'string' ? String(obj(v).id) : '';
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const first = (list: unknown): Obj => obj((obj(list).data as unknown[] | undefined)?.[0]);

export async function applyEvent(event: Stripe.Event, deps: WebhookDeps): Promise<EventOutcome> {
  const object = obj(event.data.object);
  const tenantId = await deps.billing.tenantOfCustomer(str(object.customer));
  if (!tenantId) return 'ignored';
  switch (event.type) {
    case 'checkout.session.completed':
      return object.mode === 'setup' ? cardVerified(tenantId, object, event.created, deps) : 'ignored';
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(tenantId, object, event.created, deps);
    case 'invoice.paid':
      return invoicePaid(tenantId, object, deps);
    case 'invoice.payment_failed': {
      await deps.billing.paymentFailed(tenantId, invoiceSubscription(object));
      return 'applied';
    }
    default:
      return 'ignored';
  }
}

/** Setup-mode Checkout finished: read the SetupIntent (brand, last four) and record the card check. */
async function cardVerified(tenantId: string, session: Obj, created: number, deps: WebhookDeps): Promise<EventOutcome> {
  const mode = isLiveKey(deps.env.STRIPE_SECRET_KEY) ? 'live' : 'test';
  const intent = await deps.stripe.setupIntents.retrieve(str(session.setup_intent), { expand: ['payment_method'] });
  if (intent.status !== 'succeeded') {
    deps.metrics.cardChecks.inc({ mode, result: intent.status });
    return 'ignored';
  }
  const card = obj(obj(intent.payment_method).card);
  const recorded = await deps.gate.recordCard(
    tenantId,
    {
      provider: 'stripe',
      reference: intent.id,
      brand: String(card.brand ?? ''),
      last4: String(card.last4 ?? ''),
      ownerId: String(obj(session.metadata).pagemap_owner ?? ''),
    },
    created,
  );
  if (!recorded) return 'stale';
  deps.metrics.cardChecks.inc({ mode, result: 'ok' });
  const enabled = await deps.gate.enableIfReady(tenantId);
  deps.log.info({ event: 'card_verified', tenant: tenantId, login_automation: enabled }, 'card verified');
  return 'applied';
}

async function subscriptionChanged(
  tenantId: string,
  sub: Obj,
  created: number,
  deps: WebhookDeps,
): Promise<EventOutcome> {
  const item = first(sub.items);
  const status = String(sub.status ?? '');
  const plan = planOfPrice(deps.env, str(item.price));
  const periodStart = num(item.current_period_start) ?? num(sub.current_period_start) ?? created;
  if (!plan) {
    deps.log.warn(
      { event: 'unknown_price', tenant: tenantId, price: str(item.price) },
      'subscription to a price not configured',
    );
    return 'ignored';
  }
  const applied = await deps.billing.applySubscription(tenantId, {
    subscriptionId: str(sub.id),
    status,
    plan,
    periodStart: new Date(periodStart * 1000),
    eventCreated: created,
  });
  deps.log.info({ event: 'subscription_changed', tenant: tenantId, status, plan, applied }, 'subscription webhook');
  return applied ? 'applied' : 'stale';
}

/** The subscription an invoice belongs to (`parent.subscription_details` in current API versions). */
function invoiceSubscription(invoice: Obj): string {
  return str(obj(obj(invoice.parent).subscription_details).subscription) || str(invoice.subscription);
}

async function invoicePaid(tenantId: string, invoice: Obj, deps: WebhookDeps): Promise<EventOutcome> {
  const subscriptionId = invoiceSubscription(invoice);
  const start = num(obj(first(invoice.lines).period).start) ?? num(invoice.period_start);
  if (!subscriptionId || start === null) return 'ignored';
  const moved = await deps.billing.invoicePaid(tenantId, subscriptionId, new Date(start * 1000));
  return moved ? 'applied' : 'stale';
}

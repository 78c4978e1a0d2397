/**
 * Pagemap's side of Stripe: a customer per account, hosted Checkout sessions (`setup` mode for the
 * zero-amount card check, `subscription` mode for a paid plan) and Customer Portal sessions. The
 * card is typed on Stripe's page (or the test stand-in's), never on ours. Test and live keys take
 * the same path; only the API host differs when STRIPE_API_BASE points at the stand-in.
 */
import Stripe from 'stripe';
import type { BillingStore } from '@pagemap/accounts';
import type { DashboardEnv } from '../env';
import { priceOf, type PaidPlanId } from './prices';

export interface BillingOwner {
  ownerId: string;
  email: string;
  tenantId: string;
}

/** Live keys: secret (`sk_live_…`) or restricted (`rk_live_…`); anything else is Stripe test mode or the stand-in. */
export function isLiveKey(key: string | undefined): boolean {
  return /^(sk|rk)_live_/.test(key ?? '');
}

export function createStripe(secretKey: string, apiBase?: string): Stripe {
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

export class StripeBilling {
  readonly testMode: boolean;

  constructor(
    readonly stripe: Stripe,
    private readonly env: DashboardEnv,
    private readonly billing: BillingStore,
  ) {
    this.testMode = !isLiveKey(env.STRIPE_SECRET_KEY);
  }

  /** The account's Stripe customer, created (and linked) on first use. */
  async customerFor(owner: BillingOwner): Promise<string> {
    const known = await this.billing.customerOf(owner.tenantId);
    if (known) return known;
    const customer = await this.stripe.customers.create(
      { email: owner.email, metadata: { pagemap_tenant: owner.tenantId, pagemap_owner: owner.ownerId } },
      { idempotencyKey: `pagemap-customer-${owner.tenantId}` },
    );
    await this.billing.linkCustomer(owner.tenantId, customer.id);
    return customer.id;
  }

  /** Hosted Checkout in `setup` mode: Stripe verifies the card (zero amount, no charge). */
  async cardCheckout(owner: BillingOwner): Promise<string> {
    const metadata = this.metadata(owner, 'login_automation_card_check');
    const session = await this.stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'usd',
      customer: await this.customerFor(owner),
      client_reference_id: owner.tenantId,
      metadata,
      setup_intent_data: { metadata },
      success_url: this.back('card'),
      cancel_url: this.back('cancelled'),
    });
    return this.urlOf(session);
  }

  /** Hosted Checkout in `subscription` mode for a paid plan. */
  async subscriptionCheckout(owner: BillingOwner, plan: PaidPlanId): Promise<string> {
    const price = priceOf(this.env, plan);
    if (!price) throw new Error(`no Stripe price configured for ${plan}`);
    const metadata = this.metadata(owner, 'subscription');
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: await this.customerFor(owner),
      client_reference_id: owner.tenantId,
      line_items: [{ price, quantity: 1 }],
      metadata,
      subscription_data: { metadata },
      success_url: this.back('subscribed'),
      cancel_url: this.back('cancelled'),
    });
    return this.urlOf(session);
  }

  /** The Customer Portal for the account (card, plan, cancellation); null before any checkout. */
  async portal(tenantId: string): Promise<string | null> {
    const customer = await this.billing.customerOf(tenantId);
    if (!customer) return null;
    const session = await this.stripe.billingPortal.sessions.create({
      customer,
      return_url: new URL('/billing', this.env.publicUrl).toString(),
    });
    return session.url;
  }

  private metadata(owner: BillingOwner, purpose: string): Record<string, string> {
    return { pagemap_tenant: owner.tenantId, pagemap_owner: owner.ownerId, purpose };
  }

  /** The return URL only shows state: the result itself comes from the signed webhook. */
  private back(from: string): string {
    return new URL(`/billing?checkout=${from}`, this.env.publicUrl).toString();
  }

  private urlOf(session: Stripe.Checkout.Session): string {
    if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
    return session.url;
  }
}

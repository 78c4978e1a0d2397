/**
 * Card verification with Stripe SetupIntents: a customer for the tenant, then a SetupIntent
 * confirmed at once with the card's PaymentMethod — Stripe's zero-amount verification, no charge.
 *
 * Raw card numbers are never sent to Stripe from here. With a test key (`sk_test_…`) a published
 * test number maps to Stripe's test PaymentMethod id for it. With a live key the PaymentMethod has
 * to be created in the browser by Stripe Elements, which this dashboard does not embed (no
 * third-party scripts under its CSP); a live key is refused at the card form until it does
 * (docs/dashboard.md).
 */
import Stripe from 'stripe';
import { STRIPE_TEST_CARDS } from './test-cards';
import { cardDigits, expiryValid, type CardInput, type CardVerification, type CardVerifier } from './provider';

export interface StripeVerifierOptions {
  secretKey: string;
  /** `http://127.0.0.1:PORT` in tests (a local stand-in of the Stripe API); Stripe's own host otherwise. */
  apiBase?: string;
}

export class StripeVerifier implements CardVerifier {
  readonly mode = 'stripe' as const;
  readonly label: string;
  private readonly stripe: Stripe;
  private readonly testKey: boolean;

  constructor(opts: StripeVerifierOptions) {
    const base = opts.apiBase ? new URL(opts.apiBase) : undefined;
    this.stripe = new Stripe(opts.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
    this.testKey = opts.secretKey.startsWith('sk_test_');
    this.label = this.testKey
      ? 'Stripe test mode: use Stripe’s published test card numbers. Verification is a zero-amount SetupIntent; nothing is charged.'
      : 'Cards are verified by Stripe with a zero-amount SetupIntent; nothing is charged.';
  }

  async verify(
    card: CardInput,
    owner: { ownerId: string; email: string; tenantId: string },
  ): Promise<CardVerification> {
    const digits = cardDigits(card.number);
    if (!expiryValid(card.expMonth, card.expYear))
      return { ok: false, code: 'CARD_INVALID', message: 'The expiry date is not valid or has passed.' };
    const test = STRIPE_TEST_CARDS[digits];
    if (!this.testKey)
      return {
        ok: false,
        code: 'PROVIDER_ERROR',
        message: 'Live card entry needs Stripe Elements, which this deployment does not embed yet; ask the operator.',
      };
    if (!test)
      return {
        ok: false,
        code: 'CARD_INVALID',
        message: 'With a Stripe test key only Stripe’s published test card numbers are accepted.',
      };
    try {
      const customer = await this.stripe.customers.create({
        email: owner.email,
        metadata: { pagemap_tenant: owner.tenantId, pagemap_owner: owner.ownerId },
      });
      const intent = await this.stripe.setupIntents.create({
        customer: customer.id,
        payment_method: test.paymentMethod,
        usage: 'off_session',
        confirm: true,
        metadata: { pagemap_tenant: owner.tenantId, purpose: 'login_automation_verification' },
        expand: ['payment_method'],
      });
      if (intent.status !== 'succeeded')
        return {
          ok: false,
          code: 'CARD_DECLINED',
          message: `The card could not be verified (${intent.status}); try another card.`,
        };
      const pm = typeof intent.payment_method === 'object' && intent.payment_method ? intent.payment_method : null;
      return {
        ok: true,
        provider: 'stripe',
        reference: intent.id,
        brand: pm?.card?.brand ?? test.brand,
        last4: pm?.card?.last4 ?? digits.slice(-4),
      };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError)
        return { ok: false, code: 'CARD_DECLINED', message: err.message };
      return {
        ok: false,
        code: 'PROVIDER_ERROR',
        message: 'The payment provider could not be reached; try again shortly.',
      };
    }
  }
}

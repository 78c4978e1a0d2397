/**
 * The stand-in's objects, in memory, shaped like Stripe's (only the fields Pagemap reads). Card
 * numbers are never kept: a payment method has a brand and the last four digits.
 */
import { randomBytes } from 'node:crypto';

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const nowS = () => Math.floor(Date.now() / 1000);
const MONTH_S = 30 * 86_400;

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string };
  customer: string;
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'succeeded' | 'requires_action' | 'requires_payment_method';
  customer: string;
  payment_method: string | null;
  usage: 'off_session';
  metadata: Record<string, string>;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'setup' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  customer: string;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  metadata: Record<string, string>;
  /** The price of a subscription checkout. */
  price: string | null;
  setup_intent: string | null;
  subscription: string | null;
  /** Set while the hosted page waits for the card holder's authentication. */
  pending?: { brand: string; last4: string };
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled' | 'unpaid';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  created: number;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      current_period_start: number;
      current_period_end: number;
    }>;
  };
}

export class StandinState {
  readonly customers = new Map<
    string,
    { id: string; object: 'customer'; email: string | null; metadata: Record<string, string> }
  >();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly setupIntents = new Map<string, SetupIntent>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly portalSessions = new Map<
    string,
    { id: string; object: 'billing_portal.session'; customer: string; return_url: string; url: string }
  >();

  paymentMethod(customer: string, brand: string, last4: string): PaymentMethod {
    const pm: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand, last4 },
      customer,
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  subscription(customer: string, price: string, metadata: Record<string, string>): Subscription {
    const start = nowS();
    const sub: Subscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      metadata,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: { id: price, object: 'price' },
            current_period_start: start,
            current_period_end: start + MONTH_S,
          },
        ],
      },
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  /** The paid invoice of a subscription's current period (what `invoice.paid` carries). */
  invoiceFor(sub: Subscription) {
    const item = sub.items.data[0]!;
    return {
      id: newId('in'),
      object: 'invoice' as const,
      customer: sub.customer,
      status: 'paid' as const,
      billing_reason: 'subscription_create',
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: {
        object: 'list' as const,
        data: [
          {
            id: newId('il'),
            object: 'line_item' as const,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { price_details: { price: item.price.id } },
          },
        ],
      },
    };
  }
}

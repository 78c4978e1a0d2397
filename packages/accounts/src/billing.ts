/**
 * An account's subscription as the payment provider reports it through webhooks (docs/billing.md):
 * the customer behind a tenant, which events were already handled (idempotency by event id), the
 * subscription's plan, status and period, a failed payment, and the once-per-account trial.
 * Plan, anchor and `subscription` live in the tenant's hash, which every gateway reads on every
 * request, so a change shows in `/v1/usage` and the `X-Usage-*` headers on the next request.
 */
import type { KeySpace, RedisClient } from '@pagemap/queue';
import type { PlanId } from './plans';
import { APPLY_SUBSCRIPTION_SCRIPT, INVOICE_PAID_SCRIPT, START_TRIAL_SCRIPT } from './billing-scripts';

/** Subscription statuses after which the account is on Free (the provider stopped collecting). */
export const ENDED_STATUSES = ['canceled', 'unpaid', 'incomplete_expired'] as const;
/** Statuses that keep the paid plan: `past_due` while the provider retries a failed payment. */
export const PAYING_STATUSES = ['active', 'trialing', 'past_due'] as const;

export interface SubscriptionChange {
  subscriptionId: string;
  status: string;
  /** The plan of the subscription's price (ignored when the status ended it). */
  plan: PlanId;
  /** Start of the subscription's current period. */
  periodStart: Date;
  /** The event's creation time, seconds: older events than the one applied change nothing. */
  eventCreated: number;
}

export interface SubscriptionState {
  customerId: string | null;
  subscriptionId: string | null;
  status: string | null;
  paymentFailedAt: string | null;
  trialStartedAt: string | null;
}

export type TrialStart = 'started' | 'used' | 'not_free' | 'missing';

/** How long a handled event id is remembered (Stripe retries for up to three days). */
const EVENT_MEMORY_S = 30 * 86_400;
/** A claimed event being processed; released on failure so the provider's retry can run it. */
const EVENT_CLAIM_S = 120;

export class BillingStore {
  private readonly base: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.base = `${keys.dashboard}:billing`;
  }

  async customerOf(tenantId: string): Promise<string | null> {
    return this.redis.hget(this.keys.tenant(tenantId), 'stripe_customer');
  }

  async tenantOfCustomer(customerId: string): Promise<string | null> {
    return this.redis.get(`${this.base}:customer:${customerId}`);
  }

  /** Links a provider customer to a tenant (the lookup first, so a webhook can always find it). */
  async linkCustomer(tenantId: string, customerId: string): Promise<void> {
    await this.redis.set(`${this.base}:customer:${customerId}`, tenantId);
    await this.redis.hset(this.keys.tenant(tenantId), 'stripe_customer', customerId);
  }

  /**
   * Claims an event id for processing. False when it was handled already or is being handled:
   * a retried or replayed delivery then changes nothing.
   */
  async claimEvent(eventId: string): Promise<boolean> {
    const ok = await this.redis.set(`${this.base}:event:${eventId}`, 'claimed', 'EX', EVENT_CLAIM_S, 'NX');
    return ok === 'OK';
  }

  async finishEvent(eventId: string): Promise<void> {
    await this.redis.set(`${this.base}:event:${eventId}`, 'done', 'EX', EVENT_MEMORY_S);
  }

  async releaseEvent(eventId: string): Promise<void> {
    await this.redis.del(`${this.base}:event:${eventId}`);
  }

  /** Applies a subscription's state unless a later event was applied already. */
  async applySubscription(tenantId: string, change: SubscriptionChange): Promise<boolean> {
    const ended = (ENDED_STATUSES as readonly string[]).includes(change.status);
    if (!ended && !(PAYING_STATUSES as readonly string[]).includes(change.status)) return false;
    const applied = await this.redis.eval(
      APPLY_SUBSCRIPTION_SCRIPT,
      1,
      this.keys.tenant(tenantId),
      change.eventCreated,
      change.subscriptionId,
      change.status,
      change.plan,
      change.periodStart.toISOString(),
      ended ? '1' : '0',
      new Date(change.eventCreated * 1000).toISOString(),
    );
    return applied === 1;
  }

  /** A paid invoice: the paid plan's period starts at the invoice's period start. */
  async invoicePaid(tenantId: string, subscriptionId: string, periodStart: Date): Promise<boolean> {
    const moved = await this.redis.eval(
      INVOICE_PAID_SCRIPT,
      1,
      this.keys.tenant(tenantId),
      subscriptionId,
      periodStart.toISOString(),
    );
    return moved === 1;
  }

  /** A failed payment of the current subscription: shown in the billing area until an invoice is paid. */
  async paymentFailed(tenantId: string, subscriptionId: string): Promise<void> {
    const current = await this.redis.hget(this.keys.tenant(tenantId), 'sub_id');
    if (current === subscriptionId)
      await this.redis.hset(this.keys.tenant(tenantId), 'payment_failed_at', this.now().toISOString());
  }

  /** Starts the 14-day Builder trial: once per account, from Free only. */
  async startTrial(tenantId: string): Promise<TrialStart> {
    return (await this.redis.eval(
      START_TRIAL_SCRIPT,
      1,
      this.keys.tenant(tenantId),
      this.now().toISOString(),
    )) as TrialStart;
  }

  async state(tenantId: string): Promise<SubscriptionState> {
    const raw = await this.redis.hgetall(this.keys.tenant(tenantId));
    return {
      customerId: raw.stripe_customer ?? null,
      subscriptionId: raw.sub_id ?? null,
      status: raw.sub_status ?? null,
      paymentFailedAt: raw.payment_failed_at ?? null,
      trialStartedAt: raw.trial_started_at ?? null,
    };
  }
}

/**
 * An in-process dashboard wired to the Stripe stand-in over real HTTP and a real Redis: the
 * dashboard calls the stand-in's API with the `stripe` package, the stand-in's hosted pages take
 * the card and deliver signed webhooks to the dashboard's endpoint. `signed()` makes a webhook
 * delivery the way Stripe does, with the stripe package's own signing helper.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { createLogger } from '@pagemap/runtime';
import { startStripeStandin, type StripeStandin } from '@pagemap/stripe-standin';
import { freePort, startRedis, type RedisHandle } from '@pagemap/test-utils';
import { loadDashboardEnv } from '../src/env';
import { createDashboard, type DashboardApp } from '../src/dashboard';
import { DashboardClient } from './client';
import { PASSWORD, TEST_PRICES, uniqueEmail } from './harness';

export const PRICES = TEST_PRICES;

export interface BillingHarness {
  redis: RedisHandle;
  standin: StripeStandin;
  dash: DashboardApp;
  url: string;
  secret: string;
  stop(): Promise<void>;
}

export async function startBillingHarness(): Promise<BillingHarness> {
  const redis = await startRedis();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  const standin = await startStripeStandin({
    webhookUrl: `${url}/billing/webhook`,
    webhookSecret: secret,
    prices: Object.values(PRICES),
  });
  const dash = createDashboard(
    loadDashboardEnv({
      REDIS_URL: redis.url,
      PAGEMAP_REDIS_PREFIX: redis.prefix,
      PAGEMAP_JWT_SECRET: randomBytes(32).toString('hex'),
      PAGEMAP_DASHBOARD_SESSION_SECRET: randomBytes(32).toString('hex'),
      PAGEMAP_API_URL: 'http://127.0.0.1:9',
      PORT: String(port),
      HOST: '127.0.0.1',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_API_BASE: standin.url,
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_PRICE_BUILDER: PRICES.builder,
      STRIPE_PRICE_SCALE: PRICES.scale,
    }),
    createLogger({ name: 'dashboard', level: 'silent' }),
  );
  await dash.start();
  return {
    redis,
    standin,
    dash,
    url,
    secret,
    stop: async () => {
      await dash.close();
      await standin.close();
      await redis.stop();
    },
  };
}

/** Signs up a new owner through the dashboard; returns its client and tenant id. */
export async function signUpOwner(h: BillingHarness, tag: string) {
  const client = new DashboardClient(h.url);
  const email = uniqueEmail(tag);
  await client.request('POST', '/signup', {
    form: { _csrf: await client.csrf('/signup'), account: `Billing ${tag}`, email, password: PASSWORD },
  });
  // Sign-up answers alike for new and known addresses, so it signs nobody in: sign in next.
  await client.signIn(email, PASSWORD);
  const owner = (await h.dash.services.owners.findByEmail(email))!;
  return { client, owner, tenantId: owner.tenantId };
}

let seq = 0;
/** An event as Stripe sends it, with an id and a creation time (seconds). */
export function event(type: string, object: object, created: number, id = `evt_test_${Date.now()}_${seq++}`) {
  return { id, object: 'event', type, created, livemode: false, api_version: '2026-10-28.endive', data: { object } };
}

/** Delivers an event to the dashboard's webhook endpoint, signed with `secret` (a wrong one to test refusals). */
export async function deliver(h: BillingHarness, evt: object, secret = h.secret, timestamp?: number) {
  const payload = JSON.stringify(evt);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp !== undefined ? { timestamp } : {}),
  });
  const res = await fetch(`${h.url}/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { outcome?: string; error?: string } };
}

/** A subscription object in the API version's shape (period on the item). */
export function subscription(id: string, customer: string, status: string, price: string, periodStartS: number) {
  return {
    id,
    object: 'subscription',
    customer,
    status,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          price: { id: price },
          current_period_start: periodStartS,
          current_period_end: periodStartS + 30 * 86_400,
        },
      ],
    },
  };
}

export function invoice(subscriptionId: string, customer: string, periodStartS: number) {
  return {
    id: `in_${seq++}`,
    object: 'invoice',
    customer,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    lines: { object: 'list', data: [{ period: { start: periodStartS, end: periodStartS + 30 * 86_400 } }] },
  };
}

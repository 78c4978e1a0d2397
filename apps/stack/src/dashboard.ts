/**
 * The dashboard in the embedded default: its URL, the env it and the gateway need to find each
 * other (the docs origin for CORS, the billing area for billing.portal_url), and the dev owner —
 * an account owner of the `dev` tenant seeded from PAGEMAP_DEV_OWNER_EMAIL / _PASSWORD. Without a
 * password a new one is generated and printed on each start (only its hash is kept, like keys).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { AccountStore, OwnerStore } from '@pagemap/accounts';
import { startStripeStandin, type StripeStandin } from '@pagemap/stripe-standin';
import type { KeySpace, RedisClient } from '@pagemap/queue';
import type { StackEnv } from './env';
import type { StackSecrets } from './secrets';
import { DEV_TENANT_ID } from './dev-tenant';

export function dashboardUrl(env: StackEnv): string {
  return `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PAGEMAP_DASHBOARD_PORT}`;
}

/** Env for the dashboard process. Its session secret is derived from the stack's JWT secret (no new file under .data). */
export function dashboardEnv(env: StackEnv, secrets: StackSecrets, apiUrl: string): Record<string, string> {
  return {
    PORT: String(env.PAGEMAP_DASHBOARD_PORT),
    HOST: env.HOST,
    PAGEMAP_API_URL: apiUrl,
    PAGEMAP_DASHBOARD_URL: dashboardUrl(env),
    PAGEMAP_DASHBOARD_SESSION_SECRET: createHmac('sha256', secrets.jwtSecret)
      .update('dashboard-session')
      .digest('base64url'),
  };
}

/** What the gateway needs to know about the dashboard. */
export function gatewayDashboardEnv(env: StackEnv): Record<string, string> {
  return { PAGEMAP_DOCS_ORIGIN: dashboardUrl(env), PAGEMAP_DASHBOARD_URL: dashboardUrl(env) };
}

export async function seedDevOwner(
  redis: RedisClient,
  keys: KeySpace,
  env: StackEnv,
): Promise<{ email: string; password: string; generated: boolean }> {
  const accounts = new AccountStore(redis, keys);
  const owners = new OwnerStore(redis, keys, accounts);
  const email = env.PAGEMAP_DEV_OWNER_EMAIL;
  const generated = env.PAGEMAP_DEV_OWNER_PASSWORD === undefined;
  const password = env.PAGEMAP_DEV_OWNER_PASSWORD ?? randomBytes(12).toString('base64url');
  const existing = await owners.findByEmail(email);
  if (existing && existing.tenantId !== DEV_TENANT_ID)
    throw new Error(
      `${email} already owns tenant ${existing.tenantId}; set PAGEMAP_DEV_OWNER_EMAIL to another address`,
    );
  if (existing) await owners.setPassword(existing.id, password);
  else await owners.createOwner({ email, password, tenantId: DEV_TENANT_ID });
  return { email, password, generated };
}

/** Price ids the stand-in sells (any string works; the dashboard maps them to plans). */
const STANDIN_PRICES = { builder: 'price_standin_builder', scale: 'price_standin_scale' };

/**
 * Without a Stripe key: the local Stripe stand-in (hosted Checkout and Portal on its own port, the
 * API endpoints the dashboard calls, signed webhooks to the dashboard) and the dashboard's env for
 * it. The webhook secret is derived from the stack's JWT secret, like the session secret.
 */
export async function startStandin(
  env: StackEnv,
  secrets: StackSecrets,
): Promise<{ standin: StripeStandin; env: Record<string, string> }> {
  const webhookSecret = `whsec_${createHmac('sha256', secrets.jwtSecret).update('stripe-standin-webhook').digest('hex')}`;
  const standin = await startStripeStandin({
    webhookUrl: `${dashboardUrl(env)}/billing/webhook`,
    webhookSecret,
    prices: Object.values(STANDIN_PRICES),
    host: env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST,
    port: env.PAGEMAP_STRIPE_STANDIN_PORT,
  });
  return {
    standin,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_API_BASE: standin.url,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_BUILDER: STANDIN_PRICES.builder,
      STRIPE_PRICE_SCALE: STANDIN_PRICES.scale,
    },
  };
}

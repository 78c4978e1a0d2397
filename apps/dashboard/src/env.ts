/**
 * The dashboard's configuration: every environment variable it reads, validated once at start-up.
 * No other file reads process.env. docs/configuration.md documents each variable.
 */
import { z } from 'zod';
import { envBool, envInt, parseEnv } from '@pagemap/runtime';
import { REDIS_ENV } from '@pagemap/queue';

/** An optional variable that an empty value leaves unset (compose files pass `${VAR:-}`). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The variables themselves (docs/configuration.md is checked against this shape). */
export const DashboardEnvVars = z.object({
  ...REDIS_ENV,
  PAGEMAP_REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default('pm'),
  /** Same secret as the gateway's: the dashboard mints playground tokens the gateway verifies. */
  PAGEMAP_JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Signs the session cookie; at least 32 characters. */
  PAGEMAP_DASHBOARD_SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  PORT: envInt(8090, 0, 65535),
  /** Loopback unless told: the launcher and the container images set it for what they expose. */
  HOST: z.string().default('127.0.0.1'),
  /**
   * Public URL of the dashboard (what browsers type). Cookies are `Secure` when it is https.
   * Unset: `http://HOST:PORT` (development).
   */
  PAGEMAP_DASHBOARD_URL: z.url().optional(),
  /** Public base URL of the API (shown to owners; the playground calls it from the browser). */
  PAGEMAP_API_URL: z.url(),
  /**
   * Stripe secret key (`sk_live_…` or `sk_test_…`): card checks, plans and the Customer Portal go
   * through Stripe's hosted pages. Unset: the billing area offers no payments (`npm start` sets it
   * to a test key for its local Stripe stand-in).
   */
  STRIPE_SECRET_KEY: optional(z.string()),
  /** Stripe API host override (`http://127.0.0.1:PORT`): the local stand-in of Stripe in test mode. */
  STRIPE_API_BASE: optional(z.url()),
  /** The webhook endpoint's signing secret (`whsec_…`); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: optional(z.string().min(16)),
  /** How old a webhook signature may be, seconds (replay window). */
  STRIPE_WEBHOOK_TOLERANCE_S: envInt(300, 1, 3600),
  /** Stripe price id of the Builder plan (monthly). */
  STRIPE_PRICE_BUILDER: optional(z.string()),
  /** Stripe price id of the Scale plan (monthly). */
  STRIPE_PRICE_SCALE: optional(z.string()),
  /** Failed sign-ins for one email before it is locked. */
  PAGEMAP_DASHBOARD_LOCKOUT_AFTER: envInt(5, 1, 100),
  /** How long a locked email stays locked, seconds. */
  PAGEMAP_DASHBOARD_LOCKOUT_S: envInt(900, 1, 86_400),
  /** Sign-in and sign-up requests per IP per minute. */
  PAGEMAP_DASHBOARD_AUTH_RATE: envInt(30, 1, 10_000),
  /** Session lifetime without activity, seconds. */
  PAGEMAP_DASHBOARD_SESSION_TTL_S: envInt(8 * 3600, 60, 30 * 86_400),
  /**
   * When set, GET /metrics needs `Authorization: Bearer <this>` (a scraper's secret). Unset, it
   * is open to whoever reaches the port: bind HOST to a private interface then.
   */
  PAGEMAP_DASHBOARD_METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** Trust X-Forwarded-* (TLS terminated by a proxy in front). */
  PAGEMAP_TRUST_PROXY: envBool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export const DashboardEnvSchema = DashboardEnvVars.refine(
  (env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET,
  { message: 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set', path: ['STRIPE_WEBHOOK_SECRET'] },
).transform((env) => ({
  ...env,
  publicUrl: new URL(
    env.PAGEMAP_DASHBOARD_URL ?? `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`,
  ),
  apiOrigin: new URL(env.PAGEMAP_API_URL).origin,
  /** Origins of the provider's hosted pages, which the billing forms redirect to (CSP form-action). */
  paymentOrigins: !env.STRIPE_SECRET_KEY
    ? []
    : env.STRIPE_API_BASE
      ? [new URL(env.STRIPE_API_BASE).origin]
      : ['https://checkout.stripe.com', 'https://billing.stripe.com'],
}));

export type DashboardEnv = z.infer<typeof DashboardEnvSchema>;

export function loadDashboardEnv(env: NodeJS.ProcessEnv = process.env): DashboardEnv {
  return parseEnv(DashboardEnvSchema, env);
}

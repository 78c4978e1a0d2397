/**
 * Composition root of a dashboard process: config, logger, Redis, the accounts store (shared with
 * the gateway and the admin CLI), Stripe (when a key is set) and the HTTP app; owns start-up and shutdown.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { AccountStore, BillingStore, LoginAutomationGate, OwnerStore } from '@pagemap/accounts';
import { createRedis, keySpace } from '@pagemap/queue';
import { createLogger, listen, once, runShutdown, type Logger } from '@pagemap/runtime';
import type { DashboardEnv } from './env';
import type { DashboardServices } from './services';
import { StripeBilling, createStripe } from './billing/stripe-provider';
import { SignInLockout } from './http/lockout';
import { createApp } from './app';
import { createDashboardMetrics } from './metrics';

export interface DashboardApp {
  log: Logger;
  services: DashboardServices;
  start(): Promise<{ port: number }>;
  close(): Promise<boolean>;
}

export function createPayments(env: DashboardEnv, billing: BillingStore): StripeBilling | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return new StripeBilling(createStripe(env.STRIPE_SECRET_KEY, env.STRIPE_API_BASE), env, billing);
}

export function createDashboard(
  env: DashboardEnv,
  log: Logger = createLogger({ name: 'dashboard', level: env.LOG_LEVEL }),
): DashboardApp {
  const services = createServices(env, log);
  const { redis } = services;
  const app = createApp(services);
  let server: Server | undefined;

  const close = once(async () => {
    const clean = await runShutdown(
      [
        {
          name: 'close http',
          run: () =>
            new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())).then(
              () => undefined,
              () => undefined,
            ),
        },
        { name: 'close redis', run: () => redis.quit().then(() => undefined) },
      ],
      (step, err) => log.error({ step, err: err instanceof Error ? err.message : String(err) }, 'shutdown step failed'),
    );
    log.info({ clean }, 'dashboard stopped');
    return clean;
  });

  return {
    log,
    services,
    start: async () => {
      server = createServer(app);
      const port = await listen(server, env.HOST, env.PORT, 'PORT');
      log.info(
        { port, payments: services.payments ? (services.payments.testMode ? 'stripe_test' : 'stripe_live') : 'none' },
        'dashboard listening',
      );
      return { port };
    },
    close,
  };
}

/** Redis, the stores (shared with the gateway and the admin CLI), payments and metrics of one dashboard process. */
function createServices(env: DashboardEnv, log: Logger): DashboardServices {
  const keys = keySpace(env.PAGEMAP_REDIS_PREFIX);
  // Offline queue on: the session store and rate limiter issue commands while Redis reconnects.
  const redis = createRedis({ url: env.REDIS_URL, mode: env.PAGEMAP_REDIS_MODE }, 'command', {
    enableOfflineQueue: true,
    maxRetriesPerRequest: 2,
  });
  redis.on('error', () => undefined);
  const accounts = new AccountStore(redis, keys);
  const billing = new BillingStore(redis, keys);
  return {
    env,
    log,
    redis,
    keys,
    accounts,
    owners: new OwnerStore(redis, keys, accounts),
    gate: new LoginAutomationGate(redis, keys, accounts),
    billing,
    payments: createPayments(env, billing),
    lockout: new SignInLockout(
      redis,
      `${keys.dashboard}:signin-fail:`,
      env.PAGEMAP_DASHBOARD_LOCKOUT_AFTER,
      env.PAGEMAP_DASHBOARD_LOCKOUT_S,
    ),
    metrics: createDashboardMetrics(),
    siteDir: join(__dirname, 'site'),
    staticDir: join(__dirname, '..', 'static'),
  };
}

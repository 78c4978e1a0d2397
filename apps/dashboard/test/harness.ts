/**
 * A real stack for the dashboard's tests: Redis, a worker, a gateway that allows CORS from the
 * dashboard's origin, and the dashboard process itself (serving the docs site), all on loopback.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { startStripeStandin, type StripeStandin } from '@pagemap/stripe-standin';
import { freePort, startProcess, startStack, type ProcHandle, type Stack } from '@pagemap/test-utils';

/** Price ids the stand-in sells in the dashboard tests. */
export const TEST_PRICES = { builder: 'price_builder_test', scale: 'price_scale_test' };

export interface DashboardStack {
  stack: Stack;
  dashboard: ProcHandle;
  /** Dashboard origin, http://127.0.0.1:PORT */
  url: string;
  /** The Stripe stand-in the dashboard is wired to (when asked for). */
  standin?: StripeStandin;
  stop(): Promise<void>;
}

export async function startDashboardStack(
  opts: {
    workers?: number;
    gateways?: number;
    workerEnv?: Record<string, string>;
    dashboardEnv?: Record<string, string>;
    /** Wire the dashboard to a Stripe stand-in (hosted pages, API, signed webhooks). */
    stripe?: boolean;
  } = {},
): Promise<DashboardStack> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  const standin = opts.stripe
    ? await startStripeStandin({
        webhookUrl: `${url}/billing/webhook`,
        webhookSecret: secret,
        prices: Object.values(TEST_PRICES),
      })
    : undefined;
  const stripeEnv: Record<string, string> = standin
    ? {
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_API_BASE: standin.url,
        STRIPE_WEBHOOK_SECRET: secret,
        STRIPE_PRICE_BUILDER: TEST_PRICES.builder,
        STRIPE_PRICE_SCALE: TEST_PRICES.scale,
      }
    : {};
  const stack = await startStack({
    workers: opts.workers ?? 1,
    gateways: opts.gateways ?? 1,
    gatewayEnv: { PAGEMAP_DOCS_ORIGIN: url, PAGEMAP_DASHBOARD_URL: url },
    ...(opts.workerEnv ? { workerEnv: opts.workerEnv } : {}),
  });
  let dashboard: ProcHandle;
  try {
    dashboard = await startProcess('dashboard', {
      ...stack.env,
      PORT: String(port),
      PAGEMAP_API_URL: stack.url,
      PAGEMAP_DASHBOARD_SESSION_SECRET: randomBytes(32).toString('base64url'),
      ...stripeEnv,
      ...opts.dashboardEnv,
    });
  } catch (err) {
    await stack.stop();
    await standin?.close();
    throw err;
  }
  return {
    stack,
    dashboard,
    url,
    ...(standin ? { standin } : {}),
    stop: async () => {
      await dashboard.stop(10_000);
      await stack.stop();
      await standin?.close();
    },
  };
}

/** Fills labelled inputs (by id) and submits with the given button, waiting for the next page. */
export async function submitForm(page: Page, fields: Record<string, string>, button: string): Promise<number> {
  for (const [id, value] of Object.entries(fields)) {
    await page.$eval(`#${id}`, (el) => ((el as HTMLInputElement).value = ''));
    await page.type(`#${id}`, value);
  }
  const [res] = await Promise.all([page.waitForNavigation(), page.click(button)]);
  return res?.status() ?? 0;
}

export const uniqueEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.test`;
export const PASSWORD = 'a long enough passphrase';

/**
 * A real stack for the dashboard's tests: Redis, a worker, a gateway that allows CORS from the
 * dashboard's origin, and the dashboard process itself (serving the docs site), all on loopback.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { freePort, startProcess, startStack, type ProcHandle, type Stack } from '@pagemap/test-utils';

export interface DashboardStack {
  stack: Stack;
  dashboard: ProcHandle;
  /** Dashboard origin, http://127.0.0.1:PORT */
  url: string;
  stop(): Promise<void>;
}

export async function startDashboardStack(
  opts: { workers?: number; workerEnv?: Record<string, string>; dashboardEnv?: Record<string, string> } = {},
): Promise<DashboardStack> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const stack = await startStack({
    workers: opts.workers ?? 1,
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
      ...opts.dashboardEnv,
    });
  } catch (err) {
    await stack.stop();
    throw err;
  }
  return {
    stack,
    dashboard,
    url,
    stop: async () => {
      await dashboard.stop(10_000);
      await stack.stop();
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

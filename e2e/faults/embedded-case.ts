/**
 * What the embedded-default fault cases share (issue 26): `npm start` with two workers (one
 * launcher per test file, so files run side by side), four clients opening a page, running a
 * tool and closing through each fault, and the verdict each case ends with.
 */
import {
  accountsOn,
  api,
  startFixtureServer,
  waitFor,
  type FixtureServer,
  type ForeignAccounts,
} from '@pagemap/test-utils';
import { CLIENTS, ClientLoad, HUNG_MS } from './load';
import { startLauncher, type Launcher } from './launcher';
import {
  RETRYABLE,
  expectAllClosed,
  expectBackWithin,
  expectNoSessionLeft,
  expectOnlyRetryable,
  expectUsageExact,
  report,
  servingAgainAt,
} from './verdict';

export interface EmbeddedCase {
  launcher: Launcher;
  site: FixtureServer;
  /** The launcher's Redis, for tenants and faults (`maxmemory`). */
  admin: ForeignAccounts;
}

/** A fixture site and a launcher for one file's cases; stopped after them. */
export function useLauncher(): EmbeddedCase {
  const ctx = {} as EmbeddedCase;
  beforeAll(async () => {
    ctx.site = await startFixtureServer();
    ctx.launcher = await startLauncher({ PAGEMAP_REQUEST_TIMEOUT_MS: '20000' });
    ctx.admin = accountsOn(ctx.launcher.redisPort, 'pm');
  }, 150_000);
  afterAll(async () => {
    ctx.admin?.close();
    await ctx.launcher?.stop();
    await ctx.site?.close();
  }, 60_000);
  return ctx;
}

export interface CaseOptions {
  /** Answers allowed besides the retryable ones (a killed gateway's connections are reset). */
  alsoAllowed?: string[];
  /**
   * A gateway killed mid-request: its requests' answers are lost, though their work may have
   * been done and billed, and a session opened by one is unknown to its client until it idles
   * out (docs/operations.md). Usage is then at least what was served, at most that plus the
   * actions of the lost requests, and sessions are not counted.
   */
  answersLost?: boolean;
}

/**
 * Runs the load around `fault` (which gets the load, and resolves when the fault has ended),
 * then checks the case. Each case has a tenant of its own (the launcher's dev tenant is left alone).
 */
export async function underLoad(
  ctx: EmbeddedCase,
  name: string,
  backWithinMs: number,
  fault: (load: ClientLoad) => Promise<number>,
  opts: CaseOptions = {},
): Promise<void> {
  const { launcher, site } = ctx;
  const key = await ctx.admin.loadTenant('faults');
  const load = new ClientLoad({
    gateways: () => [launcher.base],
    key,
    pages: [site.url('/links.html'), site.url('/article.html')],
    clients: CLIENTS,
    hungMs: HUNG_MS,
  });
  load.start();
  try {
    await waitFor(() => load.okAfter(0) >= CLIENTS * 3 || undefined, 60_000, 'warm-up traffic', 100);
    const startedAt = Date.now();
    const endedAt = await fault(load);
    // Not served again in time fails below, with what the clients were answered and the logs.
    const servedAgain = await waitFor(
      () => load.okAfter(endedAt + backWithinMs) >= CLIENTS * 3 || undefined,
      backWithinMs + 60_000,
      'traffic after the fault',
      100,
    ).then(
      () => true,
      () => false,
    );
    await load.stop();
    report(name, load, { servingAgainMs: servingAgainAt(load, endedAt), faultMs: endedAt - startedAt, servedAgain });
    expectAllClosed(load, launcher.output);
    expectOnlyRetryable(load, [...RETRYABLE, ...(opts.alsoAllowed ?? [])], launcher.output);
    expectBackWithin(load, endedAt, backWithinMs, undefined, launcher.output);
    expect(servedAgain).toBe(true);
    if (!opts.answersLost) {
      await expectUsageExact(() => launcher.base, key, load.served);
      await expectNoSessionLeft(load, launcher.workers, () => launcher.base, key, launcher.output);
      return;
    }
    const lost = load.outcomes.filter((o) => o.status === 'network' && o.what !== 'close').length;
    const used = await usageOf(launcher, key);
    expect(used).toBeGreaterThanOrEqual(load.served);
    expect(used).toBeLessThanOrEqual(load.served + lost);
  } finally {
    await load.stop();
  }
}

export const signal = (pid: number, sig: NodeJS.Signals) => process.kill(pid, sig);

/** A fault's own duration (a pause of 5, 20 or 30 s is the fault itself, not a wait for an event). */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function usageOf(launcher: Launcher, key: string): Promise<number> {
  const res = await waitFor(
    async () => {
      const r = await api(launcher.base, 'GET', '/v1/usage', { key, timeoutMs: HUNG_MS }).catch(() => undefined);
      return r?.status === 200 ? r : undefined;
    },
    15_000,
    'the usage answer',
  );
  return res.body.actions.used as number;
}

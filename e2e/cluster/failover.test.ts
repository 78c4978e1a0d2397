/**
 * A Redis Cluster master killed with SIGKILL under load (issue 17): 3 masters + 3 replicas, two
 * gateways and a worker, steady follow-up and new-session traffic from several clients. The
 * master killed serves both the worker's own queue and the tenant's keys (usage, rate bucket,
 * session slots), so requests in flight lose their results and their refunds at the moment it
 * dies. While its replica takes over every answer is 200 or a clean 503 SERVICE_UNAVAILABLE
 * (never a hang, a 500 or a 502), service is back on its own within 15 s of the cluster being whole
 * again and stays back (watched for 30 s), and /v1/usage ends
 * equal to the actions of the 200s — nothing billed for a 503, nothing lost that was answered.
 */
import { BrowseResponse, ErrorBody, UsageRecord } from '@pagemap/contracts';
import { keySpace } from '@pagemap/queue';
import {
  api,
  startFixtureServer,
  startRedisCluster,
  startStack,
  waitFor,
  type FixtureServer,
  type RedisClusterHandle,
  type Stack,
} from '@pagemap/test-utils';

/** A request not answered in this long counts as hung (the gateways' deadline is 30 s). */
const HUNG_MS = 25_000;
const BACK_WITHIN_MS = 15_000;
const CLIENTS = 6;

let cluster: RedisClusterHandle;
let stack: Stack;
let site: FixtureServer;

beforeAll(async () => {
  site = await startFixtureServer();
  cluster = await startRedisCluster();
  stack = await startStack({
    redis: cluster,
    gateways: 2,
    workers: 1,
    // Heartbeats outlive a failover (node timeout 2 s + election), as docs/operations.md asks of
    // a cluster deployment; the request deadline stays above the hung bound.
    env: { PAGEMAP_HEARTBEAT_MS: '500', PAGEMAP_HEARTBEAT_TTL_MS: '10000' },
    gatewayEnv: { PAGEMAP_REQUEST_TIMEOUT_MS: '30000' },
    workerEnv: { PAGEMAP_MAX_SESSIONS: '16', PAGEMAP_LOG_JOBS: 'false' },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await cluster?.stop();
  await site?.close();
});

interface Outcome {
  startedAt: number;
  ms: number;
  status: number | 'hung' | 'network';
  error?: string;
  /** Actions the answer billed (200s only). */
  actions: number;
}

/** A tenant whose hash tag lands on the master at `port` (ids are tried until one does). */
async function tenantOn(port: number) {
  const keys = keySpace(cluster.prefix);
  for (let i = 0; i < 500; i++) {
    const id = `tn_failover_${i}`;
    if ((await cluster.masterOf(keys.tenant(id))) !== port) continue;
    const tenant = await stack.accounts.createTenant({ id, name: 'failover', plan: 'scale' });
    await stack.accounts.setLimits(tenant.id, { ratePerSecond: 100_000, maxOpenSessions: 64 });
    return { tenant, key: (await stack.accounts.issueKey(tenant.id)).key };
  }
  throw new Error(`no tenant id hashed to the master on port ${port}`);
}

test('kill -9 of a master under load: only 200s and 503s, back within 15 s, usage equals actions served', async () => {
  const worker = stack.workers[0]!;
  const keys = keySpace(cluster.prefix);
  const target = await cluster.masterOf(`${keys.bullPrefix}:${keys.workerQueue(worker.id!)}:meta`);
  const { key } = await tenantOn(target);
  const gateways = stack.gateways.map((g) => g.url);

  const outcomes: Outcome[] = [];
  const call = async (gateway: string, body: Record<string, unknown>): Promise<{ outcome: Outcome; body: any }> => {
    const startedAt = Date.now();
    let outcome: Outcome;
    let parsed: any;
    try {
      const res = await fetch(new URL('/v1/browse', gateway), {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(HUNG_MS),
      });
      parsed = await res.json().catch(() => undefined);
      const actions = res.status === 200 ? (body.url !== undefined ? 1 : 0) + (body.tool !== undefined ? 1 : 0) : 0;
      outcome = {
        startedAt,
        ms: Date.now() - startedAt,
        status: res.status,
        actions,
        ...(res.status !== 200 ? { error: ErrorBody.safeParse(parsed).data?.error ?? String(parsed) } : {}),
      };
    } catch (err) {
      const hung = err instanceof Error && err.name === 'TimeoutError';
      outcome = { startedAt, ms: Date.now() - startedAt, status: hung ? 'hung' : 'network', actions: 0 };
    }
    outcomes.push(outcome);
    return { outcome, body: parsed };
  };

  // Each client keeps one session busy with navigations, and opens a new one when it loses it.
  let stopAt = Number.POSITIVE_INFINITY;
  let killedAt = 0;
  let coveredAt = 0;
  const pages = ['/article.html', '/links.html', '/search.html', '/form.html'];
  const client = async (n: number) => {
    const gateway = gateways[n % gateways.length]!;
    let session: string | undefined;
    for (let i = 0; Date.now() < stopAt; i++) {
      if (!session) {
        const opened = await call(gateway, { url: site.url('/links.html') });
        if (opened.outcome.status === 200) session = BrowseResponse.parse(opened.body).session_id;
        else await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      const r = await call(gateway, {
        session_id: session,
        tool: 'navigate',
        params: { url: site.url(pages[(n + i) % pages.length]!) },
      });
      if (r.outcome.status === 404) session = undefined;
      if (r.outcome.status !== 200) await new Promise((res) => setTimeout(res, 200));
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  try {
    // Steady traffic, then the kill, then until the service has been back for a while.
    await waitFor(() => outcomes.filter((o) => o.status === 200).length >= CLIENTS * 3, 60_000, 'warm-up traffic', 100);
    killedAt = Date.now();
    const { killed, replica } = await cluster.killMasterOf(`${keys.bullPrefix}:${keys.workerQueue(worker.id!)}:meta`);
    expect(killed).toBe(target);
    expect(replica).toBeGreaterThan(0);
    // The bound runs from the cluster being whole again (cluster_state:ok on every node): how long
    // the election takes is Redis's business and, on a loaded machine, varies.
    await cluster.waitCovered(60_000);
    coveredAt = Date.now();
    // The fault took place: the replica now serves the worker queue's slot. Whether a client felt
    // it is the machine's business: a fast failover can let every request through (only 200s).
    // Asked until a node's view shows it: right after cluster_state:ok, the view asked can still
    // have its link to the promoted replica reconnecting (seen once on a quiet machine).
    const servedBy = await waitFor(
      () => cluster.masterOf(`${keys.bullPrefix}:${keys.workerQueue(worker.id!)}:meta`).catch(() => undefined),
      15_000,
      "a live master for the worker queue's slot",
      100,
    );
    expect(servedBy).toBe(replica);
    // Watch well past the bound: a queue consumer used to die some seconds after a failover.
    await waitFor(
      () =>
        (Date.now() > coveredAt + 2 * BACK_WITHIN_MS &&
          outcomes.filter((o) => o.startedAt > coveredAt + BACK_WITHIN_MS && o.status === 200).length >= CLIENTS * 2) ||
        undefined,
      120_000,
      'traffic after the failover',
      100,
    );
  } finally {
    // Also when a step above failed: clients left running would keep jest from ever exiting.
    stopAt = Date.now();
    await Promise.all(clients);
  }

  const after = outcomes.filter((o) => o.startedAt >= killedAt);
  const byStatus: Record<string, number> = {};
  for (const o of outcomes)
    byStatus[`${o.status}${o.error ? ` ${o.error}` : ''}`] =
      (byStatus[`${o.status}${o.error ? ` ${o.error}` : ''}`] ?? 0) + 1;
  const lastFailure = Math.max(0, ...after.filter((o) => o.status !== 200).map((o) => o.startedAt + o.ms - killedAt));
  process.stdout.write(
    `failover: ${outcomes.length} requests, ${JSON.stringify(byStatus)}, last non-200 answered ${lastFailure} ms after the kill\n`,
  );

  // Never hung, never a 500 or 502: 200, or 503 SERVICE_UNAVAILABLE while it fails over.
  expect(outcomes.filter((o) => o.status === 'hung' || o.status === 'network')).toEqual([]);
  for (const o of outcomes) {
    if (o.status === 200) continue;
    expect([o.status, o.error]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  }
  // Back on its own: every request started 15 s after the cluster was whole again was served.
  expect(after.filter((o) => o.startedAt > coveredAt + BACK_WITHIN_MS && o.status !== 200)).toEqual([]);

  // Usage is exact: what the 200s billed, once refunds owed during the failover have landed.
  const served = outcomes.reduce((n, o) => n + o.actions, 0);
  const used = await waitFor(
    async () => {
      const res = await api(gateways[0]!, 'GET', '/v1/usage', { key });
      const u = res.status === 200 ? UsageRecord.parse(res.body).actions.used : -1;
      return u === served ? u : undefined;
    },
    15_000,
    `usage to equal the ${served} actions served`,
    250,
  ).catch(async () => (await api(gateways[0]!, 'GET', '/v1/usage', { key })).body.actions.used as number);
  expect(used).toBe(served);
}, 300_000);

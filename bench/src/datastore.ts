/**
 * Single Redis vs Redis Cluster, same run, same machine (issue 17): the same one-gateway,
 * one-worker stack on each, measured for new-session browse p50 (concurrency 1) and the
 * gateway + queue hop of a follow-up (client latency minus the worker's own job time). Run as
 * part of `npm run bench`, or alone: `node bench/dist/datastore.js` (prints JSON).
 */
import { startDatastore, startFixtureServer, startStack, type FixtureServer } from '@pagemap/test-utils';
import * as svc from './service';
import { summarize, type Stats } from './stats';

type RedisMode = NonNullable<Parameters<typeof startDatastore>[0]>;

export interface DatastoreRow {
  new_session_p50: Stats;
  gateway_and_queue_hop: Stats;
}

export type DatastoreComparison = Partial<Record<RedisMode, DatastoreRow>>;

async function measure(mode: RedisMode, url: string, n: number): Promise<DatastoreRow> {
  const redis = await startDatastore(mode);
  // Room for every session the timed part keeps open (they are closed after it).
  const stack = await startStack({
    redis,
    workers: 1,
    gateways: 1,
    workerEnv: { LOG_LEVEL: 'info', PAGEMAP_MAX_SESSIONS: '80' },
  });
  try {
    const { tenant, apiKey } = await stack.tenant({ plan: 'scale' });
    await stack.accounts.setLimits(tenant.id, { maxOpenSessions: 200 });
    const c = { base: stack.url, key: apiKey };
    for (let i = 0; i < 3; i++) await svc.close(c, await svc.open(c, url)); // warm-up
    const newSession = await svc.newSessionBrowse(c, url, 1, n);
    const hop = await svc.hopOverhead(stack, c, url, n * 2);
    return {
      new_session_p50: newSession,
      gateway_and_queue_hop: summarize(
        hop.hop.filter((v) => !Number.isNaN(v)),
        0,
        1,
      ),
    };
  } finally {
    await stack.stop();
    await redis.stop();
  }
}

/** Both modes, one after the other, on the same fixture page. */
export async function compareDatastores(site: FixtureServer, quick: boolean): Promise<DatastoreComparison> {
  const url = site.url('/form.html');
  const n = quick ? 8 : 25;
  return { standalone: await measure('standalone', url, n), cluster: await measure('cluster', url, n) };
}

if (require.main === module) {
  void (async () => {
    const site = await startFixtureServer();
    try {
      process.stdout.write(
        `${JSON.stringify(await compareDatastores(site, process.env.BENCH_QUICK === '1'), null, 2)}\n`,
      );
    } finally {
      await site.close();
    }
  })().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}

/**
 * Ownership and routing across processes: two workers and two gateways on one Redis. New
 * sessions go to whichever worker has room (never past its maximum); every follow-up is served
 * by the worker that opened the session — asserted from the workers' own logs, not the directory.
 */
import { api, startFixtureServer, startStack, waitFor, type FixtureServer, type Stack } from '@pagemap/test-utils';
import { browse, chromiumPids, metric, processTree, waitGone, gatewaysReady, waitServedBy } from './helpers';

const PER_WORKER = 10;

let stack: Stack;
let site: FixtureServer;
let key: string;

beforeAll(async () => {
  site = await startFixtureServer();
  stack = await startStack({
    workers: 2,
    gateways: 2,
    workerEnv: { PAGEMAP_MAX_SESSIONS: String(PER_WORKER) },
    gatewayEnv: { PAGEMAP_PICKUP_TIMEOUT_MS: '8000' },
  });
  ({ apiKey: key } = await stack.tenant({ plan: 'scale' }));
  await gatewaysReady(stack);
}, 60_000);

afterAll(async () => {
  const pids = stack ? stack.workers.flatMap((w) => chromiumPids(w)).flatMap((p) => processTree(p)) : [];
  await stack?.stop();
  await site?.close();
  await waitGone(pids);
});

const gw = (i: number) => stack.gateways[i % stack.gateways.length]!.url;

test('20 sessions spread over both workers; every follow-up is served by the opener; capacity is never exceeded', async () => {
  const [a, b] = stack.workers as [(typeof stack.workers)[0], (typeof stack.workers)[0]];
  const opened = await Promise.all(
    Array.from({ length: 2 * PER_WORKER }, (_, i) =>
      browse(gw(i), key, { url: site.url(i % 2 ? '/links.html' : '/article.html') }),
    ),
  );
  for (const r of opened) expect(r.status).toBe(200);
  const ids = opened.map((r) => r.body.session_id as string);
  expect(new Set(ids).size).toBe(ids.length);

  const openers = new Map(
    await Promise.all(ids.map(async (id) => [id, await waitServedBy(stack.workers, id, 1)] as const)),
  );
  for (const [, s] of openers) expect(s).toHaveLength(1);
  const count = (w: string) => [...openers.values()].filter((s) => s[0] === w).length;
  // Both full, neither past its maximum: the shared queue was consumed only with free capacity.
  expect(count(a.id!)).toBe(PER_WORKER);
  expect(count(b.id!)).toBe(PER_WORKER);

  // Two rounds of follow-ups, all at once, each session through both gateways.
  for (let round = 0; round < 2; round++) {
    const res = await Promise.all(
      ids.map((id, i) =>
        browse(gw(i + round), key, {
          session_id: id,
          tool: 'follow_link',
          params: { link: site.url('/index.html') },
        }).then((r) => ({ id, r })),
      ),
    );
    for (const { r } of res) expect(r.status).toBe(200);
  }
  for (const id of ids) {
    const served = await waitServedBy(stack.workers, id, 3);
    expect(served).toHaveLength(3);
    expect(new Set(served).size).toBe(1); // opener served every follow-up
  }
  expect(await metric(a, 'pagemap_worker_open_sessions')).toBe(PER_WORKER);
  expect(await metric(b, 'pagemap_worker_open_sessions')).toBe(PER_WORKER);

  // Everyone is full: a new session is refused cleanly once no worker picks it up in time.
  const refused = await browse(gw(0), key, { url: site.url('/') });
  expect(refused.status).toBe(503);
  expect(refused.body.error).toBe('NO_CAPACITY');

  // Free one slot on worker A: the next new session lands there (A resumed the shared queue).
  const onA = ids.find((id) => openers.get(id)![0] === a.id)!;
  expect((await api(gw(1), 'DELETE', `/v1/session/${onA}`, { key })).status).toBe(200);
  const next = await browse(gw(1), key, { url: site.url('/') });
  expect(next.status).toBe(200);
  expect(await waitServedBy(stack.workers, next.body.session_id, 1)).toEqual([a.id]);
  // And the refused job was withdrawn, not left to be served later.
  await waitFor(
    async () => ((await metric(a, 'pagemap_worker_open_sessions')) === PER_WORKER ? true : undefined),
    5_000,
    'A to be full again',
  );
  expect(await metric(b, 'pagemap_worker_open_sessions')).toBe(PER_WORKER);
}, 120_000);

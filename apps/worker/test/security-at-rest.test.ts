/**
 * Nothing a page showed is kept at rest — through the whole stack, on a Redis that persists
 * (append-only file, fsync always) like a production one.
 *
 * A tenant signs in, reads its account page (with page content and a screenshot), opens a URL
 * carrying a `?token=` and navigates its signed-in session to another one. Then every Redis key
 * of every type, the append-only file, a fresh RDB snapshot, every line the gateway and worker
 * logged (at trace) and their /metrics are searched: none of the page's text, the tokens or the
 * screenshot's bytes are found. The responses did carry them, so the search is not vacuous.
 */
import { randomBytes } from 'node:crypto';
import {
  api,
  FIXTURE_USERS,
  startFixtureServer,
  startRedis,
  startStack,
  type FixtureServer,
  type RedisHandle,
  type Stack,
} from '@pagemap/test-utils';
import { dumpRedis, persistedFiles, spellings } from './at-rest-scan';
import { gatewaysReady } from './helpers';

let redis: RedisHandle;
let stack: Stack;
let site: FixtureServer;
const BALANCE = `BAL-${randomBytes(8).toString('hex')}`;
const TOKEN = `TOK-${randomBytes(8).toString('hex')}`;
const SIGNED_IN_TOKEN = `TOKS-${randomBytes(8).toString('hex')}`;
const responses: string[] = [];

beforeAll(async () => {
  site = await startFixtureServer();
  // The account page of this run: a balance no other run shows (the default one is generic).
  site.route('GET', '/account', (req, res) => {
    const signedIn = /(?:^|; )sid=alice/.test(req.headers.cookie ?? '');
    res.writeHead(signedIn ? 200 : 302, { 'content-type': 'text/html; charset=utf-8', location: '/login.html' });
    res.end(
      `<!doctype html><title>Your account</title><main><h1>Welcome back, alice</h1><p>Your account balance is ${BALANCE} and your next statement is due on Friday.</p></main>`,
    );
  });
  redis = await startRedis({ persist: true });
  stack = await startStack({ redis, env: { LOG_LEVEL: 'trace', PAGEMAP_OUTBOUND_ALLOW: '127.0.0.1/32' } });
  await gatewaysReady(stack);
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await redis?.stop();
  await site?.close();
});

async function browse(key: string, body: Record<string, unknown>) {
  const res = await api(stack.url, 'POST', '/v1/browse', { key, body });
  responses.push(JSON.stringify(res.body));
  expect([res.status, res.body?.error]).toEqual([200, undefined]);
  return res.body;
}

test('after a login, page content, screenshots and URL tokens, Redis, its files and the logs hold none of them', async () => {
  const { apiKey } = await stack.tenant({ plan: 'scale', loginAutomation: true });
  const login = await browse(apiKey, { url: site.url('/login.html') });
  const tool = (login.tools as Array<{ name: string }>).find((t) => /login|sign/i.test(t.name))!.name;
  const signedIn = await browse(apiKey, {
    session_id: login.session_id,
    tool,
    params: { username: 'alice', password: FIXTURE_USERS.alice },
    include_page_content: true,
    screenshot: true,
  });
  expect(signedIn.page_content).toContain(BALANCE);
  const shots = [signedIn.screenshot.data as string];
  const moved = await browse(apiKey, {
    session_id: login.session_id,
    tool: 'navigate',
    params: { url: site.url(`/account?token=${SIGNED_IN_TOKEN}`) },
    screenshot: { format: 'png' },
  });
  expect(moved.url).toContain(SIGNED_IN_TOKEN);
  shots.push(moved.screenshot.data as string);
  const anonymous = await browse(apiKey, { url: site.url(`/article.html?token=${TOKEN}`) });
  expect(anonymous.url).toContain(TOKEN);
  for (const id of [login.session_id, anonymous.session_id])
    expect((await api(stack.url, 'DELETE', `/v1/session/${id}`, { key: apiKey })).status).toBe(200);

  const metrics = await Promise.all([...stack.gateways, ...stack.workers].map((p) => fetch(`${p.url}/metrics`)));
  const files = await persistedFiles(redis.client);
  const places = {
    redis: (await dumpRedis(redis.client)).join('\n'),
    aof: files.aof,
    rdb: files.rdb,
    gatewayLogs: stack.gateways.map((g) => g.output()).join('\n'),
    workerLogs: stack.workers.map((w) => w.output()).join('\n'),
    metrics: (await Promise.all(metrics.map((m) => m.text()))).join('\n'),
  };
  // The places did record the work, so an empty search cannot pass by accident.
  expect(places.aof).toContain('returnvalue'); // job results were written (sealed)
  expect(places.rdb.length).toBeGreaterThan(100);
  expect(places.workerLogs.length).toBeGreaterThan(1000);
  expect(responses.join('\n')).toContain(BALANCE);

  // A screenshot is looked for by three slices of its base64 (a sealed copy would not match).
  const shotSlices = shots.flatMap((s) =>
    [0.25, 0.5, 0.75].map((f) => s.slice(Math.floor(s.length * f), Math.floor(s.length * f) + 48)),
  );
  const secrets = [...[BALANCE, TOKEN, SIGNED_IN_TOKEN].flatMap(spellings), 'Welcome back, alice', ...shotSlices];
  const found = Object.entries(places).flatMap(([where, text]) =>
    secrets.filter((s) => text.includes(s)).map((s) => `${where}: ${s}`),
  );
  expect(found).toEqual([]);
}, 90_000);

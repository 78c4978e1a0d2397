/**
 * The README's start command as a newcomer runs it: the launcher starts its own Redis, a gateway
 * and a worker, prints a key and a curl; the printed request returns a page map of a loopback
 * fixture page; Ctrl-C (SIGINT) stops everything it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BrowseResponse } from '@pagemap/contracts';
import { alive, childEnv, freePort, waitFor } from '@pagemap/test-utils';

const MAIN = resolve(__dirname, '..', 'dist', 'main.js');
let launcher: ChildProcess;
let out = '';
let dataDir: string;
let redisPort: number;
let workerPort: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pagemap-stack-'));
  const [port, dashboardPort] = [await freePort(), await freePort()];
  redisPort = await freePort();
  // Not the default 9101: a port of this run's own, so another stack on the machine cannot hold it.
  workerPort = await freePort();
  launcher = spawn(process.execPath, [MAIN], {
    env: childEnv({
      PORT: String(port),
      PAGEMAP_REDIS_PORT: String(redisPort),
      PAGEMAP_DATA_DIR: dataDir,
      PAGEMAP_OUTBOUND_ALLOW: 'loopback',
      PAGEMAP_DASHBOARD_PORT: String(dashboardPort),
      PAGEMAP_WORKER_BASE_PORT: String(workerPort),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  launcher.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  await waitFor(
    () => out.includes('Ctrl-C stops everything') || launcher.exitCode !== null,
    90_000,
    'the launcher to print its banner',
  );
}, 100_000);

afterAll(async () => {
  // A test that failed before its Ctrl-C: stop the launcher the same way, so it stops its children
  // (SIGKILL alone would leave them running, holding the ports other runs need).
  if (launcher.exitCode === null) {
    const exited = new Promise((r) => launcher.once('exit', r));
    launcher.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000).unref())]);
    if (launcher.exitCode === null) launcher.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('the printed curl returns a page map, and Ctrl-C stops everything', async () => {
  const key = /Bearer (pm_[A-Za-z0-9_-]{32})/.exec(out)?.[1];
  const endpoint = /curl -s (http:\/\/127\.0\.0\.1:\d+\/v1\/browse)/.exec(out)?.[1];
  const body = /-d '(\{.*\})'/.exec(out)?.[1];
  expect({ key: !!key, endpoint: !!endpoint, body: !!body, out: out.slice(-2000) }).toEqual({
    key: true,
    endpoint: true,
    body: true,
    out: expect.any(String),
  });

  const res = await fetch(endpoint!, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body!,
  });
  expect(res.status).toBe(200);
  const map = BrowseResponse.parse(await res.json());
  expect(map.title).toBe('Sign in — Fixture Shop');
  expect(map.tools.length).toBeGreaterThan(0);

  // The dashboard, printed beside the API, answers its sign-in page; the dev owner's generated password is printed.
  const dashboard = /dashboard and docs at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  expect(dashboard).toBeDefined();
  expect(/dashboard sign-in: dev@pagemap\.localhost \/ \S{12,} \(generated/.test(out)).toBe(true);
  expect((await fetch(`${dashboard}/signin`)).status).toBe(200);
  expect((await fetch(`${dashboard}/docs/playground.html`)).status).toBe(200);
  // Without a Stripe key: the local Stripe stand-in runs on its own origin and the dashboard's
  // webhook endpoint is live (an unsigned delivery is refused).
  const standin = /local Stripe stand-in at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  expect(standin).toBeDefined();
  expect((await fetch(`${standin}/v1/customers/cus_none`)).status).toBe(404);
  const unsigned = await fetch(`${dashboard}/billing/webhook`, { method: 'POST', body: '{}' });
  expect(unsigned.status).toBe(400);

  // Loopback is allowed for the demo site, never for the stack itself: its gateway, dashboard,
  // Redis and worker ports are refused as browse targets (docs/security.md).
  const own = [
    endpoint!.replace('/v1/browse', '/health?deep=true'),
    `${dashboard}/metrics`,
    `http://127.0.0.1:${redisPort}/`,
    `http://127.0.0.1:${workerPort}/metrics`,
  ];
  for (const url of own) {
    const refused = await fetch(endpoint!, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    expect({ url, status: refused.status, error: ((await refused.json()) as { error?: string }).error }).toEqual({
      url,
      status: 403,
      error: 'TARGET_NOT_ALLOWED',
    });
  }

  // The processes the launcher started: redis-server, worker, gateway, dashboard.
  const pids = [...out.matchAll(/started [\w -]+ \(pid (\d+)\)/g)].map((m) => Number(m[1]));
  expect(pids.length).toBe(4);
  for (const pid of pids) expect(alive(pid)).toBe(true);
  const exited = new Promise<number | null>((r) => launcher.once('exit', (code) => r(code)));
  launcher.kill('SIGINT');
  expect(await exited).toBe(0);
  expect(out).toContain('stopped');
  for (const pid of pids) expect(alive(pid)).toBe(false);
}, 120_000);

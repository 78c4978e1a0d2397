/**
 * PAGEMAP_OUTBOUND_ALLOW=loopback (how the service is tried locally) lets pages reach loopback
 * sites, never the service itself — through the whole stack, two workers.
 *
 * Every own port is browsed as a top-level target: the gateway (a fixed port, declared in
 * PAGEMAP_OUTBOUND_DENY_PORTS as the launcher does), both workers' /metrics and egress proxies
 * (one learnt by each worker itself, the other from the fleet's heartbeats), Redis (from
 * REDIS_URL), and stand-ins for the dashboard and the MCP server (declared). Each answers
 * 403 TARGET_NOT_ALLOWED; a tool navigation to one fails with NOT_ALLOWED; a page's own fetch to
 * one never arrives. A loopback fixture site still opens.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  api,
  freePort,
  startFixtureServer,
  startStack,
  waitFor,
  type FixtureServer,
  type Stack,
} from '@pagemap/test-utils';
import { gatewaysReady } from './helpers';

let stack: Stack;
let site: FixtureServer;
let key: string;
/** Stand-ins for the dashboard and the MCP server: they count every request that reaches them. */
const standIns: Array<{ server: Server; port: number; hits: number }> = [];

async function standIn() {
  const entry = { server: createServer(), port: 0, hits: 0 };
  entry.server.on('request', (_req, res) => {
    entry.hits += 1;
    res.end('reached');
  });
  await new Promise<void>((resolve) => entry.server.listen(0, '127.0.0.1', resolve));
  entry.port = (entry.server.address() as AddressInfo).port;
  standIns.push(entry);
  return entry;
}

/** A worker's egress-proxy port, from its 'egress proxy listening' line. */
function proxyPort(i: number): number {
  return Number(stack.workers[i]!.logs().find((l) => l.msg === 'egress proxy listening')!.port);
}

beforeAll(async () => {
  site = await startFixtureServer();
  const [dashboard, mcp] = [await standIn(), await standIn()];
  const gatewayPort = await freePort();
  stack = await startStack({
    workers: 2,
    gateways: 1,
    env: { PAGEMAP_OUTBOUND_ALLOW: 'loopback' },
    gatewayEnv: { PORT: String(gatewayPort) },
    workerEnv: { PAGEMAP_OUTBOUND_DENY_PORTS: [gatewayPort, dashboard!.port, mcp!.port].join(',') },
  });
  key = (await stack.tenant({ plan: 'scale' })).apiKey;
  await gatewaysReady(stack);
  // Each worker has read the other's ports from the fleet's heartbeats.
  for (const [i, w] of stack.workers.entries()) {
    const other = stack.workers[1 - i]!;
    const otherPort = Number(new URL(other.url).port);
    await waitFor(
      () =>
        w.logs().some((l) => l.msg === 'fleet ports learnt' && (l.ports as number[]).includes(otherPort))
          ? true
          : undefined,
      15_000,
      `worker ${i} to learn the other worker's ports`,
      50,
    );
  }
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
  for (const s of standIns) await new Promise((r) => s.server.close(r));
});

test("each of the stack's own ports is refused as a browse target with TARGET_NOT_ALLOWED", async () => {
  const targets = {
    gateway: `${stack.url}/health?deep=true`,
    worker0Metrics: `${stack.workers[0]!.url}/metrics`,
    worker1Metrics: `${stack.workers[1]!.url}/metrics`,
    worker0Proxy: `http://127.0.0.1:${proxyPort(0)}/`,
    worker1Proxy: `http://127.0.0.1:${proxyPort(1)}/`,
    redis: `http://127.0.0.1:${new URL(stack.redis.url).port}/`,
    dashboard: `http://127.0.0.1:${standIns[0]!.port}/metrics`,
    mcp: `http://localhost:${standIns[1]!.port}/mcp`,
    otherLoopbackAddress: `http://127.0.0.2:${standIns[0]!.port}/`,
  };
  // Several opens per target: they spread over both workers, so each refuses both workers' ports.
  for (const [name, url] of Object.entries(targets))
    for (let n = 0; n < 3; n++) {
      const res = await api(stack.url, 'POST', '/v1/browse', { key, body: { url } });
      expect({ name, status: res.status, error: res.body.error }).toEqual({
        name,
        status: 403,
        error: 'TARGET_NOT_ALLOWED',
      });
    }
  expect(standIns.map((s) => s.hits)).toEqual([0, 0]);
}, 90_000);

test('a loopback site still opens; tools and page scripts cannot reach an own port from it', async () => {
  const mcp = standIns[1]!.port;
  site.route('GET', '/own-port-probe', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Probe</title><main><p>A page that reaches for the service's own ports.</p><link rel="stylesheet" href="http://127.0.0.1:${mcp}/style.css"><script>fetch('http://localhost:${mcp}/mcp', { method: 'POST', mode: 'no-cors', body: '{}' }).catch(() => {});</script></main>`,
    );
  });
  const opened = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/own-port-probe') } });
  expect(opened.status).toBe(200);
  // The page's own attempts were refused by the egress proxy (logged with host and port).
  const refusedToPage = () =>
    stack.workers.flatMap((w) => w.logs()).filter((l) => l.msg === 'egress refused' && l.port === mcp).length;
  await waitFor(() => (refusedToPage() >= 2 ? true : undefined), 15_000, 'both in-page attempts to be refused', 50);

  const nav = await api(stack.url, 'POST', '/v1/browse', {
    key,
    body: { session_id: opened.body.session_id, tool: 'navigate', params: { url: `${stack.url}/health` } },
  });
  expect(nav.status).toBe(200);
  expect(nav.body.results[0]).toMatchObject({ success: false });
  expect(nav.body.title).toBe('Probe');
  expect(standIns.map((s) => s.hits)).toEqual([0, 0]);
}, 60_000);

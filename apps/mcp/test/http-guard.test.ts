/**
 * The HTTP transport's front door, against the real server on loopback: Host and Origin checks
 * (DNS rebinding), a browser page never borrowing the server's key, 401 with WWW-Authenticate,
 * and what `initialize` / `tools/list` announce. No gateway is needed: nothing here reaches
 * a Pagemap call (the base URL points at a closed port).
 */
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createLogger } from '@pagemap/runtime';
import { hostnameOf } from '../src/guard';
import { startHttpServer, WWW_AUTHENTICATE } from '../src/http';

type Http = Awaited<ReturnType<typeof startHttpServer>>;
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'guard-test', version: '0' } },
};

/** node:http, not fetch: fetch may not set `Host`, and a rebinding attack is all about that header. */
function post(http: Http, headers: Record<string, string>, body: unknown = INITIALIZE): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: http.port,
        path: '/mcp',
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const log = createLogger({ name: 'mcp-guard-test', level: 'silent' });
const start = (extra: { apiKey?: string; allowedHosts?: string[]; allowedOrigins?: string[] } = {}) =>
  startHttpServer({ host: '127.0.0.1', port: 0, baseUrl: 'http://127.0.0.1:9', timeoutMs: 5_000, log, ...extra });

let withKey: Http;
let keyless: Http;
let listed: Http;

beforeAll(async () => {
  withKey = await start({ apiKey: 'pm_server_own_key' });
  keyless = await start();
  listed = await start({
    apiKey: 'pm_server_own_key',
    allowedHosts: ['MCP.internal.example:443'],
    allowedOrigins: ['https://app.example/'],
  });
});

afterAll(async () => {
  await Promise.all([withKey?.close(), keyless?.close(), listed?.close()]);
});

test('host names are compared without port and case', () => {
  expect(hostnameOf('LOCALHOST:8765')).toBe('localhost');
  expect(hostnameOf('[::1]:8765')).toBe('[::1]');
  expect(hostnameOf('127.0.0.1')).toBe('127.0.0.1');
});

test('a rebound Host is refused; loopback names and the allow-list pass', async () => {
  const evil = await post(withKey, { host: `evil.example:${withKey.port}` });
  expect(evil.status).toBe(403);
  expect(evil.body.error.message).toContain('PAGEMAP_MCP_ALLOWED_HOSTS');
  for (const host of [`localhost:${withKey.port}`, `127.0.0.1:${withKey.port}`, `[::1]:${withKey.port}`]) {
    expect([host, (await post(withKey, { host })).status]).toEqual([host, 200]);
  }
  expect((await post(withKey, { host: `mcp.internal.example:${withKey.port}` })).status).toBe(403);
  expect((await post(listed, { host: 'mcp.internal.example' })).status).toBe(200);
  expect((await post(listed, { host: 'other.internal.example' })).status).toBe(403);
});

test('a foreign Origin is refused; loopback origins and the allow-list pass', async () => {
  const own = { authorization: 'Bearer pm_caller_key' };
  for (const origin of ['http://evil.example', 'null', 'http://localhost.evil.example']) {
    const res = await post(withKey, { ...own, origin });
    expect([origin, res.status]).toEqual([origin, 403]);
    expect(res.body.error.message).toContain('PAGEMAP_MCP_ALLOWED_ORIGINS');
  }
  expect((await post(withKey, { ...own, origin: 'http://localhost:3000' })).status).toBe(200);
  expect((await post(withKey, { ...own, origin: 'https://127.0.0.1' })).status).toBe(200);
  expect((await post(withKey, { ...own, origin: 'https://app.example' })).status).toBe(403);
  expect((await post(listed, { ...own, origin: 'https://app.example' })).status).toBe(200);
  expect((await post(listed, { ...own, origin: 'https://app.example:8443' })).status).toBe(403);
});

test("a browser page without a key of its own gets 401, not the server's key", async () => {
  const page = await post(withKey, { origin: 'http://localhost:3000' });
  expect(page.status).toBe(401);
  expect(page.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
  expect(page.body.error.message).toContain('browser page must bring its own key');
  // The same request from a local agent (no Origin) runs on the server's key.
  const agent = await post(withKey, {});
  expect(agent.status).toBe(200);
  expect(agent.body.result.serverInfo.name).toBe('pagemap');
});

test('no key anywhere: 401 with WWW-Authenticate', async () => {
  const res = await post(keyless, {});
  expect(res.status).toBe(401);
  expect(res.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
  expect(res.body.error.message).toContain('no key of its own');
});

test('initialize announces a fixed tool list; every tool declares an output schema', async () => {
  const init = await post(withKey, {});
  expect(init.body.result.capabilities.tools).toEqual({ listChanged: false });

  const client = new Client({ name: 'guard-test', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(withKey.url)));
  try {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(4);
    for (const t of tools) expect([t.name, t.outputSchema?.type]).toEqual([t.name, 'object']);
    const browse = tools.find((t) => t.name === 'browse')!;
    const props = browse.outputSchema!.properties as Record<string, { properties?: object }>;
    expect(Object.keys(props)).toEqual(expect.arrayContaining(['session_id', 'expires_at', 'tools', 'usage']));
    expect(Object.keys(props.usage!.properties!)).toEqual(['action_count', 'action_limit', 'period_start']);
  } finally {
    await client.close();
  }
});

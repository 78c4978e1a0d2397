/**
 * Secrets never at rest, and tenants cannot see each other's sessions — through the whole stack.
 *
 * A login with a unique password (and a rejected one with another unique password) runs through
 * gateway → BullMQ → worker → Chromium, with both processes logging at trace. Then every Redis
 * key and value of every type, every line either process wrote, their /metrics, and every HTTP
 * response of the test are searched: neither password appears anywhere (nor in base64/hex).
 */
import { createHash, randomBytes } from 'node:crypto';
import { api, startFixtureServer, startStack, type FixtureServer, type Stack } from '@pagemap/test-utils';
import { dumpRedis, spellings } from './at-rest-scan';

let stack: Stack;
let site: FixtureServer;
const GOOD = `pw-good-${randomBytes(12).toString('hex')}`;
const BAD = `pw-bad-${randomBytes(12).toString('hex')}`;
/** Everything any HTTP answer of this file carried: status lines, headers and bodies. */
const transcript: string[] = [];
/** Passwords the fixture site received: proof that they did flow through the stack. */
const received: string[] = [];

async function call(method: string, path: string, opts: Parameters<typeof api>[3] = {}) {
  const res = await api(stack.url, method, path, opts);
  transcript.push(
    `${res.status} ${JSON.stringify(Object.fromEntries(res.headers.entries()))} ${typeof res.body === 'string' ? res.body : JSON.stringify(res.body)}`,
  );
  return res;
}

beforeAll(async () => {
  site = await startFixtureServer();
  // A login that accepts only this run's unique password (the default fixture user's is public).
  site.route('POST', '/login', (_req, res, _url, body) => {
    const form = new URLSearchParams(body);
    received.push(form.get('password') ?? '');
    if (form.get('username') === 'alice' && form.get('password') === GOOD) {
      res.writeHead(302, { location: '/account', 'set-cookie': 'sid=alice; Path=/; HttpOnly' });
      res.end();
      return;
    }
    res.writeHead(401, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><title>Sign in</title><main><p role="alert">Invalid username or password.</p><form method="post" action="/login"><label>Username <input name="username"></label><label>Password <input type="password" name="password"></label><button type="submit">Sign in</button></form></main>',
    );
  });
  stack = await startStack({
    workers: 1,
    gateways: 1,
    env: { LOG_LEVEL: 'trace', PAGEMAP_OUTBOUND_ALLOW: '127.0.0.1/32' },
  });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

/** The login tool of a page map: the tool with a password parameter. */
function loginTool(tools: Array<{ name: string; params?: Array<{ name: string; type: string }> }>): {
  name: string;
  user: string;
  pass: string;
} {
  for (const t of tools) {
    const pass = t.params?.find((p) => p.type === 'password');
    const user = t.params?.find((p) => p.type !== 'password');
    if (pass && user) return { name: t.name, user: user.name, pass: pass.name };
  }
  throw new Error(`no login tool among ${JSON.stringify(tools)}`);
}

test('a login through the whole stack leaves its passwords nowhere: Redis, logs, metrics, responses', async () => {
  const { apiKey } = await stack.tenant({ plan: 'scale', loginAutomation: true });
  const opened = await call('POST', '/v1/browse', { key: apiKey, body: { url: site.url('/login.html') } });
  expect([opened.status, opened.body]).toEqual([200, expect.anything()]);
  const tool = loginTool(opened.body.tools);
  const id = opened.body.session_id as string;

  const rejected = await call('POST', '/v1/browse', {
    key: apiKey,
    body: { session_id: id, tool: tool.name, params: { [tool.user]: 'alice', [tool.pass]: BAD } },
  });
  expect(rejected.status).toBe(200);
  expect(rejected.body.results[0].success).toBe(false);

  const fresh = await call('POST', '/v1/browse', { key: apiKey, body: { url: site.url('/login.html') } });
  const signedIn = await call('POST', '/v1/browse', {
    key: apiKey,
    body: { session_id: fresh.body.session_id, tool: tool.name, params: { [tool.user]: 'alice', [tool.pass]: GOOD } },
  });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.results[0]).toMatchObject({ success: true });
  expect(signedIn.body.title).toBe('Your account');
  // Invalid params echo nothing back either.
  await call('POST', '/v1/browse', {
    key: apiKey,
    body: { session_id: fresh.body.session_id, tool: 'no_such_tool', params: { password: GOOD } },
  });
  await call('POST', '/v1/browse', {
    key: apiKey,
    body: { session_id: 'x'.repeat(24), tool: tool.name, params: { [tool.pass]: GOOD } },
  });
  await call('GET', '/v1/usage', { key: apiKey });
  for (const s of [id, fresh.body.session_id]) await call('DELETE', `/v1/session/${s}`, { key: apiKey });

  const metrics: string[] = [];
  for (const p of [...stack.gateways, ...stack.workers]) {
    const res = await fetch(`${p.url}/metrics`);
    metrics.push(await res.text());
  }
  const places = {
    redis: (await dumpRedis(stack.redis.client)).join('\n'),
    gatewayLogs: stack.gateways.map((g) => g.output()).join('\n'),
    workerLogs: stack.workers.map((w) => w.output()).join('\n'),
    metrics: metrics.join('\n'),
    responses: transcript.join('\n'),
  };
  expect(received).toEqual(expect.arrayContaining([BAD, GOOD]));
  // The logs did record the work (at trace), so an empty search would not pass by accident.
  expect(places.workerLogs.length).toBeGreaterThan(1000);
  expect(places.redis.length).toBeGreaterThan(100);
  for (const secret of [GOOD, BAD]) {
    for (const spelling of spellings(secret)) {
      for (const [where, text] of Object.entries(places))
        expect({ where, found: text.includes(spelling) }).toEqual({ where, found: false });
    }
  }
});

test('API keys exist in Redis only as hashes', async () => {
  const { apiKey } = await stack.tenant();
  expect((await call('GET', '/v1/usage', { key: apiKey })).status).toBe(200);
  const dump = (await dumpRedis(stack.redis.client)).join('\n');
  expect(dump).not.toContain(apiKey);
  expect(dump).not.toContain(apiKey.slice(3)); // the random part without the pm_ prefix
  // Stored under its SHA-256 hash (packages/accounts hashApiKey).
  expect(dump).toContain(createHash('sha256').update(apiKey).digest('hex'));
});

test('a session id of tenant A used by tenant B answers exactly like an unknown id', async () => {
  const a = await stack.tenant({ plan: 'scale' });
  const b = await stack.tenant({ plan: 'scale' });
  const opened = await call('POST', '/v1/browse', { key: a.apiKey, body: { url: site.url('/article.html') } });
  expect(opened.status).toBe(200);
  const id = opened.body.session_id as string;
  const unknown = randomBytes(18).toString('base64url');
  expect(unknown.length).toBe(id.length);

  const raw = async (method: string, path: string, key: string, body?: unknown) => {
    const res = await fetch(new URL(path, stack.url), {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, text: await res.text() };
  };
  const crossBrowse = await raw('POST', '/v1/browse', b.apiKey, { session_id: id });
  const unknownBrowse = await raw('POST', '/v1/browse', b.apiKey, { session_id: unknown });
  expect(crossBrowse.status).toBe(404);
  expect(crossBrowse).toEqual(unknownBrowse);
  const crossTool = await raw('POST', '/v1/browse', b.apiKey, {
    session_id: id,
    tool: 'navigate',
    params: { url: site.url('/') },
  });
  const unknownTool = await raw('POST', '/v1/browse', b.apiKey, {
    session_id: unknown,
    tool: 'navigate',
    params: { url: site.url('/') },
  });
  expect(crossTool.status).toBe(404);
  expect(crossTool).toEqual(unknownTool);
  const crossDelete = await raw('DELETE', `/v1/session/${id}`, b.apiKey);
  const unknownDelete = await raw('DELETE', `/v1/session/${unknown}`, b.apiKey);
  expect(crossDelete.status).toBe(404);
  expect(crossDelete).toEqual(unknownDelete);
  expect(JSON.parse(crossDelete.text).error).toBe('SESSION_NOT_FOUND');

  // Tenant A's session is untouched by B's attempts.
  const still = await call('POST', '/v1/browse', { key: a.apiKey, body: { session_id: id } });
  expect(still.status).toBe(200);
  expect(still.body.title).toBe('How Lighthouses Work');
  expect((await call('DELETE', `/v1/session/${id}`, { key: a.apiKey })).status).toBe(200);
});

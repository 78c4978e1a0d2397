/**
 * Every kind of bad request, table-driven, against a real gateway process on a real Redis:
 * status, stable code, and the contract's error body `{error, message}` — never a stack trace.
 * Then the per-tenant rate limit, and a Redis outage (503 fast, /health?deep=true says so).
 * No worker is needed: every request here is refused before any browser work.
 */
import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ERROR_CODES, ErrorBody, LIMITS } from '@pagemap/contracts';
import { mintPlaygroundToken } from '@pagemap/accounts';
import { api, startStack, type Stack } from '@pagemap/test-utils';

let stack: Stack;
let key: string;
let tenantId: string;

beforeAll(async () => {
  stack = await startStack({ workers: 0, gateways: 1 });
  const t = await stack.tenant({ plan: 'builder' });
  key = t.apiKey;
  tenantId = t.tenant.id;
  // This file sends many requests at once for one tenant: lift its rate limit (tested below).
  await stack.accounts.setLimits(tenantId, { ratePerSecond: 100_000 });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const SESSION = 'A'.repeat(24);
const OK_URL = 'https://example.com/';

interface Case {
  name: string;
  method?: string;
  path?: string;
  /** Raw body (string) or JSON (anything else). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Authorization header; 'key' means the tenant's valid key; null means none. */
  auth?: string | null;
  status: number;
  code: keyof typeof ERROR_CODES;
}

function forgedJwt(): string {
  return jwt.sign({ scope: 'playground' }, 'not-the-secret-not-the-secret-not-the-secret', {
    algorithm: 'HS256',
    subject: 'tn_x',
    audience: 'pagemap-playground',
    issuer: 'pagemap',
    expiresIn: 900,
  });
}

function b64(v: unknown): string {
  return Buffer.from(JSON.stringify(v)).toString('base64url');
}

const CASES: Case[] = [
  // Credentials
  { name: 'no Authorization header', body: { url: OK_URL }, auth: null, status: 401, code: 'UNAUTHORIZED' },
  {
    name: 'Basic instead of Bearer',
    body: { url: OK_URL },
    auth: 'Basic dXNlcjpwYXNz',
    status: 401,
    code: 'UNAUTHORIZED',
  },
  { name: 'Bearer with no credential', body: { url: OK_URL }, auth: 'Bearer ', status: 401, code: 'UNAUTHORIZED' },
  {
    name: 'Bearer with two credentials',
    body: { url: OK_URL },
    auth: 'Bearer pm_a pm_b',
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    name: 'a key of the wrong shape',
    body: { url: OK_URL },
    auth: 'Bearer pm_short',
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    name: 'an unknown key of the right shape',
    body: { url: OK_URL },
    auth: `Bearer pm_${randomBytes(24).toString('base64url')}`,
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    name: 'a token signed with another secret',
    body: { url: OK_URL },
    auth: `Bearer ${forgedJwt()}`,
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    name: 'a JWT-shaped garbage token',
    body: { url: OK_URL },
    auth: 'Bearer aaaa.bbbb.cccc',
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    name: 'an unsigned (alg none) token',
    body: { url: OK_URL },
    auth: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ scope: 'playground', sub: 'x', aud: 'pagemap-playground', iss: 'pagemap', exp: 9999999999 })}.`,
    status: 401,
    code: 'UNAUTHORIZED',
  },
  // Body encoding
  { name: 'malformed JSON', body: '{"url": ', status: 400, code: 'INVALID_JSON' },
  { name: 'JSON null', body: 'null', status: 400, code: 'INVALID_JSON' },
  { name: 'a bare JSON string', body: '"https://example.com/"', status: 400, code: 'INVALID_JSON' },
  { name: 'a JSON array', body: '[]', status: 400, code: 'INVALID_REQUEST' },
  {
    name: 'text/plain content type',
    body: '{"url":"https://example.com/"}',
    headers: { 'content-type': 'text/plain' },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'form content type',
    body: 'url=https%3A%2F%2Fexample.com',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'an unsupported charset',
    body: '{"url":"https://example.com/"}',
    headers: { 'content-type': 'application/json; charset=latin1' },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'a UTF-16 charset (docs/errors.md: only UTF-8 JSON)',
    body: '{"url":"https://example.com/"}',
    headers: { 'content-type': 'application/json; charset=utf-16' },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'a quoted UTF-16LE charset',
    body: '{"url":"https://example.com/"}',
    headers: { 'content-type': 'application/json; charset="UTF-16LE"' },
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'an oversized body',
    body: { url: OK_URL, tool: 'search', params: { query: 'x'.repeat(LIMITS.maxBodyBytes + 10) } },
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  // url / session_id
  { name: 'neither url nor session_id', body: {}, status: 400, code: 'INVALID_REQUEST' },
  {
    name: 'an empty body',
    body: '',
    headers: { 'content-type': 'application/json' },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  { name: 'both url and session_id', body: { url: OK_URL, session_id: SESSION }, status: 400, code: 'INVALID_REQUEST' },
  { name: 'an ftp: URL', body: { url: 'ftp://example.com/file' }, status: 400, code: 'INVALID_REQUEST' },
  { name: 'a file: URL', body: { url: 'file:///etc/passwd' }, status: 400, code: 'INVALID_REQUEST' },
  { name: 'a javascript: URL', body: { url: 'javascript:alert(1)' }, status: 400, code: 'INVALID_REQUEST' },
  { name: 'a data: URL', body: { url: 'data:text/html,<h1>x</h1>' }, status: 400, code: 'INVALID_REQUEST' },
  { name: 'a relative URL', body: { url: '/login' }, status: 400, code: 'INVALID_REQUEST' },
  { name: 'a URL that is a number', body: { url: 42 }, status: 400, code: 'INVALID_REQUEST' },
  { name: 'an empty URL', body: { url: '' }, status: 400, code: 'INVALID_REQUEST' },
  {
    name: 'a URL longer than the limit',
    body: { url: `https://example.com/${'a'.repeat(LIMITS.maxUrlLength)}` },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  {
    name: 'a session_id with bad characters',
    body: { session_id: `${'A'.repeat(22)}$%` },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  { name: 'a session_id too short', body: { session_id: 'abc' }, status: 400, code: 'INVALID_REQUEST' },
  {
    name: 'a session_id that is an object',
    body: { session_id: { id: SESSION } },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  // tool / tools / params
  {
    name: 'both tool and tools',
    body: { session_id: SESSION, tool: 'a', tools: [{ tool: 'b' }] },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  {
    name: 'params without tool',
    body: { session_id: SESSION, params: { q: 'x' } },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  {
    name: 'params an array',
    body: { session_id: SESSION, tool: 'search', params: ['x'] },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  {
    name: 'params a string',
    body: { session_id: SESSION, tool: 'search', params: 'query=x' },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  {
    name: 'a param value that is an object',
    body: { session_id: SESSION, tool: 'search', params: { query: { nested: true } } },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  { name: 'tool an empty string', body: { session_id: SESSION, tool: '' }, status: 400, code: 'INVALID_REQUEST' },
  { name: 'tool a number', body: { session_id: SESSION, tool: 7 }, status: 400, code: 'INVALID_REQUEST' },
  { name: 'tools empty', body: { session_id: SESSION, tools: [] }, status: 400, code: 'INVALID_REQUEST' },
  {
    name: 'tools longer than the batch bound',
    body: { session_id: SESSION, tools: Array.from({ length: LIMITS.maxBatchTools + 1 }, () => ({ tool: 'x' })) },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  {
    name: 'tools an object',
    body: { session_id: SESSION, tools: { tool: 'x' } },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  {
    name: 'a tools element that is a string',
    body: { session_id: SESSION, tools: ['search'] },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  {
    name: 'a tools element with an unknown field',
    body: { session_id: SESSION, tools: [{ tool: 'search', args: {} }] },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  {
    name: 'an unknown top-level field',
    body: { url: OK_URL, callback: 'https://evil.example/' },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  {
    name: 'include_page_content a string',
    body: { url: OK_URL, include_page_content: 'yes' },
    status: 400,
    code: 'INVALID_REQUEST',
  },
  // Routes and methods
  { name: 'an unknown route', method: 'GET', path: '/v1/nothing-here', status: 404, code: 'NOT_FOUND' },
  {
    name: 'a route without the version prefix',
    path: '/browse',
    body: { url: OK_URL },
    status: 404,
    code: 'NOT_FOUND',
  },
  { name: 'a future version', path: '/v2/browse', body: { url: OK_URL }, status: 404, code: 'NOT_FOUND' },
  { name: 'GET on the browse endpoint', method: 'GET', path: '/v1/browse', status: 405, code: 'METHOD_NOT_ALLOWED' },
  { name: 'PUT on usage', method: 'PUT', path: '/v1/usage', body: {}, status: 405, code: 'METHOD_NOT_ALLOWED' },
  {
    name: 'POST on health',
    method: 'POST',
    path: '/health',
    body: {},
    auth: null,
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
  },
  { name: 'GET on a session', method: 'GET', path: `/v1/session/${SESSION}`, status: 405, code: 'METHOD_NOT_ALLOWED' },
  {
    name: 'DELETE of an unknown session',
    method: 'DELETE',
    path: `/v1/session/${SESSION}`,
    status: 404,
    code: 'SESSION_NOT_FOUND',
  },
  {
    name: 'DELETE of a malformed session id',
    method: 'DELETE',
    path: '/v1/session/not*an*id',
    status: 404,
    code: 'SESSION_NOT_FOUND',
  },
  {
    name: 'a path with broken percent-encoding',
    method: 'DELETE',
    path: '/v1/session/%E0%A4%A',
    status: 400,
    code: 'INVALID_REQUEST',
  },
  {
    name: 'minting a token with an unknown field',
    path: '/v1/playground/tokens',
    body: { scope: 'full' },
    status: 400,
    code: 'INVALID_REQUEST',
  },
];

test(`the table has at least 30 kinds of bad request (${CASES.length})`, () => {
  expect(CASES.length).toBeGreaterThanOrEqual(30);
  expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
});

test.each(CASES)('$name → $status $code', async (c) => {
  const method = c.method ?? 'POST';
  const headers: Record<string, string> = { ...c.headers };
  const auth = c.auth === undefined ? `Bearer ${key}` : c.auth;
  if (auth !== null) headers.authorization = auth;
  let body: string | undefined;
  if (c.body !== undefined) {
    body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(new URL(c.path ?? '/v1/browse', stack.url), {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  expect({ status: res.status, text }).toMatchObject({ status: c.status });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const parsed = JSON.parse(text) as unknown;
  // Exactly the contract's shape: two string members, nothing else.
  expect(Object.keys(parsed as object).sort()).toEqual(['error', 'message']);
  const err = ErrorBody.parse(parsed);
  expect(err.error).toBe(c.code);
  expect(ERROR_CODES[c.code].status).toBe(c.status);
  expect(err.message.length).toBeGreaterThan(0);
  // Nothing internal: no stack frames, file paths or library names.
  expect(text).not.toMatch(/\bat .+:\d+:\d+|\/work\/|node_modules|\.ts:\d|\.js:\d|ZodError|SyntaxError|TypeError/);
  if (c.status === 405) expect(res.headers.get('allow')).toBeTruthy();
  // Usage headers on every authenticated response, refusals included.
  if (
    auth === `Bearer ${key}` &&
    c.status !== 404 &&
    c.status !== 405 &&
    c.status !== 400 &&
    c.status !== 413 &&
    c.status !== 415
  ) {
    expect(res.headers.get('x-usage-action-limit')).toBeTruthy();
  }
});

test('authenticated refusals carry the X-Usage-* headers', async () => {
  const res = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: 'ftp://example.com/' } });
  expect(res.status).toBe(400);
  expect(res.headers.get('x-usage-action-count')).toBe('0');
  expect(res.headers.get('x-usage-action-limit')).toBe('50000');
  expect(Number.isNaN(Date.parse(res.headers.get('x-usage-period-start') ?? ''))).toBe(false);
});

test('an expired playground token is refused with 401', async () => {
  const { token } = mintPlaygroundToken(stack.env.PAGEMAP_JWT_SECRET!, tenantId, new Date(Date.now() - 16 * 60_000));
  const res = await api(stack.url, 'POST', '/v1/browse', { key: token, body: { url: OK_URL } });
  expect(res.status).toBe(401);
  expect(ErrorBody.parse(res.body).error).toBe('UNAUTHORIZED');
});

test('the per-tenant rate limit answers 429 RATE_LIMITED with Retry-After', async () => {
  const { tenant, apiKey } = await stack.tenant({ plan: 'free' });
  await stack.accounts.setLimits(tenant.id, { ratePerSecond: 1 });
  const results = await Promise.all(
    Array.from({ length: 8 }, () => api(stack.url, 'GET', '/v1/usage', { key: apiKey })),
  );
  const limited = results.filter((r) => r.status === 429);
  const served = results.filter((r) => r.status === 200);
  expect(limited.length + served.length).toBe(8);
  expect(limited.length).toBeGreaterThan(0);
  expect(served.length).toBeGreaterThan(0);
  for (const r of limited) {
    expect(ErrorBody.parse(r.body).error).toBe('RATE_LIMITED');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(r.headers.get('x-usage-action-limit')).toBe('1000');
  }
  // Other tenants are not affected.
  expect((await api(stack.url, 'GET', '/v1/usage', { key })).status).toBe(200);
});

describe('Redis outage', () => {
  test('requests answer 503 SERVICE_UNAVAILABLE at once and /health?deep=true reports the datastore', async () => {
    await stack.redis.stop();
    // A bound on the wait, so a hang fails the test instead of the suite.
    const timeout = () => AbortSignal.timeout(10_000);
    for (const [method, path, body] of [
      ['POST', '/v1/browse', { url: OK_URL }],
      ['GET', '/v1/usage', undefined],
    ] as const) {
      const res = await fetch(new URL(path, stack.url), {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: timeout(),
      });
      expect(res.status).toBe(503);
      expect(ErrorBody.parse(await res.json()).error).toBe('SERVICE_UNAVAILABLE');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const health = await fetch(new URL('/health?deep=true', stack.url), { signal: timeout() });
    expect(health.status).toBe(503);
    const record = (await health.json()) as { status: string; checks: Record<string, string> };
    expect(record.status).toBe('fail');
    expect(record.checks.datastore).toBe('fail');
    // The shallow probe is about this process only: still up.
    const shallow = await fetch(new URL('/health', stack.url), { signal: timeout() });
    expect(shallow.status).toBe(200);
  });
});

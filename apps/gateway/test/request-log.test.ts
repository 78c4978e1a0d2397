/**
 * What an operator can search: one gateway log line per request (method, route pattern, status,
 * error code, duration, tenant id, request id — never the raw path, query or body), no key twice
 * in a line, and errors raised before routing (a bad JSON body) counted under the route they were
 * sent to, not `unmatched`.
 */
import { api, startStack, waitFor, type LogLine, type Stack } from '@pagemap/test-utils';

let stack: Stack;
let key: string;
let tenantId: string;

beforeAll(async () => {
  stack = await startStack({ workers: 0, gateways: 1 });
  const t = await stack.tenant({ plan: 'builder' });
  key = t.apiKey;
  tenantId = t.tenant.id;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const requestLines = (): LogLine[] => stack.gateways[0]!.logs().filter((l) => l.msg === 'request');
const lineOf = (requestId: string) =>
  waitFor(() => requestLines().find((l) => l.requestId === requestId), 5_000, `the log line of ${requestId}`);

test('one line per request with method, route, status, code, duration, tenant and request id', async () => {
  const ok = await api(stack.url, 'GET', '/v1/usage?secret-query=1', {
    key,
    headers: { 'x-request-id': 'req-usage-1' },
  });
  expect(ok.status).toBe(200);
  const badJson = await api(stack.url, 'POST', '/v1/browse', {
    key,
    body: '{"url": "https://example.com/private?token=abc"',
    headers: { 'x-request-id': 'req-badjson-1' },
  });
  expect(badJson.status).toBe(400);
  const noKey = await api(stack.url, 'DELETE', `/v1/session/${'B'.repeat(24)}`, {
    headers: { 'x-request-id': 'req-nokey-1' },
  });
  expect(noKey.status).toBe(401);
  const unknown = await api(stack.url, 'GET', '/v1/nothing-here', { headers: { 'x-request-id': 'req-unknown-1' } });
  expect(unknown.status).toBe(404);

  expect(await lineOf('req-usage-1')).toMatchObject({
    level: 'info',
    method: 'GET',
    route: '/v1/usage',
    status: 200,
    tenantId,
    ms: expect.any(Number),
  });
  expect((await lineOf('req-usage-1')).code).toBeUndefined();
  expect(await lineOf('req-badjson-1')).toMatchObject({
    method: 'POST',
    route: '/v1/browse',
    status: 400,
    code: 'INVALID_JSON',
  });
  expect(await lineOf('req-nokey-1')).toMatchObject({
    method: 'DELETE',
    route: '/v1/session/:id',
    status: 401,
    code: 'UNAUTHORIZED',
  });
  expect(await lineOf('req-unknown-1')).toMatchObject({
    method: 'GET',
    route: 'unmatched',
    status: 404,
    code: 'NOT_FOUND',
  });
  for (const id of ['req-usage-1', 'req-badjson-1', 'req-nokey-1', 'req-unknown-1'])
    expect(requestLines().filter((l) => l.requestId === id)).toHaveLength(1);

  const out = stack.gateways[0]!.output();
  for (const secret of ['secret-query', 'token=abc', '/private', 'B'.repeat(24), key])
    expect(out).not.toContain(secret);
});

test('no JSON key appears twice in a log line', async () => {
  await api(stack.url, 'GET', '/v1/usage', { key });
  const raw = stack.gateways[0]!.output()
    .split('\n')
    .filter((l) => l.startsWith('{'));
  expect(raw.length).toBeGreaterThan(3);
  for (const line of raw) {
    for (const k of Object.keys(JSON.parse(line) as object))
      expect([k, line.split(`"${k}":`).length - 1]).toEqual([k, 1]);
  }
});

test('an error before routing is counted under its route, an unknown path under `unmatched`', async () => {
  const bad = await api(stack.url, 'POST', '/v1/browse', { key, body: '{not json' });
  expect(bad.body.error).toBe('INVALID_JSON');
  const text = (await api(stack.url, 'GET', '/metrics')).body as string;
  const series = (route: string, method: string, status: number) =>
    new RegExp(
      `^pagemap_http_requests_total\\{route="${route}",method="${method}",status="${status}"[^}]*\\} [1-9]`,
      'm',
    );
  expect(text).toMatch(series('/v1/browse', 'POST', 400));
  expect(text).not.toMatch(series('unmatched', 'POST', 400));
  expect(text).toMatch(series('unmatched', 'GET', 404));
});

/**
 * The first page end to end: HTTP → gateway process → BullMQ on a real Redis → worker process →
 * real Chromium → a loopback fixture page, and back. Runs on a single Redis and, in the cluster
 * suite (PAGEMAP_TEST_REDIS_MODE=cluster, e2e/jest.cluster.config.js), on a Redis Cluster.
 */
import { BrowseResponse, HealthRecord, ErrorBody } from '@pagemap/contracts';
import { api, startFixtureServer, startStack, type FixtureServer, type Stack } from '@pagemap/test-utils';

let stack: Stack;
let site: FixtureServer;

/**
 * A key of a tenant of the calling test's own: its usage counts only that test's requests, and its
 * request rate is one no test's quick run of requests can reach (a shared free-plan tenant's
 * 5/s bucket answered 429 to whichever test came last on a fast machine).
 */
async function ownKey(): Promise<string> {
  return (await stack.tenant({ limits: { ratePerSecond: 1000 } })).apiKey;
}

beforeAll(async () => {
  site = await startFixtureServer();
  stack = await startStack({ workers: 1, gateways: 1 });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

test('POST /v1/browse opens a fixture page and answers its page map', async () => {
  const key = await ownKey();
  const res = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/article.html') } });
  expect(res.status).toBe(200);
  const body = BrowseResponse.parse(res.body);
  expect(body.title).toBe('How Lighthouses Work');
  expect(body.url).toBe(site.url('/article.html'));
  expect(body.session_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  const expires = Date.parse(body.expires_at);
  expect(expires).toBeGreaterThan(Date.now());
  expect(expires).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 5_000);
  expect(body.summary.length).toBeGreaterThan(0);
  expect(body.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['navigate', 'follow_link']));
  expect(res.headers.get('x-cache')).toMatch(/^(HIT|MISS)$/);
  expect(res.headers.get('x-usage-action-count')).toBe('1');
  expect(Number(res.headers.get('x-usage-action-limit'))).toBeGreaterThan(0);
  expect(Number.isNaN(Date.parse(res.headers.get('x-usage-period-start') ?? ''))).toBe(false);
  expect(site.hits('/article.html')).toBeGreaterThanOrEqual(1);
  expect((await api(stack.url, 'DELETE', `/v1/session/${body.session_id}`, { key })).status).toBe(200);
});

test('a follow-up on the session runs on its page, and DELETE closes it', async () => {
  const key = await ownKey();
  const opened = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/links.html') } });
  expect(opened.status).toBe(200);
  const id = opened.body.session_id as string;

  const again = await api(stack.url, 'POST', '/v1/browse', { key, body: { session_id: id } });
  expect(again.status).toBe(200);
  expect(again.body.session_id).toBe(id);
  expect(again.body.title).toBe('A Page of Links');

  const closed = await api(stack.url, 'DELETE', `/v1/session/${id}`, { key });
  expect(closed.status).toBe(200);
  expect(closed.body).toEqual({ status: 'closed' });

  const gone = await api(stack.url, 'DELETE', `/v1/session/${id}`, { key });
  expect(gone.status).toBe(404);
  expect(ErrorBody.parse(gone.body).error).toBe('SESSION_NOT_FOUND');
  const resumed = await api(stack.url, 'POST', '/v1/browse', { key, body: { session_id: id } });
  expect(resumed.status).toBe(404);
});

test("another tenant's session id answers 404 for browse and DELETE, bills it nothing, and leaves the session alone", async () => {
  const key = await ownKey();
  const other = await ownKey();
  const opened = await api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/article.html') } });
  expect(opened.status).toBe(200);
  const id = opened.body.session_id as string;

  const resumed = await api(stack.url, 'POST', '/v1/browse', { key: other, body: { session_id: id } });
  expect(resumed.status).toBe(404);
  expect(ErrorBody.parse(resumed.body).error).toBe('SESSION_NOT_FOUND');
  const deleted = await api(stack.url, 'DELETE', `/v1/session/${id}`, { key: other });
  expect(deleted.status).toBe(404);
  expect(ErrorBody.parse(deleted.body).error).toBe('SESSION_NOT_FOUND');
  expect((await api(stack.url, 'GET', '/v1/usage', { key: other })).body.actions.used).toBe(0);

  const mine = await api(stack.url, 'POST', '/v1/browse', { key, body: { session_id: id } });
  expect(mine.status).toBe(200);
  expect(mine.body.title).toBe('How Lighthouses Work');
  expect((await api(stack.url, 'DELETE', `/v1/session/${id}`, { key })).status).toBe(200);
});

test('GET /health answers the contract shape, and deep checks see the worker', async () => {
  const shallow = await api(stack.url, 'GET', '/health');
  expect(shallow.status).toBe(200);
  expect(HealthRecord.parse(shallow.body).status).toBe('ok');
  const deep = await api(stack.url, 'GET', '/health?deep=true');
  expect(deep.status).toBe(200);
  expect(HealthRecord.parse(deep.body).checks).toEqual({ browser: 'ok', model: 'ok', datastore: 'ok' });
});

test('a request without a key is refused with the contract error shape', async () => {
  const res = await api(stack.url, 'POST', '/v1/browse', { body: { url: site.url('/') } });
  expect(res.status).toBe(401);
  expect(ErrorBody.parse(res.body).error).toBe('UNAUTHORIZED');
});

/**
 * Accounts, metering and scopes across replicas: two real gateway processes and one worker on one
 * real Redis. Exact usage under 200 concurrent requests, the billing rules (docs/billing.md),
 * revocation through the admin CLI seen by the other replica, playground-token scope, the
 * open-session cap, and the metrics that record all of it.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { BillingStanding, BrowseResponse, ErrorBody, UsageRecord } from '@pagemap/contracts';
import { mintPlaygroundToken } from '@pagemap/accounts';
import { api, REPO_ROOT, startFixtureServer, startStack, type FixtureServer, type Stack } from '@pagemap/test-utils';

let stack: Stack;
let site: FixtureServer;
let g1: string;
let g2: string;

beforeAll(async () => {
  site = await startFixtureServer();
  stack = await startStack({
    gateways: 2,
    workers: 1,
    // The concurrency test queues ~150 navigations on a few sessions: give them time on 2 cores.
    gatewayEnv: { PAGEMAP_REQUEST_TIMEOUT_MS: '120000' },
    workerEnv: { PAGEMAP_MAX_SESSIONS: '12', PAGEMAP_LOG_JOBS: 'false' },
  });
  [g1, g2] = stack.gateways.map((g) => g.url) as [string, string];
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

function admin(...args: string[]): Promise<{ code: number; json: any; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(REPO_ROOT, 'apps', 'admin', 'dist', 'main.js'), ...args],
      {
        env: {
          PATH: process.env.PATH ?? '',
          REDIS_URL: stack.env.REDIS_URL!,
          PAGEMAP_REDIS_MODE: stack.env.PAGEMAP_REDIS_MODE!,
          PAGEMAP_REDIS_PREFIX: stack.env.PAGEMAP_REDIS_PREFIX!,
          PAGEMAP_JWT_SECRET: stack.env.PAGEMAP_JWT_SECRET!,
        },
        timeout: 20_000,
      },
      (err, stdout, stderr) => {
        let json: unknown;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        resolve({ code: err ? 1 : 0, json, stderr });
      },
    );
  });
}

const count = (res: { headers: Headers }) => Number(res.headers.get('x-usage-action-count'));

test('two gateways, 200 concurrent single-action requests, limit 150: exactly 150 served, 50 refused, usage says 150', async () => {
  const { tenant, apiKey: key } = await stack.tenant({ plan: 'free' });
  // The rate limit is lifted and the session cap raised so only the action limit decides.
  await stack.accounts.setLimits(tenant.id, { ratePerSecond: 100_000, maxOpenSessions: 12 });
  // Open the sessions the requests will run on while on Free (billed to Free's calendar month) …
  const SESSIONS = 6;
  const sessions: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const r = await api(i % 2 ? g2 : g1, 'POST', '/v1/browse', { key, body: { url: site.url('/links.html') } });
    expect(r.status).toBe(200);
    sessions.push(r.body.session_id as string);
  }
  // … then upgrade: a paid plan anchored now starts a fresh billing period at 0 actions, with
  // the action limit overridden to 150.
  await stack.accounts.setPlan(tenant.id, 'builder', new Date());
  await stack.accounts.setLimits(tenant.id, { actionLimit: 150 });
  const before = await api(g1, 'GET', '/v1/usage', { key });
  expect(before.body.actions).toEqual({ used: 0, limit: 150 });

  // 200 requests at once, alternating between the replicas; each runs one tool (a navigation).
  const targets = ['/article.html', '/search.html', '/links.html', '/form.html'];
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      api(i % 2 ? g2 : g1, 'POST', '/v1/browse', {
        key,
        body: {
          session_id: sessions[i % SESSIONS],
          tool: 'navigate',
          params: { url: site.url(targets[i % targets.length]!) },
        },
      }),
    ),
  );
  // For the report only (no assertion on time).
  process.stdout.write(
    `200 concurrent requests on ${SESSIONS} sessions: ${Math.round(performance.now() - started)} ms\n`,
  );
  const byStatus = new Map<number, number>();
  for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  expect(Object.fromEntries(byStatus)).toEqual({ 200: 150, 429: 50 });
  for (const r of results) {
    if (r.status === 200) {
      const body = BrowseResponse.parse(r.body);
      expect(body.results).toHaveLength(1);
      expect(body.results![0]!.success).toBe(true);
    } else {
      expect(ErrorBody.parse(r.body).error).toBe('USAGE_LIMIT_EXCEEDED');
      expect(r.headers.get('x-usage-action-limit')).toBe('150');
    }
    expect(count(r)).toBeLessThanOrEqual(150);
  }
  // Both replicas answered, and both report the same exact count.
  for (const g of [g1, g2]) {
    const usage = await api(g, 'GET', '/v1/usage', { key });
    expect(usage.status).toBe(200);
    expect(UsageRecord.parse(usage.body).actions).toEqual({ used: 150, limit: 150 });
    expect(usage.body.period.basis).toBe('billing_anniversary');
  }
  // At the limit, even a request that needs no worker work beyond the page is refused before any work.
  const hits = site.hits('/index.html');
  const refused = await api(g2, 'POST', '/v1/browse', { key, body: { url: site.url('/index.html') } });
  expect(refused.status).toBe(429);
  expect(site.hits('/index.html')).toBe(hits);
  await Promise.all(sessions.map((id) => api(g1, 'DELETE', `/v1/session/${id}`, { key })));
}, 240_000);

test('billing rule: a page is one action, a tool run is one; unknown tools, cut batches and blocked sites are not billed', async () => {
  const { apiKey: key } = await stack.tenant({ plan: 'builder' });
  const opened = await api(g1, 'POST', '/v1/browse', { key, body: { url: site.url('/links.html') } });
  expect(opened.status).toBe(200);
  expect(count(opened)).toBe(1);
  const id = opened.body.session_id as string;

  // An unknown tool did not run: not billed.
  const unknown = await api(g2, 'POST', '/v1/browse', { key, body: { session_id: id, tool: 'no_such_tool' } });
  expect(unknown.status).toBe(200);
  expect(unknown.body.results[0]).toMatchObject({ success: false, error: { code: 'UNKNOWN_TOOL' } });
  expect(count(unknown)).toBe(1);

  // Resuming without a tool observes the page again: not a page opened, not billed.
  const observe = await api(g1, 'POST', '/v1/browse', { key, body: { session_id: id } });
  expect(observe.status).toBe(200);
  expect(count(observe)).toBe(1);

  // A batch cut short by a navigation: the navigating tool is billed, the one after it is not.
  const batch = await api(g2, 'POST', '/v1/browse', {
    key,
    body: {
      session_id: id,
      tools: [
        { tool: 'navigate', params: { url: site.url('/article.html') } },
        { tool: 'navigate', params: { url: site.url('/search.html') } },
      ],
    },
  });
  expect(batch.status).toBe(200);
  expect(batch.body.stopped_reason).toBe('navigation');
  expect(batch.body.results).toHaveLength(1);
  expect(count(batch)).toBe(2);

  // A site that answers with a bot challenge: 502 SITE_BLOCKED, nothing billed.
  const blocked = await api(g1, 'POST', '/v1/browse', { key, body: { url: site.url('/challenge-cloudflare.html') } });
  expect(blocked.status).toBe(502);
  expect(ErrorBody.parse(blocked.body).error).toBe('SITE_BLOCKED');
  expect(count(blocked)).toBe(2);

  const usage = await api(g2, 'GET', '/v1/usage', { key });
  expect(usage.body.actions.used).toBe(2);
  await api(g1, 'DELETE', `/v1/session/${id}`, { key });
});

test('a key revoked with the admin CLI is refused by the other gateway on the next request', async () => {
  const created = await admin('tenant', 'create', '--name', 'revocation', '--plan', 'builder', '--with-key');
  expect(created.code).toBe(0);
  const key = created.json.api_key as string;
  const tenantId = created.json.tenant.id as string;
  // Both replicas accept the key (and have served this tenant) …
  expect((await api(g1, 'GET', '/v1/usage', { key })).status).toBe(200);
  expect((await api(g2, 'GET', '/v1/usage', { key })).status).toBe(200);
  // … it is revoked through the CLI, and the very next request on the other replica is refused.
  const revoked = await admin('key', 'revoke', tenantId, created.json.key_id);
  expect(revoked.code).toBe(0);
  const next = await api(g2, 'GET', '/v1/usage', { key });
  expect(next.status).toBe(401);
  expect(ErrorBody.parse(next.body).error).toBe('UNAUTHORIZED');
  expect((await api(g1, 'POST', '/v1/browse', { key, body: { url: site.url('/') } })).status).toBe(401);
});

describe('playground tokens', () => {
  let key: string;
  let token: string;
  let tenantId: string;

  beforeAll(async () => {
    const t = await stack.tenant({ plan: 'builder' });
    key = t.apiKey;
    tenantId = t.tenant.id;
    const minted = await api(g1, 'POST', '/v1/playground/tokens', { key, body: {} });
    expect(minted.status).toBe(201);
    expect(minted.body).toMatchObject({ scope: 'browse', expires_in: 900 });
    token = minted.body.token as string;
  });

  test('observe a page: allowed, on either replica', async () => {
    const res = await api(g2, 'POST', '/v1/browse', { key: token, body: { url: site.url('/search.html') } });
    expect(res.status).toBe(200);
    const body = BrowseResponse.parse(res.body);
    expect(body.tools.length).toBeGreaterThan(0);
    expect(res.headers.get('x-usage-action-count')).toBe('1');
    const again = await api(g1, 'POST', '/v1/browse', { key: token, body: { session_id: body.session_id } });
    expect(again.status).toBe(200);
    await api(g1, 'DELETE', `/v1/session/${body.session_id}`, { key: token });
  });

  test.each([
    ['a tool', 'POST', '/v1/browse', { url: 'https://example.com/', tool: 'search', params: { query: 'x' } }],
    ['a batch', 'POST', '/v1/browse', { url: 'https://example.com/', tools: [{ tool: 'search' }] }],
    ['usage', 'GET', '/v1/usage', undefined],
    ['the billing portal', 'GET', '/v1/billing/portal', undefined],
    ['minting another token', 'POST', '/v1/playground/tokens', {}],
  ])('%s: refused with 403 FORBIDDEN before any work', async (_what, method, path, body) => {
    const res = await api(g2, method, path, { key: token, ...(body !== undefined ? { body } : {}) });
    expect(res.status).toBe(403);
    expect(ErrorBody.parse(res.body).error).toBe('FORBIDDEN');
  });

  test('a token dies with the key that minted it: 401 at its next use after the revocation', async () => {
    const t = await stack.tenant({ plan: 'builder' });
    const minted = await api(g1, 'POST', '/v1/playground/tokens', { key: t.apiKey, body: {} });
    const own = minted.body.token as string;
    const before = await api(g2, 'POST', '/v1/browse', { key: own, body: { url: site.url('/search.html') } });
    expect(before.status).toBe(200);
    const [keyInfo] = await stack.accounts.listKeys(t.tenant.id);
    expect(await stack.accounts.revokeKey(t.tenant.id, keyInfo!.keyId)).toBe(true);
    for (const g of [g1, g2]) {
      const after = await api(g, 'POST', '/v1/browse', { key: own, body: { url: site.url('/search.html') } });
      expect([after.status, after.body.error]).toEqual([401, 'UNAUTHORIZED']);
    }
    // Another key's token of the same tenant is unaffected.
    const other = await stack.accounts.issueKey(t.tenant.id);
    const next = await api(g1, 'POST', '/v1/playground/tokens', { key: other.key, body: {} });
    const res = await api(g2, 'POST', '/v1/browse', {
      key: next.body.token,
      body: { session_id: before.body.session_id },
    });
    expect(res.status).not.toBe(401);
  });

  test('the billing portal and usage answer a full key', async () => {
    expect((await api(g1, 'GET', '/v1/usage', { key })).status).toBe(200);
    const portal = await api(g1, 'GET', '/v1/billing/portal', { key });
    expect(portal.status).toBe(200);
    expect(BillingStanding.parse(portal.body)).toMatchObject({
      plan: 'builder',
      has_subscription: true,
      limits: { actions: 50_000 },
    });
  });

  test('tampered and expired tokens: 401', async () => {
    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const widened = Buffer.from(JSON.stringify({ ...claims, scope: 'full' })).toString('base64url');
    const flipped = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = mintPlaygroundToken(
      stack.env.PAGEMAP_JWT_SECRET!,
      tenantId,
      new Date(Date.now() - 15 * 60_000 - 1000),
    ).token;
    for (const bad of [`${h}.${widened}.${s}`, `${h}.${p}.${flipped}`, expired]) {
      const res = await api(g2, 'POST', '/v1/browse', { key: bad, body: { url: site.url('/') } });
      expect(res.status).toBe(401);
      expect(ErrorBody.parse(res.body).error).toBe('UNAUTHORIZED');
    }
  });
});

test('the open-session cap answers 429 SESSION_LIMIT_EXCEEDED with Retry-After, across replicas', async () => {
  const { tenant, apiKey: key } = await stack.tenant({ plan: 'free' });
  await stack.accounts.setLimits(tenant.id, { maxOpenSessions: 2, ratePerSecond: 1000 });
  const opens = await Promise.all(
    [g1, g2, g1, g2].map((g) => api(g, 'POST', '/v1/browse', { key, body: { url: site.url('/article.html') } })),
  );
  const ok = opens.filter((r) => r.status === 200);
  const refused = opens.filter((r) => r.status === 429);
  expect(ok).toHaveLength(2);
  expect(refused).toHaveLength(2);
  for (const r of refused) {
    expect(ErrorBody.parse(r.body).error).toBe('SESSION_LIMIT_EXCEEDED');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }
  // Refusals are not billed.
  expect((await api(g1, 'GET', '/v1/usage', { key })).body.actions.used).toBe(2);
  // Closing one frees its slot at once.
  expect((await api(g2, 'DELETE', `/v1/session/${ok[0]!.body.session_id}`, { key })).status).toBe(200);
  const reopened = await api(g1, 'POST', '/v1/browse', { key, body: { url: site.url('/article.html') } });
  expect(reopened.status).toBe(200);
  await Promise.all([ok[1]!, reopened].map((r) => api(g1, 'DELETE', `/v1/session/${r.body.session_id}`, { key })));
});

test('GET /metrics records request latency, rejections by code, actions billed and queue wait', async () => {
  // Each replica has its own registry; Prometheus adds them up, so does this test.
  let text = '';
  for (const g of [g1, g2]) {
    const res = await fetch(new URL('/metrics', g));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    text += await res.text();
  }
  const value = (re: RegExp) => {
    let total = 0;
    for (const m of text.matchAll(new RegExp(re.source, 'gm'))) total += Number(m[1]);
    return total;
  };
  expect(
    value(/^pagemap_http_request_duration_seconds_count\{[^}]*route="\/v1\/browse"[^}]*status="200"[^}]*\} (\d+)/m),
  ).toBeGreaterThan(0);
  expect(
    value(/^pagemap_http_requests_total\{[^}]*route="\/v1\/usage"[^}]*status="200"[^}]*\} (\d+)/m),
  ).toBeGreaterThan(0);
  expect(value(/^pagemap_http_rejections_total\{[^}]*code="USAGE_LIMIT_EXCEEDED"[^}]*\} (\d+)/m)).toBeGreaterThan(0);
  expect(value(/^pagemap_http_rejections_total\{[^}]*code="FORBIDDEN"[^}]*\} (\d+)/m)).toBeGreaterThan(0);
  expect(value(/^pagemap_actions_billed_total\{[^}]*kind="page"[^}]*\} (\d+)/m)).toBeGreaterThan(0);
  expect(value(/^pagemap_actions_billed_total\{[^}]*kind="tool"[^}]*\} (\d+)/m)).toBeGreaterThan(0);
  expect(value(/^pagemap_gateway_queue_wait_seconds_count\{[^}]*\} (\d+)/m)).toBeGreaterThan(0);
  expect(
    value(/^pagemap_gateway_job_wait_seconds_count\{[^}]*kind="browse"[^}]*outcome="ok"[^}]*\} (\d+)/m),
  ).toBeGreaterThan(0);
  expect(text).toMatch(/^pagemap_active_sessions\{[^}]*\} \d+/m);
  expect(text).toMatch(/^pagemap_live_workers\{[^}]*\} 1$/m);
  expect(value(/^pagemap_actions_rejected_total\{[^}]*\} (\d+)/m)).toBeGreaterThanOrEqual(50);
  // Labels stay bounded: no tenant ids, keys or target URLs.
  expect(text).not.toMatch(/tn_[0-9a-f]{16}|pm_[A-Za-z0-9_-]{32}|127\.0\.0\.1:\d+\//);
});

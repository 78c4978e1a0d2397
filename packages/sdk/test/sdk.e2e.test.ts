/**
 * The SDK against the real service: gateway and worker processes on a real Redis, real
 * Chromium, the loopback fixture site. Open the login page, execute its `login` tool, close,
 * read usage; and the typed errors for 400/401/403/404/429.
 */
import { metric, startFixtureServer, startStack, type FixtureServer, type Stack, waitFor } from '@pagemap/test-utils';
import {
  AuthenticationError,
  ClientTimeoutError,
  ConnectionError,
  DomainBlockedError,
  Pagemap,
  PagemapApiError,
  PermissionError,
  SessionNotFoundError,
  UsageLimitError,
  ValidationError,
} from '../src';

let stack: Stack;
let site: FixtureServer;
let key: string;
let pm: Pagemap;

/** Real fetch, counting the attempts the SDK makes. */
function countingFetch(): { fetch: typeof fetch; calls: () => number } {
  let n = 0;
  return { fetch: (input, init) => ((n += 1), fetch(input, init)), calls: () => n };
}

beforeAll(async () => {
  site = await startFixtureServer();
  // `localhost` stands in for an identity-provider domain, so DOMAIN_BLOCKED is reachable offline.
  stack = await startStack({ workers: 1, gateways: 1, workerEnv: { PAGEMAP_IDP_DOMAINS: 'localhost' } });
}, 90_000);

// Each test gets a tenant of its own (no test sees another's sessions or usage); the scale plan's
// request rate leaves room for a test's bursts (free allows 5/s).
beforeEach(async () => {
  ({ apiKey: key } = await stack.tenant({ plan: 'scale' }));
  pm = new Pagemap({ apiKey: key, baseUrl: stack.url });
});

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

test('open the login page, execute its login tool, close, read usage', async () => {
  // Its own free-plan tenant (its usage counts only this test), with a request rate this test's
  // quick run of calls cannot reach: the free plan's 5/s would depend on the machine's speed.
  const { apiKey } = await stack.tenant({ limits: { ratePerSecond: 1000 } });
  const client = new Pagemap({ apiKey, baseUrl: stack.url });
  const session = await client.open(site.url('/login.html'));
  expect(session.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());
  expect(session.page.meta.usage.actionCount).toBe(1);
  expect(session.page.meta.usage.actionLimit).toBeGreaterThan(0);
  expect(session.page.meta.requestId).toBeTruthy();

  // The tool name comes from the page map, never assumed: login (or sign_in) with username + password.
  const login = session.tools.find((t) => t.name === 'login' || t.name === 'sign_in');
  expect(login).toBeDefined();
  const paramNames = login!.params.map((p) => p.name);
  const userParam = paramNames.find((n) => /user|email|login/i.test(n));
  const passParam = paramNames.find((n) => /pass/i.test(n));
  expect(userParam).toBeDefined();
  expect(passParam).toBeDefined();

  const after = await session.run(login!.name, { [userParam!]: 'alice', [passParam!]: 'correct-horse-battery-staple' });
  expect(after.results).toHaveLength(1);
  expect(after.results![0]).toMatchObject({ tool: login!.name, success: true, error: null });
  expect(after.session_id).toBe(session.id);
  expect(after.title).toBe('Your account');
  expect(after.meta.cache).toBe('MISS');
  expect(after.meta.usage.actionCount).toBe(2);
  // The password never comes back in the answer.
  expect(JSON.stringify(after)).not.toContain('correct-horse-battery-staple');

  expect(await session.close()).toBe(true);
  expect(session.closed).toBe(true);
  expect(await session.close()).toBe(false);

  const usage = await client.usage();
  expect(usage.actions.used).toBe(2);
  expect(usage.plan).toBe('free');
  expect(usage.period.basis).toBe('calendar_month');
  expect(usage.billing.portal_url.startsWith('/')).toBe(true);
  expect(usage.meta.usage.actionCount).toBe(2);
});

test('a batch carries session_id forward and reports per-tool failures in results', async () => {
  const session = await pm.open(site.url('/login.html'));
  try {
    const res = await session.batch([{ tool: 'no_such_tool' }]);
    expect(res.results?.[0]).toMatchObject({ tool: 'no_such_tool', success: false });
    expect(res.results?.[0]?.error?.code).toBe('UNKNOWN_TOOL');
    const again = await session.refresh({ include_page_content: true });
    expect(again.session_id).toBe(session.id);
    expect(typeof again.page_content).toBe('string');
  } finally {
    await session.close();
  }
});

test('404: closing or resuming a closed session throws SessionNotFoundError with status, code, request id and usage', async () => {
  const session = await pm.open(site.url('/article.html'));
  await pm.closeSession(session.id);
  const err = await pm.closeSession(session.id).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(SessionNotFoundError);
  expect(err).toBeInstanceOf(PagemapApiError);
  const e = err as SessionNotFoundError;
  expect(e.status).toBe(404);
  expect(e.code).toBe('SESSION_NOT_FOUND');
  expect(e.message.length).toBeGreaterThan(0);
  expect(e.requestId).toBeTruthy();
  expect(e.usage.actionLimit).toBeGreaterThan(0);
  expect(e.usage.periodStart).toMatch(/^\d{4}-\d\d-\d\dT/);
  await expect(pm.browse({ session_id: session.id })).rejects.toBeInstanceOf(SessionNotFoundError);
});

test('403: a playground token cannot execute tools or read usage (PermissionError)', async () => {
  const minted = await pm.mintPlaygroundToken();
  expect(minted.scope).toBe('browse');
  expect(minted.expires_in).toBe(900);
  const playground = new Pagemap({ apiKey: minted.token, baseUrl: stack.url });
  const session = await playground.open(site.url('/login.html'));
  try {
    const err = await session.run('login', { username: 'alice', password: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PermissionError);
    expect((err as PermissionError).code).toBe('FORBIDDEN');
    expect((err as PermissionError).status).toBe(403);
    await expect(playground.usage()).rejects.toBeInstanceOf(PermissionError);
  } finally {
    await session.close();
  }
});

test('403: an identity-provider domain without login automation is DomainBlockedError', async () => {
  const err = await pm.browse({ url: `http://localhost:${site.port}/login.html` }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DomainBlockedError);
  expect(err).toBeInstanceOf(PermissionError);
  expect((err as DomainBlockedError).code).toBe('DOMAIN_BLOCKED');
});

test('429: a tenant at its action limit gets UsageLimitError, not retried', async () => {
  const { tenant, apiKey } = await stack.tenant({ plan: 'free' });
  const limit = stack.accounts.plan(tenant).actionLimit;
  expect((await stack.accounts.reserve(tenant, limit)).admitted).toBe(true);
  const counting = countingFetch();
  const client = new Pagemap({ apiKey, baseUrl: stack.url, fetch: counting.fetch, retries: 3 });
  const err = await client.browse({ url: site.url('/article.html') }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(UsageLimitError);
  const e = err as UsageLimitError;
  expect(e.status).toBe(429);
  expect(e.code).toBe('USAGE_LIMIT_EXCEEDED');
  expect(e.retryable).toBe(false);
  expect(e.usage.actionCount).toBe(limit);
  expect(e.usage.actionLimit).toBe(limit);
  expect(counting.calls()).toBe(1);
});

test('401 AuthenticationError and 400 ValidationError', async () => {
  const bad = new Pagemap({ apiKey: 'pm_not_a_real_key_at_all_000000000', baseUrl: stack.url });
  await expect(bad.usage()).rejects.toBeInstanceOf(AuthenticationError);
  const err = await pm.browse({ url: 'ftp://example.com/' }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ValidationError);
  expect((err as ValidationError).code).toBe('INVALID_REQUEST');
  expect((err as ValidationError).message).toMatch(/url/);
});

test('health, shallow and deep, needs no key', async () => {
  const anonymous = new Pagemap({ baseUrl: stack.url, apiKey: '' });
  const shallow = await anonymous.health();
  expect(shallow.status).toBe('ok');
  const deep = await anonymous.health({ deep: true });
  expect(deep.checks).toEqual({ browser: 'ok', model: 'ok', datastore: 'ok' });
});

test('network errors are retried on idempotent calls, never on tool execution unless asked', async () => {
  let failNext = 0;
  const calls: string[] = [];
  const flaky: typeof fetch = (input, init) => {
    calls.push(`${init?.method} ${String(input)}`);
    if (failNext > 0) {
      failNext -= 1;
      return Promise.reject(new TypeError('fetch failed'));
    }
    return fetch(input, init);
  };
  const client = new Pagemap({ apiKey: key, baseUrl: stack.url, fetch: flaky, retries: 2, backoffBaseMs: 10 });

  failNext = 1;
  const usage = await client.usage();
  expect(usage.meta.attempts).toBe(2);

  const session = await client.open(site.url('/login.html'));
  try {
    calls.length = 0;
    failNext = 1;
    await expect(session.run('no_such_tool')).rejects.toBeInstanceOf(ConnectionError);
    expect(calls).toHaveLength(1);

    const opted = new Pagemap({
      apiKey: key,
      baseUrl: stack.url,
      fetch: flaky,
      retries: 2,
      backoffBaseMs: 10,
      retryToolCalls: true,
    });
    failNext = 1;
    const res = await opted.browse({ session_id: session.id, tool: 'no_such_tool' });
    expect(res.meta.attempts).toBeGreaterThanOrEqual(2);
  } finally {
    await session.close();
  }
});

test('timeouts and AbortSignal cancel a call', async () => {
  // The gateway carries on with a request its caller abandoned. Count the browse requests that
  // reach it and the open jobs it has had answered, so the test can wait for those to finish.
  const gateway = stack.gateways[0]!;
  const arrived = () => metric(gateway, 'pagemap_http_requests_total', { route: '/v1/browse', status: '200' });
  const answered = () => metric(gateway, 'pagemap_gateway_job_wait_seconds_count', { kind: 'open' });
  const [arrivedBefore, answeredBefore] = [await arrived(), await answered()];
  await expect(pm.browse({ url: site.url('/article.html') }, { timeoutMs: 1, retries: 0 })).rejects.toBeInstanceOf(
    ClientTimeoutError,
  );
  const controller = new AbortController();
  const pending = pm.browse({ url: site.url('/article.html') }, { signal: controller.signal });
  controller.abort(new Error('caller gave up'));
  await expect(pending).rejects.toThrow('caller gave up');
  // Every abandoned open that reached the gateway has had its job answered: none is left running
  // into the next test or the stack's stop.
  await waitFor(
    async () => (await answered()) - answeredBefore >= (await arrived()) - arrivedBefore,
    60_000,
    'the abandoned opens to finish',
  );
});

test('503 NO_CAPACITY is retried after Retry-After until a worker has room', async () => {
  const small = await startStack({
    workers: 1,
    gateways: 1,
    workerEnv: { PAGEMAP_MAX_SESSIONS: '1' },
    gatewayEnv: { PAGEMAP_PICKUP_TIMEOUT_MS: '400' },
  });
  try {
    const { apiKey } = await small.tenant({ plan: 'builder' });
    const client = new Pagemap({ apiKey, baseUrl: small.url, retries: 0 });
    // The patient client's answers are watched, so the worker's room is freed only once it has been
    // refused (not after a guess at how long that takes).
    let onRefusal: (() => void) | undefined;
    const watching: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (res.status === 503) onRefusal?.();
      return res;
    };
    const patient = new Pagemap({ apiKey, baseUrl: small.url, retries: 4, backoffBaseMs: 50, fetch: watching });
    // (patient: a gateway that just started may answer its very first request 503 SERVICE_UNAVAILABLE.)
    const first = await patient.open(site.url('/article.html'));
    await expect(client.browse({ url: site.url('/links.html') })).rejects.toMatchObject({
      status: 503,
      code: 'NO_CAPACITY',
      retryAfterS: 2,
    });

    const refused = new Promise<void>((r) => (onRefusal = r));
    const pending = patient.browse({ url: site.url('/links.html') });
    await refused;
    await first.close();
    const second = await pending;
    expect(second.meta.attempts).toBeGreaterThanOrEqual(2);
    expect(second.title).toBe('A Page of Links');
    await patient.closeSession(second.session_id);
  } finally {
    await small.stop();
  }
}, 90_000);

/**
 * The SDK's own retry decisions, with an injected fetch that answers like the service does.
 * These are the cases the real stack cannot produce on demand (a bot-challenge page, a
 * datastore outage, an exact Retry-After); sdk.e2e.test.ts covers the real service.
 */
import {
  CapacityError,
  Pagemap,
  RateLimitError,
  ServiceUnavailableError,
  SiteBlockedError,
  WorkerLostError,
} from '../src';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

function scripted(answers: Answer[]): { fetch: typeof fetch; times: number[] } {
  const times: number[] = [];
  let i = 0;
  const f = async () => {
    times.push(Date.now());
    const a = answers[Math.min(i++, answers.length - 1)]!;
    return new Response(JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json', 'x-request-id': `r${i}`, ...a.headers },
    });
  };
  return { fetch: f as typeof fetch, times };
}

const PAGE = {
  session_id: 'AAAAAAAAAAAAAAAAAAAAAAAA',
  expires_at: new Date(Date.now() + 300_000).toISOString(),
  url: 'https://example.com/',
  title: 'Example',
  summary: 'An example.',
  tools: [],
};
const err = (status: number, error: string, headers?: Record<string, string>): Answer => ({
  status,
  body: { error, message: error.toLowerCase() },
  ...(headers ? { headers } : {}),
});

test('SITE_BLOCKED is never retried', async () => {
  const s = scripted([err(502, 'SITE_BLOCKED'), { status: 200, body: PAGE }]);
  const pm = new Pagemap({ apiKey: 'k', baseUrl: 'http://svc', fetch: s.fetch, retries: 5, backoffBaseMs: 1 });
  await expect(pm.browse({ url: 'https://example.com/' })).rejects.toBeInstanceOf(SiteBlockedError);
  expect(s.times).toHaveLength(1);
});

test('WORKER_LOST and INTERNAL_ERROR are not retried automatically', async () => {
  const s = scripted([err(502, 'WORKER_LOST'), { status: 200, body: PAGE }]);
  const pm = new Pagemap({ apiKey: 'k', baseUrl: 'http://svc', fetch: s.fetch, retries: 5, backoffBaseMs: 1 });
  await expect(pm.browse({ url: 'https://example.com/' })).rejects.toBeInstanceOf(WorkerLostError);
  expect(s.times).toHaveLength(1);
});

test('503 SERVICE_UNAVAILABLE and NO_CAPACITY are retried, honouring Retry-After', async () => {
  const s = scripted([
    err(503, 'SERVICE_UNAVAILABLE', { 'retry-after': '1' }),
    err(503, 'NO_CAPACITY'),
    { status: 200, body: PAGE },
  ]);
  const pm = new Pagemap({ apiKey: 'k', baseUrl: 'http://svc', fetch: s.fetch, retries: 3, backoffBaseMs: 20 });
  const page = await pm.browse({ url: 'https://example.com/' });
  expect(page.meta.attempts).toBe(3);
  expect(s.times[1]! - s.times[0]!).toBeGreaterThanOrEqual(990);
  expect(s.times[2]! - s.times[1]!).toBeLessThan(900);
});

test('429 RATE_LIMITED waits for Retry-After; a Retry-After past maxRetryAfterMs is thrown at once', async () => {
  const s = scripted([err(429, 'RATE_LIMITED', { 'retry-after': '0' }), { status: 200, body: { status: 'closed' } }]);
  const pm = new Pagemap({ apiKey: 'k', baseUrl: 'http://svc', fetch: s.fetch, retries: 1 });
  expect((await pm.closeSession('AAAAAAAAAAAAAAAAAAAAAAAA')).meta.attempts).toBe(2);

  const long = scripted([err(429, 'SESSION_LIMIT_EXCEEDED', { 'retry-after': '600' })]);
  const pm2 = new Pagemap({ apiKey: 'k', baseUrl: 'http://svc', fetch: long.fetch, retries: 3 });
  const e = await pm2.closeSession('AAAAAAAAAAAAAAAAAAAAAAAA').catch((x: unknown) => x);
  expect(e).toBeInstanceOf(RateLimitError);
  expect((e as RateLimitError).retryAfterS).toBe(600);
  expect(long.times).toHaveLength(1);
});

test('tool execution is not retried on 503 unless retryToolCalls', async () => {
  const s = scripted([err(503, 'NO_CAPACITY'), { status: 200, body: PAGE }]);
  const pm = new Pagemap({ apiKey: 'k', baseUrl: 'http://svc', fetch: s.fetch, retries: 3, backoffBaseMs: 1 });
  await expect(
    pm.browse({ url: 'https://example.com/', tool: 'search', params: { query: 'x' } }),
  ).rejects.toBeInstanceOf(CapacityError);
  expect(s.times).toHaveLength(1);
  const opted = new Pagemap({
    apiKey: 'k',
    baseUrl: 'http://svc',
    fetch: scripted([err(503, 'NO_CAPACITY'), { status: 200, body: PAGE }]).fetch,
    retries: 3,
    backoffBaseMs: 1,
    retryToolCalls: true,
  });
  expect((await opted.browse({ url: 'https://example.com/', tool: 'search' })).meta.attempts).toBe(2);
});

test('retries run out and the last error is thrown; an abort during backoff stops at once', async () => {
  const s = scripted([err(503, 'SERVICE_UNAVAILABLE')]);
  const pm = new Pagemap({ apiKey: 'k', baseUrl: 'http://svc', fetch: s.fetch, retries: 2, backoffBaseMs: 1 });
  await expect(pm.usage()).rejects.toBeInstanceOf(ServiceUnavailableError);
  expect(s.times).toHaveLength(3);

  // The abort comes right after the first answer, so during the 30 s backoff it asked for: the
  // call stops there, with no second attempt (were the backoff waited out, there would be one).
  const slow = scripted([err(503, 'SERVICE_UNAVAILABLE', { 'retry-after': '30' })]);
  const controller = new AbortController();
  const abortAfterAnswer: typeof fetch = async (input, init) => {
    const answer = await slow.fetch(input, init);
    setImmediate(() => controller.abort(new Error('stop')));
    return answer;
  };
  const pm2 = new Pagemap({ apiKey: 'k', baseUrl: 'http://svc', fetch: abortAfterAnswer, retries: 2 });
  await expect(pm2.usage({ signal: controller.signal })).rejects.toThrow('stop');
  expect(slow.times).toHaveLength(1);
});

test('unknown codes fall back to the class of their status; a missing key fails before any request', async () => {
  const s = scripted([err(503, 'SOMETHING_NEW')]);
  const pm = new Pagemap({ apiKey: 'k', baseUrl: 'http://svc', fetch: s.fetch, retries: 0 });
  const e = await pm.usage().catch((x: unknown) => x);
  expect(e).toBeInstanceOf(ServiceUnavailableError);
  expect((e as ServiceUnavailableError).code).toBe('SOMETHING_NEW');
  const nokey = new Pagemap({ apiKey: '', baseUrl: 'http://svc', fetch: s.fetch });
  await expect(nokey.usage()).rejects.toThrow(/PAGEMAP_API_KEY/);
});

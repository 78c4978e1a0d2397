/**
 * Property-based fuzzing of the public API (issue 6): at least 10,000 random and mutated requests
 * to POST /v1/browse, DELETE /v1/session/{id} and GET /v1/usage — random JSON, mutated valid
 * bodies (wrong types, extra fields, huge strings, unicode, nested junk), bad content types, bad
 * auth headers, random paths and methods. Every answer is a well-formed contract error or success
 * (the status the error table gives its code), never a 5xx; no process exits; rejected requests
 * bill nothing.
 *
 * Bounded: 200 runs of 50 concurrent requests, and a time limit. Browse bodies that pass
 * validation carry only targets the outbound guard refuses or session ids that do not exist, so
 * no page is ever opened.
 */
import fc from 'fast-check';
import { BrowseResponse, ERROR_CODES, ErrorBody, UsageRecord, type ErrorCode } from '@pagemap/contracts';
import { startStack, type Stack } from '@pagemap/test-utils';

const BATCH = 50;
const RUNS = 200;
const TIME_LIMIT_MS = 110_000;
const REQUEST_BOUND_MS = 15_000;

let stack: Stack;
let key: string;

beforeAll(async () => {
  stack = await startStack({ workers: 1, gateways: 1 });
  const t = await stack.tenant({ plan: 'scale' });
  key = t.apiKey;
  // The fuzzer is one tenant sending thousands of requests a second: lift its rate limit so the
  // requests reach validation instead of all answering 429.
  await stack.accounts.setLimits(t.tenant.id, { ratePerSecond: 1_000_000 });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

interface Req {
  method: string;
  path: string;
  /** undefined: no Authorization header. The placeholder KEY is replaced by the real key. */
  auth: string | undefined;
  contentType: string | undefined;
  body: string | undefined;
}

// Targets the outbound guard refuses (private, link-local, metadata, CGNAT, multicast, IPv6 ULA);
// loopback is allowed in tests, so it is not among them.
const refusedUrl = fc.constantFrom(
  'http://10.1.2.3/',
  'http://192.168.0.1/admin',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.64.0.1/',
  'http://224.0.0.1/',
  'http://[fd00::1]/',
  'https://172.16.5.4:8443/x?y=1',
  'http://[fe80::1]/',
);
// Well-formed ids (22+ base64url characters) that no session has.
const unknownSessionId = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
  minLength: 22,
  maxLength: 64,
});
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -0,
    '',
    '\u0000',
    '\uD800',
    '💥'.repeat(500),
    'x'.repeat(9_000),
    [],
    {},
    { __proto__: { a: 1 } },
    { constructor: { prototype: {} } },
  ),
  fc.integer().map((depth) => {
    let v: unknown = 'deep';
    for (let i = 0; i < 200 + (Math.abs(depth) % 800); i++) v = [v];
    return v;
  }),
);
const fieldName = fc.oneof(
  fc.constantFrom(
    'url',
    'session_id',
    'tool',
    'params',
    'tools',
    'include_page_content',
    '__proto__',
    'constructor',
    'URL',
    '',
  ),
  fc.string({ maxLength: 20 }),
);
const validShape = fc.oneof(
  refusedUrl.map((url) => ({ url }) as Record<string, unknown>),
  fc.record({ url: refusedUrl, include_page_content: fc.boolean() }),
  fc.record({
    url: refusedUrl,
    tool: fc.constantFrom('login', 'search', 'navigate'),
    params: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 })),
  }),
  fc.record({
    url: refusedUrl,
    tools: fc.array(fc.record({ tool: fc.string({ minLength: 1, maxLength: 20 }) }), { minLength: 1, maxLength: 3 }),
  }),
  unknownSessionId.map((session_id) => ({ session_id }) as Record<string, unknown>),
  fc.record({ session_id: unknownSessionId, tool: fc.constant('search'), params: fc.record({ query: fc.string() }) }),
);
// A valid body, then 0–3 mutations: a field set to junk, a field removed, an extra field.
const mutatedBody = fc
  .tuple(validShape, fc.array(fc.tuple(fc.constantFrom('set', 'delete', 'extra'), fieldName, junk), { maxLength: 3 }))
  .map(([body, muts]) => {
    const b: Record<string, unknown> = { ...body };
    for (const [op, name, value] of muts) {
      if (op === 'delete') delete b[name];
      else if (op === 'set' && name in b) b[name] = value;
      else b[name || 'extra'] = value;
    }
    return JSON.stringify(b);
  });
const rawText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(
    '{',
    '{"url":',
    '{"url":"http://10.0.0.1/"',
    'null',
    '[]',
    '"str"',
    '{"a":1}{"b":2}',
    '\uFEFF{"url":"http://10.0.0.1/"}',
    '{"url":"\\ud800"}',
    ' '.repeat(1000),
  ),
  fc
    .integer({ min: 90, max: 140 })
    .map((kb) => JSON.stringify({ url: 'http://10.0.0.1/', pad: 'p'.repeat(kb * 1024) })),
);
const body = fc.oneof(
  { weight: 5, arbitrary: mutatedBody },
  { weight: 3, arbitrary: junk.map((v) => JSON.stringify(v) ?? 'undefined') },
  { weight: 2, arbitrary: rawText },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json; charset=bogus',
      'application/vnd.api+json',
      'application/*',
      ';;;',
      '',
    ),
  },
);
const headerSafe = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 80,
});
const auth = fc.oneof(
  { weight: 8, arbitrary: fc.constant('Bearer KEY') },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom(
        undefined,
        '',
        'Bearer',
        'Bearer ',
        'bearer KEY',
        'Basic dXNlcjpwYXNz',
        'Bearer KEYx',
        'Bearer pm_',
        'Bearer pm_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        'Bearer  KEY',
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
        'Bearer eyJ.eyJ.sig',
      ),
      headerSafe.map((s) => `Bearer ${s}`),
      headerSafe,
    ),
  },
);
const pathSegment = fc.oneof(
  unknownSessionId,
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom(
    '',
    '%',
    '%E0%A4%A',
    '..',
    '..%2F..%2Fusage',
    '%00',
    'a/b',
    '?x=1',
    '#frag',
    'null',
    'x'.repeat(3000),
  ),
);
const target = fc.oneof(
  { weight: 6, arbitrary: fc.record({ method: fc.constant('POST'), path: fc.constant('/v1/browse'), body }) },
  {
    weight: 3,
    arbitrary: fc.record({
      method: fc.constant('DELETE'),
      path: pathSegment.map((s) => `/v1/session/${s}`),
      body: fc.oneof(fc.constant(undefined), body),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      method: fc.constant('GET'),
      path: fc.constantFrom('/v1/usage', '/v1/usage?x=1', '/v1/usage/', '/v1//usage', '/V1/USAGE'),
      body: fc.constant(undefined),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
      path: fc.oneof(
        fc.constantFrom('/v1/browse', '/v1/usage', '/v1/session', '/v1/session/', '/v1', '/v2/browse', '/'),
        pathSegment.map((s) => `/v1/${s}`),
        pathSegment.map((s) => `/v1/session/${s}/extra`),
      ),
      body: fc.oneof(fc.constant(undefined), body),
    }),
  },
);
const request: fc.Arbitrary<Req> = fc.tuple(target, auth, contentType).map(([t, a, ct]) => {
  const hasBody = t.body !== undefined && t.method !== 'GET' && t.method !== 'HEAD';
  return {
    method: t.method,
    path: t.path,
    auth: a,
    contentType: hasBody ? ct : undefined,
    body: hasBody ? t.body : undefined,
  };
});

interface Answer {
  status: number;
  text: string;
  error?: string;
}

async function send(r: Req): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (r.auth !== undefined) headers.authorization = r.auth.replace('KEY', key);
  if (r.contentType !== undefined) headers['content-type'] = r.contentType;
  try {
    const res = await fetch(new URL(r.path, stack.url), {
      method: r.method,
      headers,
      ...(r.body !== undefined ? { body: r.body } : {}),
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { status: -1, text: '', error: String(err) };
  }
}

/** Whether the answer is one the contract allows for this request; a reason when it is not. */
function wellFormed(r: Req, a: Answer): string | null {
  if (a.status === -1) return `no answer: ${a.error}`;
  if (a.status >= 500) return `5xx: ${a.status} ${a.text.slice(0, 300)}`;
  if (r.method === 'HEAD' || a.status === 204) return a.text === '' ? null : 'a body on HEAD/204';
  let json: unknown;
  try {
    json = JSON.parse(a.text);
  } catch {
    return `not JSON: ${a.status} ${a.text.slice(0, 200)}`;
  }
  if (a.status === 200) {
    if (r.method === 'GET' && /^\/v1\/usage/i.test(r.path))
      return UsageRecord.safeParse(json).success ? null : 'bad usage body';
    if (r.method === 'DELETE') return JSON.stringify(json) === '{"status":"closed"}' ? null : 'bad delete body';
    if (r.method === 'POST') return BrowseResponse.safeParse(json).success ? null : 'bad browse body';
    return `unexpected 200 for ${r.method} ${r.path}`;
  }
  const parsed = ErrorBody.safeParse(json);
  if (!parsed.success) return `not an error body: ${a.status} ${a.text.slice(0, 200)}`;
  const info = ERROR_CODES[parsed.data.error as ErrorCode];
  if (!info) return `unknown code ${parsed.data.error}`;
  if (info.status !== a.status) return `${parsed.data.error} answered with ${a.status}, the table says ${info.status}`;
  return null;
}

const usedNow = async () => {
  const res = await fetch(new URL('/v1/usage', stack.url), {
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(REQUEST_BOUND_MS),
  });
  expect(res.status).toBe(200);
  return UsageRecord.parse(await res.json()).actions.used;
};

test('10,000 random and mutated requests: only well-formed contract answers, no 5xx, no exit, nothing billed', async () => {
  const before = await usedNow();
  let sent = 0;
  const statuses = new Map<string, number>();
  const started = Date.now();
  await fc.assert(
    fc.asyncProperty(fc.array(request, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      const answers = await Promise.all(batch.map(send));
      sent += batch.length;
      const bad: string[] = [];
      answers.forEach((a, i) => {
        let code = '';
        try {
          code = (JSON.parse(a.text) as { error?: string }).error ?? '';
        } catch {
          /* not an error body */
        }
        statuses.set(`${a.status} ${code}`.trim(), (statuses.get(`${a.status} ${code}`.trim()) ?? 0) + 1);
        const why = wellFormed(batch[i]!, a);
        if (why) bad.push(`${batch[i]!.method} ${batch[i]!.path.slice(0, 100)} → ${why}`);
      });
      if (bad.length > 0) throw new Error(bad.slice(0, 5).join('\n'));
    }),
    {
      numRuns: RUNS,
      interruptAfterTimeLimit: TIME_LIMIT_MS,
      markInterruptAsFailure: true,
      seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
    },
  );
  process.stdout.write(
    `fuzz: ${sent} requests in ${Date.now() - started} ms; answers: ${[...statuses.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k}=${n}`)
      .join(', ')}\n`,
  );
  expect(sent).toBeGreaterThanOrEqual(10_000);
  // Everything the fuzzer sent was refused: the usage counter did not move.
  expect(await usedNow()).toBe(before);
  for (const p of [...stack.gateways, ...stack.workers]) expect(p.exitCode()).toBeNull();
}, 180_000);

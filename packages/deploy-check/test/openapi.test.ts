/**
 * The OpenAPI document: valid OpenAPI 3.1, checked in up to date, served by the gateway, and
 * true to what a real gateway + worker accept and return (bodies checked with ajv against the
 * document's own response schemas, headers against its documented headers).
 */
import { readFileSync } from 'node:fs';
import { validate, compileErrors } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument, ERROR_CODES } from '@pagemap/contracts';
import { api, startFixtureServer, startStack, type FixtureServer, type Stack, waitFor } from '@pagemap/test-utils';
import { OPENAPI_FILE } from '../src/paths';

type Json = Record<string, any>;
const doc = buildOpenApiDocument() as Json;
const DOC_ID = 'https://pagemap.invalid/openapi.json';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...doc, $id: DOC_ID });

const PRE_AUTH_CODES = new Set(['INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE', 'UNAUTHORIZED']);
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Validates a real response against the document: status documented, body matches, headers present. */
function expectDocumented(
  path: string,
  method: string,
  res: { status: number; headers: Headers; body: unknown },
): void {
  const op = doc.paths[path]?.[method];
  expect(op).toBeDefined();
  const documented = op.responses[String(res.status)];
  if (!documented)
    throw new Error(
      `${method.toUpperCase()} ${path} answered ${res.status}, which the document does not list (${Object.keys(op.responses).join(', ')})`,
    );
  const validateBody = ajv.getSchema(
    `${DOC_ID}#/${pointer('paths', path, method, 'responses', String(res.status), 'content', 'application/json', 'schema')}`,
  );
  expect(validateBody).toBeDefined();
  if (!validateBody!(res.body))
    throw new Error(
      `${method.toUpperCase()} ${path} ${res.status} body does not match the document: ${ajv.errorsText(validateBody!.errors)}\n${JSON.stringify(res.body)}`,
    );
  if (documented['x-error-codes']) expect(documented['x-error-codes']).toContain((res.body as Json).error);
  for (const name of Object.keys(documented.headers ?? {})) {
    if (name === 'Retry-After') continue; // only on some of the listed codes
    // Bodies that cannot be read are refused before the key is looked at: no usage headers (docs/api.md).
    if (name.startsWith('X-Usage-') && PRE_AUTH_CODES.has((res.body as Json).error)) continue;
    expect([name, res.headers.get(name)]).toEqual([name, expect.any(String)]);
  }
}

function validRequest(schema: string, body: unknown): boolean {
  return ajv.getSchema(`${DOC_ID}#/components/schemas/${schema}`)!(body) as boolean;
}

test('the document is valid OpenAPI 3.1', async () => {
  const result = await validate(structuredClone(doc) as any);
  if (!result.valid) throw new Error(compileErrors(result));
  expect(doc.openapi).toBe('3.1.0');
});

test('docs/openapi.json is up to date (regenerate: pnpm --filter @pagemap/deploy-check openapi)', () => {
  const onDisk = readFileSync(OPENAPI_FILE, 'utf8');
  expect(onDisk).toBe(`${JSON.stringify(doc, null, 2)}\n`);
});

test('every error code of the table appears in the document', () => {
  const text = JSON.stringify(doc);
  for (const code of Object.keys(ERROR_CODES)) expect([code, text.includes(code)]).toEqual([code, true]);
});

test('request schemas accept what the contract allows and refuse what the gateway refuses', () => {
  expect(validRequest('BrowseRequest', { url: 'https://example.com/' })).toBe(true);
  expect(
    validRequest('BrowseRequest', {
      session_id: 'A'.repeat(24),
      tool: 'login',
      params: { username: 'a', password: 'b' },
    }),
  ).toBe(true);
  expect(
    validRequest('BrowseRequest', {
      session_id: 'A'.repeat(24),
      tools: [{ tool: 'search', params: { query: 'x' } }, { tool: 'next' }],
    }),
  ).toBe(true);
  expect(validRequest('BrowseRequest', {})).toBe(false);
  expect(validRequest('BrowseRequest', { url: 'https://example.com/', session_id: 'A'.repeat(24) })).toBe(false);
  expect(validRequest('BrowseRequest', { url: 'https://example.com/', tool: 'a', tools: [{ tool: 'b' }] })).toBe(false);
  expect(validRequest('BrowseRequest', { url: 'https://example.com/', params: { a: 'b' } })).toBe(false);
  expect(validRequest('BrowseRequest', { url: 'https://example.com/', extra: 1 })).toBe(false);
  expect(validRequest('BrowseRequest', { url: 'ftp://example.com/' })).toBe(false);
  // A file input's param: a file, or a list of files, each with its content as text or base64.
  const withParams = (params: unknown) => ({ session_id: 'A'.repeat(24), tool: 'choose_file', params });
  expect(validRequest('BrowseRequest', withParams({ cv: { name: 'cv.txt', text: 'Ann' } }))).toBe(true);
  expect(
    validRequest('BrowseRequest', withParams({ cv: [{ name: 'a.pdf', base64: 'JVBERg==', type: 'application/pdf' }] })),
  ).toBe(true);
  expect(validRequest('BrowseRequest', withParams({ cv: { name: 'cv.txt' } }))).toBe(false);
  expect(validRequest('BrowseRequest', withParams({ cv: { name: 'cv.txt', text: 'a', path: '/etc/passwd' } }))).toBe(
    false,
  );
});

/** Every `additionalProperties: false` under a schema, as JSON pointers. */
function closedObjects(node: unknown, at = ''): string[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([k, v]) =>
    k === 'additionalProperties' && v === false ? [at || '/'] : closedObjects(v, `${at}/${k}`),
  );
}

test('evolution rule: response schemas are open (new fields validate), request schemas strict', () => {
  const schemas = doc.components.schemas as Json;
  const requests = ['BrowseRequest', 'ToolCall', 'PlaygroundTokenRequest', 'FileValue'];
  // Requests are closed at the top and in every nested object they define (e.g. `screenshot` options);
  // a file is one of two closed objects (its content as text, or as base64).
  for (const name of requests.filter((n) => n !== 'FileValue'))
    expect([name, closedObjects(schemas[name]).includes('/')]).toEqual([name, true]);
  expect(closedObjects(schemas.FileValue)).toEqual(['/anyOf/0', '/anyOf/1']);
  for (const name of Object.keys(schemas).filter((n) => !requests.includes(n)))
    expect([name, closedObjects(schemas[name])]).toEqual([name, []]);
  expect(validRequest('ToolCall', { tool: 'a', extra: 1 })).toBe(false);
  expect(validRequest('PlaygroundTokenRequest', { extra: 1 })).toBe(false);
  expect(
    validRequest('BrowseRequest', { url: 'https://example.com/', screenshot: { full_page: true, extra: 1 } }),
  ).toBe(false);
  expect(validRequest('BrowseRequest', { url: 'https://example.com/', screenshot: { full_page: true } })).toBe(true);

  // A response of today with a field added at every level still matches.
  const tool = {
    name: 'login',
    description: 'Sign in',
    params: [{ name: 'username', description: 'User name', type: 'string', required: true, future: 1 }],
    future: 1,
  };
  const usage = {
    plan: 'free',
    actions: { used: 1, limit: 10, future: 1 },
    period: { start: '2026-01-01T00:00:00Z', end: '2026-02-01T00:00:00Z', basis: 'calendar_month', future: 1 },
    billing: { has_subscription: false, portal_url: '/v1/billing/portal', future: 1 },
    future: 1,
  };
  expect(validRequest('UsageRecord', usage)).toBe(true);
  expect(validRequest('Tool', tool)).toBe(true);
  expect(validRequest('SessionClosed', { status: 'closed', future: 1 })).toBe(true);
  expect(validRequest('ErrorBody', { error: 'SESSION_NOT_FOUND', message: 'gone', future: 1 })).toBe(true);
  // Open is not lax: a wrong type is still refused.
  expect(validRequest('UsageRecord', { ...usage, actions: { used: 'one', limit: 10 } })).toBe(false);
});

describe('a real gateway answers what the document says', () => {
  let stack: Stack;
  let site: FixtureServer;
  let key: string;

  beforeAll(async () => {
    site = await startFixtureServer();
    stack = await startStack({ workers: 1, gateways: 1 });
    // A gateway that just started may answer its first request 503; warm it up.
    const { apiKey: warmUp } = await stack.tenant();
    await waitFor(
      async () => (await api(stack.url, 'GET', '/v1/usage', { key: warmUp })).status === 200,
      60_000,
      'the gateway to answer',
    );
  }, 90_000);

  // Each test has a tenant of its own; the scale plan's request rate leaves room for its bursts.
  beforeEach(async () => {
    ({ apiKey: key } = await stack.tenant({ plan: 'scale' }));
  });

  afterAll(async () => {
    await stack?.stop();
    await site?.close();
  });

  test('GET /v1/openapi.json serves the document, without a key', async () => {
    const res = await api(stack.url, 'GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  test('browse, tool, batch, close, usage, tokens, health', async () => {
    const body = { url: site.url('/login.html') };
    expect(validRequest('BrowseRequest', body)).toBe(true);
    const opened = await api(stack.url, 'POST', '/v1/browse', { key, body });
    expectDocumented('/v1/browse', 'post', opened);
    const id = opened.body.session_id as string;

    const tool = await api(stack.url, 'POST', '/v1/browse', {
      key,
      body: { session_id: id, tool: 'no_such_tool', params: { a: 'b' } },
    });
    expectDocumented('/v1/browse', 'post', tool);
    expect(tool.body.results[0].success).toBe(false);

    const batch = await api(stack.url, 'POST', '/v1/browse', {
      key,
      body: { session_id: id, tools: [{ tool: 'no_such_tool' }], include_page_content: true },
    });
    expectDocumented('/v1/browse', 'post', batch);

    expectDocumented('/v1/session/{id}', 'delete', await api(stack.url, 'DELETE', `/v1/session/${id}`, { key }));
    const gone = await api(stack.url, 'DELETE', `/v1/session/${id}`, { key });
    expect(gone.status).toBe(404);
    expectDocumented('/v1/session/{id}', 'delete', gone);

    expectDocumented('/v1/usage', 'get', await api(stack.url, 'GET', '/v1/usage', { key }));
    expectDocumented('/v1/billing/portal', 'get', await api(stack.url, 'GET', '/v1/billing/portal', { key }));
    const minted = await api(stack.url, 'POST', '/v1/playground/tokens', { key, body: {} });
    expectDocumented('/v1/playground/tokens', 'post', minted);
    const forbidden = await api(stack.url, 'GET', '/v1/usage', { key: minted.body.token });
    expect(forbidden.status).toBe(403);
    expectDocumented('/v1/usage', 'get', forbidden);

    expectDocumented('/health', 'get', await api(stack.url, 'GET', '/health'));
    expectDocumented('/health', 'get', await api(stack.url, 'GET', '/health?deep=true'));
  });

  test('refusals carry documented statuses and codes', async () => {
    const cases: Array<[unknown, number]> = [
      [{}, 400],
      [{ url: 'ftp://example.com/' }, 400],
      [{ url: site.url('/'), tool: 'a', tools: [{ tool: 'b' }] }, 400],
      ['{not json', 400],
      [{ session_id: 'A'.repeat(24) }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await api(stack.url, 'POST', '/v1/browse', { key, body });
      expect([body, res.status]).toEqual([body, status]);
      expectDocumented('/v1/browse', 'post', res);
      if (typeof body === 'object') expect(validRequest('BrowseRequest', body)).toBe(status === 404);
    }
    const unauth = await api(stack.url, 'POST', '/v1/browse', { body: { url: site.url('/') } });
    expectDocumented('/v1/browse', 'post', unauth);
    const media = await api(stack.url, 'POST', '/v1/browse', {
      key,
      body: 'url=x',
      headers: { 'content-type': 'text/plain' },
    });
    expectDocumented('/v1/browse', 'post', media);
  });
});

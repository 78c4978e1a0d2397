import { BrowseRequest, ERROR_CODES, LIMITS, PagemapError, toolCallsOf } from '../src';

const ok = (body: unknown) => BrowseRequest.safeParse(body).success;

test('exactly one of url and session_id', () => {
  expect(ok({ url: 'https://example.com/' })).toBe(true);
  expect(ok({ session_id: 'A'.repeat(24) })).toBe(true);
  expect(ok({})).toBe(false);
  expect(ok({ url: 'https://example.com/', session_id: 'A'.repeat(24) })).toBe(false);
});

test.each([
  'ftp://example.com/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '/relative',
  'example.com',
  'data:text/html,hi',
])('%s is not a browsable url', (url) => {
  expect(ok({ url })).toBe(false);
});

test('tool and tools are exclusive, params go with tool, batches are bounded', () => {
  expect(ok({ url: 'https://a.example/', tool: 'login', params: { username: 'u' } })).toBe(true);
  expect(ok({ url: 'https://a.example/', tool: 'x', tools: [{ tool: 'y' }] })).toBe(false);
  expect(ok({ url: 'https://a.example/', params: { q: 'x' } })).toBe(false);
  expect(ok({ url: 'https://a.example/', tools: [] })).toBe(false);
  expect(
    ok({ url: 'https://a.example/', tools: Array.from({ length: LIMITS.maxBatchTools }, () => ({ tool: 't' })) }),
  ).toBe(true);
  expect(
    ok({ url: 'https://a.example/', tools: Array.from({ length: LIMITS.maxBatchTools + 1 }, () => ({ tool: 't' })) }),
  ).toBe(false);
  expect(ok({ url: 'https://a.example/', unknown_field: 1 })).toBe(false);
});

test('toolCallsOf turns a single tool into a batch of one', () => {
  expect(toolCallsOf(BrowseRequest.parse({ url: 'https://a.example/' }))).toEqual([]);
  expect(
    toolCallsOf(BrowseRequest.parse({ url: 'https://a.example/', tool: 'search', params: { query: 'q' } })),
  ).toEqual([{ tool: 'search', params: { query: 'q' } }]);
  expect(
    toolCallsOf(BrowseRequest.parse({ session_id: 'A'.repeat(24), tools: [{ tool: 'a' }, { tool: 'b' }] })),
  ).toHaveLength(2);
});

test("PagemapError carries the table's status and an upper-case code", () => {
  for (const [code, info] of Object.entries(ERROR_CODES)) {
    const err = new PagemapError(code as keyof typeof ERROR_CODES);
    expect(err.status).toBe(info.status);
    expect(err.toBody()).toEqual({ error: code, message: info.description });
    expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  }
  expect(ERROR_CODES.SESSION_NOT_FOUND.status).toBe(404);
  expect(ERROR_CODES.DOMAIN_BLOCKED.status).toBe(403);
  expect(ERROR_CODES.SITE_BLOCKED).toMatchObject({ status: 502, retryable: false });
});

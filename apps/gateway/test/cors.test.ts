/**
 * CORS for the documentation site's playground: only the configured origin, only /v1 paths, only
 * playground tokens; and a browser following billing.portal_url lands in the dashboard.
 */
import { mintPlaygroundToken } from '@pagemap/accounts';
import { api, startStack, type Stack } from '@pagemap/test-utils';

const DOCS = 'http://docs.pagemap.test:8090';
let stack: Stack;
let key: string;
let playground: string;

beforeAll(async () => {
  stack = await startStack({
    workers: 0,
    gatewayEnv: { PAGEMAP_DOCS_ORIGIN: `${DOCS}/docs/`, PAGEMAP_DASHBOARD_URL: DOCS },
  });
  const t = await stack.tenant({ plan: 'builder' });
  key = t.apiKey;
  playground = mintPlaygroundToken(stack.env.PAGEMAP_JWT_SECRET!, t.tenant.id).token;
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

test('a preflight from the docs origin is allowed for POST/DELETE with Authorization; other origins get no CORS headers', async () => {
  const pre = (origin: string) =>
    fetch(`${stack.url}/v1/browse`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
  const ok = await pre(DOCS);
  expect(ok.status).toBe(204);
  expect(ok.headers.get('access-control-allow-origin')).toBe(DOCS);
  expect(ok.headers.get('access-control-allow-methods')).toBe('POST, DELETE');
  expect(ok.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  expect(ok.headers.get('vary')).toMatch(/Origin/);
  const evil = await pre('http://evil.test');
  expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  // Not on non-API paths either.
  const metrics = await fetch(`${stack.url}/metrics`, {
    method: 'OPTIONS',
    headers: { origin: DOCS, 'access-control-request-method': 'GET' },
  });
  expect(metrics.headers.get('access-control-allow-origin')).toBeNull();
});

test('from the docs origin a playground token is answered readably (its scope still applies); a full key is refused', async () => {
  const usage = await api(stack.url, 'GET', '/v1/usage', { key: playground, headers: { origin: DOCS } });
  expect({ status: usage.status, error: usage.body.error }).toEqual({ status: 403, error: 'FORBIDDEN' });
  expect(usage.headers.get('access-control-allow-origin')).toBe(DOCS);
  expect(usage.headers.get('access-control-expose-headers')).toMatch(/X-Usage-Action-Count/);
  const full = await api(stack.url, 'GET', '/v1/usage', { key, headers: { origin: DOCS } });
  expect({ status: full.status, error: full.body.error }).toEqual({ status: 403, error: 'FORBIDDEN' });
  expect(full.body.message).toMatch(/playground token/);
});

test('without an Origin a full key works as before; another origin gets the answer without CORS headers (browsers hide it)', async () => {
  const plain = await api(stack.url, 'GET', '/v1/usage', { key });
  expect(plain.status).toBe(200);
  expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  const other = await api(stack.url, 'GET', '/v1/usage', { key, headers: { origin: 'http://evil.test' } });
  expect(other.headers.get('access-control-allow-origin')).toBeNull();
});

test('a browser following billing.portal_url is sent to the dashboard billing area; API clients still get JSON', async () => {
  const usage = await api(stack.url, 'GET', '/v1/usage', { key });
  const portal = new URL(usage.body.billing.portal_url, `${stack.url}/`).toString();
  const browser = await fetch(portal, {
    headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    redirect: 'manual',
  });
  expect(browser.status).toBe(303);
  expect(browser.headers.get('location')).toBe(`${DOCS}/billing/portal`);
  const client = await api(stack.url, 'GET', usage.body.billing.portal_url, { key });
  expect(client.status).toBe(200);
  expect(client.body.plan).toBe('builder');
});

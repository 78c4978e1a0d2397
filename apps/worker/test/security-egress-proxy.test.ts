/**
 * The egress proxy in-process, without Chromium: what it forwards, what it refuses, and that it
 * connects to the address it vetted (a resolver that changes its answer — DNS rebinding — gets
 * nowhere). The whole-stack table of SSRF attempts is in security-ssrf.test.ts.
 */
import { request, createServer, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { createLogger } from '@pagemap/runtime';
import { EgressProxy, REFUSED_HEADER } from '../src/browser/egress-proxy';
import { HostResolver, OutboundGuard } from '../src/browser/outbound-guard';

const log = createLogger({ name: 'test', level: 'silent' });

let allowedHttp: Server;
let allowedPort: number;
let trap: TcpServer;
let trapPort: number;
let trapHits = 0;

beforeAll(async () => {
  allowedHttp = createServer((req, res) => res.end(`ok ${req.url} host=${req.headers.host}`));
  await new Promise<void>((r) => allowedHttp.listen(0, '127.0.0.1', () => r()));
  allowedPort = (allowedHttp.address() as AddressInfo).port;
  // Stands in for every forbidden target: counts any TCP connection at all.
  trap = createTcpServer((s) => {
    trapHits += 1;
    s.destroy();
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.2', () => r()));
  trapPort = (trap.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((r) => allowedHttp.close(r));
  await new Promise((r) => trap.close(r));
});

async function withProxy<T>(resolver: HostResolver, fn: (port: number) => Promise<T>): Promise<T> {
  const proxy = new EgressProxy(new OutboundGuard(['127.0.0.1/32'], resolver), log);
  const port = await proxy.start();
  try {
    return await fn(port);
  } finally {
    await proxy.close();
  }
}

function proxiedGet(
  proxyPort: number,
  url: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: proxyPort, method: 'GET', path: url, headers: { host: new URL(url).host } },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function proxiedConnect(proxyPort: number, authority: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(proxyPort, '127.0.0.1', () =>
      s.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`),
    );
    let got = '';
    s.on('data', (c) => {
      got += c.toString();
      if (got.includes('\r\n\r\n')) {
        s.destroy();
        resolve(got.split('\r\n')[0]!);
      }
    });
    s.on('error', reject);
    s.on('close', () => resolve(got.split('\r\n')[0] ?? ''));
  });
}

test('forwards plain http to an allowed address, keeping the Host header', async () => {
  await withProxy(new HostResolver({ 'allowed.test': '127.0.0.1' }), async (port) => {
    const res = await proxiedGet(port, `http://allowed.test:${allowedPort}/x?y=1`);
    expect(res.status).toBe(200);
    expect(res.body).toBe(`ok /x?y=1 host=allowed.test:${allowedPort}`);
  });
});

test.each([
  ['a loopback address off the allow list', () => `http://127.0.0.2:${trapPort}/`],
  ['an IPv4-mapped IPv6 spelling', () => `http://[::ffff:127.0.0.2]:${trapPort}/`],
  ['a host name mapped to it', () => `http://trap.test:${trapPort}/`],
  ['IPv6 loopback', () => `http://[::1]:${trapPort}/`],
])('refuses plain http to %s with a marked 403', async (_what, url) => {
  await withProxy(new HostResolver({ 'trap.test': '127.0.0.2' }), async (port) => {
    const res = await proxiedGet(port, url());
    expect(res.status).toBe(403);
    expect(res.headers[REFUSED_HEADER]).toBe('refused');
  });
  expect(trapHits).toBe(0);
});

test('refuses CONNECT tunnels to forbidden addresses and allows them to allowed ones', async () => {
  await withProxy(new HostResolver({ 'trap.test': '127.0.0.2' }), async (port) => {
    expect(await proxiedConnect(port, `127.0.0.2:${trapPort}`)).toMatch(/^HTTP\/1\.1 403/);
    expect(await proxiedConnect(port, `trap.test:${trapPort}`)).toMatch(/^HTTP\/1\.1 403/);
    expect(await proxiedConnect(port, `[::ffff:7f00:2]:${trapPort}`)).toMatch(/^HTTP\/1\.1 403/);
    expect(await proxiedConnect(port, `169.254.169.254:80`)).toMatch(/^HTTP\/1\.1 403/);
    expect(await proxiedConnect(port, `127.0.0.1:${allowedPort}`)).toMatch(/^HTTP\/1\.1 200/);
  });
  expect(trapHits).toBe(0);
});

test('a host with one non-public address among several is refused', async () => {
  class TwoAnswers extends HostResolver {
    override async resolve(): Promise<string[]> {
      return ['127.0.0.1', '127.0.0.2'];
    }
  }
  await withProxy(new TwoAnswers(), async (port) => {
    const res = await proxiedGet(port, `http://mixed.test:${trapPort}/`);
    expect(res.status).toBe(403);
  });
  expect(trapHits).toBe(0);
});

test('DNS rebinding: the proxy connects to the address it vetted, never resolving again', async () => {
  // First answer allowed, every later answer the forbidden address: a connection made by
  // re-resolving would reach the trap.
  class Rebinding extends HostResolver {
    calls = 0;
    override async resolve(): Promise<string[]> {
      this.calls += 1;
      return [this.calls === 1 ? '127.0.0.1' : '127.0.0.2'];
    }
  }
  const resolver = new Rebinding();
  await withProxy(resolver, async (port) => {
    const first = await proxiedGet(port, `http://rebind.test:${allowedPort}/first`);
    expect(first.status).toBe(200);
    expect(first.body).toContain('ok /first');
    // The next connection sees the rebound answer and is refused.
    const second = await proxiedGet(port, `http://rebind.test:${trapPort}/second`);
    expect(second.status).toBe(403);
  });
  expect(resolver.calls).toBe(2);
  expect(trapHits).toBe(0);
});

test('the guard judges every odd spelling of a non-public address', () => {
  const guard = new OutboundGuard([]);
  for (const a of [
    '127.0.0.1',
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '192.168.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '64:ff9b::7f00:1',
  ]) {
    expect([a, guard.addressAllowed(a)]).toEqual([a, false]);
  }
  for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect(guard.addressAllowed(a)).toBe(true);
  for (const u of [
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'view-source:http://example.com/',
    'data:text/html,hi',
    'chrome://settings',
    'ftp://example.com/',
  ]) {
    expect([u, guard.quickCheck(u).allowed]).toEqual([u, false]);
  }
});

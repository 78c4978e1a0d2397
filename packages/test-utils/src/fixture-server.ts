/**
 * The loopback fixture site: static pages from fixtures/site plus a few dynamic routes (a login
 * that sets a cookie, a search, redirects, slow pages). Tests never touch the internet; browsers
 * in tests reach this server only because the tests opt in to loopback targets.
 *
 * Every request is counted per path, so tests can assert that a refused target was never hit.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';

export const FIXTURE_SITE_DIR = join(__dirname, '..', 'fixtures', 'site');

export type FixtureHandler = (req: IncomingMessage, res: ServerResponse, url: URL, body: string) => void | Promise<void>;

export interface FixtureServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  port: number;
  /** Absolute URL of a path on this server. */
  url(path: string): string;
  /** Requests seen for a path (without query), or for all paths. */
  hits(path?: string): number;
  /** Adds or replaces a dynamic route. */
  route(method: string, path: string, handler: FixtureHandler): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Users the fixture login accepts. */
export const FIXTURE_USERS: Record<string, string> = { alice: 'correct-horse-battery-staple' };

export function parseCookies(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
  }
  return out;
}

function html(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(body);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function defaultRoutes(): Map<string, FixtureHandler> {
  const routes = new Map<string, FixtureHandler>();
  routes.set('POST /login', (_req, res, _url, body) => {
    const form = new URLSearchParams(body);
    const user = form.get('username') ?? form.get('email') ?? '';
    if (FIXTURE_USERS[user] !== undefined && FIXTURE_USERS[user] === form.get('password')) {
      res.writeHead(302, { location: '/account', 'set-cookie': `sid=${encodeURIComponent(user)}; Path=/; HttpOnly` });
      res.end();
      return;
    }
    html(res, 401, `<!doctype html><title>Sign in</title><main><p class="error" role="alert">Invalid username or password.</p>
<form method="post" action="/login"><label>Username <input name="username"></label><label>Password <input type="password" name="password"></label><button type="submit">Sign in</button></form></main>`);
  });
  routes.set('GET /account', (req, res) => {
    const sid = parseCookies(req).sid;
    if (!sid) {
      res.writeHead(302, { location: '/login.html' });
      res.end();
      return;
    }
    html(res, 200, `<!doctype html><title>Your account</title><main><h1>Welcome, ${escapeHtml(sid)}</h1><p>You are signed in.</p><a href="/logout">Sign out</a></main>`);
  });
  routes.set('GET /search', (_req, res, url) => {
    const q = url.searchParams.get('q') ?? '';
    html(res, 200, `<!doctype html><title>Results for ${escapeHtml(q)}</title><main><h1>Results for “${escapeHtml(q)}”</h1><ol><li><a href="/article.html">An article about ${escapeHtml(q)}</a></li></ol></main>`);
  });
  routes.set('GET /set-cookie', (_req, res, url) => {
    const name = url.searchParams.get('name') ?? 'c';
    const value = url.searchParams.get('value') ?? '1';
    html(res, 200, `<!doctype html><title>Cookie set</title><p>Set ${escapeHtml(name)}.</p>`, { 'set-cookie': `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/` });
  });
  routes.set('GET /cookies', (req, res) => {
    const names = Object.keys(parseCookies(req)).sort();
    html(res, 200, `<!doctype html><title>Cookies: ${escapeHtml(names.join(',') || 'none')}</title><p>${escapeHtml(names.join(', '))}</p>`);
  });
  routes.set('GET /redirect', (_req, res, url) => {
    res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
    res.end();
  });
  routes.set('GET /slow', async (_req, res, url) => {
    const ms = Math.min(Number(url.searchParams.get('ms') ?? 1000), 60_000);
    await new Promise((r) => setTimeout(r, ms));
    html(res, 200, `<!doctype html><title>Slow page</title><p>Waited ${ms} ms.</p>`);
  });
  routes.set('GET /status', (_req, res, url) => {
    const code = Number(url.searchParams.get('code') ?? 200);
    html(res, code, `<!doctype html><title>Status ${code}</title><p>Status ${code}</p>`);
  });
  return routes;
}

export async function startFixtureServer(opts: { host?: string; port?: number; siteDir?: string } = {}): Promise<FixtureServer> {
  const host = opts.host ?? '127.0.0.1';
  const siteDir = opts.siteDir ?? FIXTURE_SITE_DIR;
  const routes = defaultRoutes();
  const hitCounts = new Map<string, number>();

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    hitCounts.set(url.pathname, (hitCounts.get(url.pathname) ?? 0) + 1);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const handler = routes.get(`${req.method} ${url.pathname}`);
      const done = handler ? Promise.resolve(handler(req, res, url, body)) : serveStatic(siteDir, url.pathname, res);
      done.catch(() => {
        if (!res.headersSent) html(res, 500, '<title>Fixture error</title>');
        else res.end();
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    port,
    url: (path) => new URL(path, origin).toString(),
    hits: (path) => (path === undefined ? [...hitCounts.values()].reduce((a, b) => a + b, 0) : (hitCounts.get(path) ?? 0)),
    route: (method, path, handler) => void routes.set(`${method.toUpperCase()} ${path}`, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serveStatic(siteDir: string, pathname: string, res: ServerResponse): Promise<void> {
  const rel = normalize(decodeURIComponent(pathname === '/' ? '/index.html' : pathname)).replace(/^(\.\.[/\\])+/, '');
  const file = join(siteDir, rel);
  if (!file.startsWith(siteDir)) return html(res, 403, '<title>Forbidden</title>');
  try {
    const data = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(data);
  } catch {
    html(res, 404, '<!doctype html><title>Not found</title><p>No such page.</p>');
  }
}

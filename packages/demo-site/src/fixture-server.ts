/**
 * The loopback fixture site: static pages from fixtures/site plus a few dynamic routes (a login
 * that sets a cookie, a search, redirects, slow pages). Tests never touch the internet; browsers
 * in tests reach this server only because the tests opt in to loopback targets.
 *
 * Every request is counted per path, so tests can assert that a refused target was never hit.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { type FixtureHandler, type FixtureRoutes, html } from './fixture-http';
import { addPageRoutes, addSessionRoutes } from './routes/basic';
import { addFormRoutes } from './routes/forms';
import { addSecondFactorRoutes, addSingleStepRoutes, addTwoStepRoutes } from './routes/login-flows';

export { FIXTURE_USERS, type FixtureHandler, parseCookies } from './fixture-http';

export const FIXTURE_SITE_DIR = join(__dirname, '..', 'fixtures', 'site');

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

/** Content types of the static files the loopback sites serve (the demo site and the web corpus). */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

function defaultRoutes(): FixtureRoutes {
  const routes: FixtureRoutes = new Map();
  addSessionRoutes(routes);
  addPageRoutes(routes);
  addTwoStepRoutes(routes);
  addSingleStepRoutes(routes);
  addSecondFactorRoutes(routes);
  addFormRoutes(routes);
  return routes;
}

export async function startFixtureServer(
  opts: { host?: string; port?: number; siteDir?: string } = {},
): Promise<FixtureServer> {
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
    hits: (path) =>
      path === undefined ? [...hitCounts.values()].reduce((a, b) => a + b, 0) : (hitCounts.get(path) ?? 0),
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
    res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(data);
  } catch {
    html(res, 404, '<!doctype html><title>Not found</title><p>No such page.</p>');
  }
}

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

export type FixtureHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
) => void | Promise<void>;

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
    html(
      res,
      401,
      `<!doctype html><title>Sign in</title><main><p class="error" role="alert">Invalid username or password.</p>
<form method="post" action="/login"><label>Username <input name="username"></label><label>Password <input type="password" name="password"></label><button type="submit">Sign in</button></form></main>`,
    );
  });
  routes.set('GET /account', (req, res) => {
    const sid = parseCookies(req).sid;
    if (!sid) {
      res.writeHead(302, { location: '/login.html' });
      res.end();
      return;
    }
    html(
      res,
      200,
      `<!doctype html><title>Your account</title><main><h1>Welcome, ${escapeHtml(sid)}</h1><p>You are signed in.</p><a href="/logout">Sign out</a></main>`,
    );
  });
  routes.set('GET /search', (_req, res, url) => {
    const q = url.searchParams.get('q') ?? '';
    html(
      res,
      200,
      `<!doctype html><title>Results for ${escapeHtml(q)}</title><main><h1>Results for “${escapeHtml(q)}”</h1><ol><li><a href="/article.html">An article about ${escapeHtml(q)}</a></li></ol></main>`,
    );
  });
  routes.set('GET /set-cookie', (_req, res, url) => {
    const name = url.searchParams.get('name') ?? 'c';
    const value = url.searchParams.get('value') ?? '1';
    html(res, 200, `<!doctype html><title>Cookie set</title><p>Set ${escapeHtml(name)}.</p>`, {
      'set-cookie': `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/`,
    });
  });
  routes.set('GET /cookies', (req, res) => {
    const names = Object.keys(parseCookies(req)).sort();
    html(
      res,
      200,
      `<!doctype html><title>Cookies: ${escapeHtml(names.join(',') || 'none')}</title><p>${escapeHtml(names.join(', '))}</p>`,
    );
  });
  routes.set('GET /redirect', (_req, res, url) => {
    res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
    res.end();
  });
  routes.set('GET /slow', async (_req, res, url) => {
    const ms = Math.min(Number(url.searchParams.get('ms') ?? 1000), 60_000);
    await new Promise((r) => setTimeout(r, ms).unref()); // never holds a test process open
    html(res, 200, `<!doctype html><title>Slow page</title><p>Waited ${ms} ms.</p>`);
  });
  routes.set('GET /status', (_req, res, url) => {
    const code = Number(url.searchParams.get('code') ?? 200);
    html(res, code, `<!doctype html><title>Status ${code}</title><p>Status ${code}</p>`);
  });
  // ---- login flows for page-map tests (all accept FIXTURE_USERS, answer like real sites do) ----
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;
  const signIn = (res: ServerResponse, user: string, to = '/account') => {
    res.writeHead(302, { location: to, 'set-cookie': `sid=${encodeURIComponent(user)}; Path=/; HttpOnly` });
    res.end();
  };
  const good = (user: string | null, pass: string | null) =>
    !!user && FIXTURE_USERS[user] !== undefined && FIXTURE_USERS[user] === pass;
  const wrongPage = (action: string, userField = 'username') =>
    page(
      'Sign in',
      `<h1>Sign in</h1><p class="error" role="alert">Incorrect username or password. Try again.</p><form method="post" action="${action}"><label>Username <input name="${userField}"></label><label>Password <input type="password" name="password"></label><button type="submit">Sign in</button></form>`,
    );
  // Two-step: username first, then a password page.
  routes.set('POST /login/two-step', (_req, res, _url, body) => {
    const user = new URLSearchParams(body).get('identifier') ?? '';
    if (!user) return html(res, 400, wrongPage('/login/two-step', 'identifier'));
    html(
      res,
      200,
      page(
        'Sign in — Step 2 — Fixture Bank',
        `<h1>Welcome ${escapeHtml(user)}</h1><form method="post" action="/login/two-step/password"><input type="hidden" name="identifier" value="${escapeHtml(user)}"><label for="pw">Password</label><input id="pw" type="password" name="password" autocomplete="current-password"><button type="submit">Sign in</button></form>`,
      ),
    );
  });
  routes.set('POST /login/two-step/password', (_req, res, _url, body) => {
    const f = new URLSearchParams(body);
    if (good(f.get('identifier'), f.get('password'))) return signIn(res, f.get('identifier')!);
    html(
      res,
      401,
      page(
        'Sign in — Step 2 — Fixture Bank',
        `<h1>Sign in</h1><div role="alert">Wrong password. Try again.</div><form method="post" action="/login/two-step/password"><input type="hidden" name="identifier" value="${escapeHtml(f.get('identifier') ?? '')}"><label for="pw">Password</label><input id="pw" type="password" name="password"><button type="submit">Sign in</button></form>`,
      ),
    );
  });
  routes.set('POST /login/password-only', (_req, res, _url, body) => {
    if (new URLSearchParams(body).get('pw') === FIXTURE_USERS.alice) return signIn(res, 'alice', '/account');
    html(
      res,
      401,
      page(
        'Confirm your password',
        `<p class="error" role="alert">That password is incorrect.</p><form method="post" action="/login/password-only"><label>Password <input type="password" name="pw"></label><button>Continue</button></form>`,
      ),
    );
  });
  // CAPTCHA: the form posts, the site insists on the (never solved) CAPTCHA.
  routes.set('POST /login/captcha', (_req, res) => {
    html(
      res,
      400,
      page(
        'Log in — Fixture Forum',
        `<h1>Log in</h1><p class="error" role="alert">Please complete the CAPTCHA to continue.</p><form method="post" action="/login/captcha"><label>Email <input type="email" name="email"></label><label>Password <input type="password" name="password"></label><div class="g-recaptcha" data-sitekey="6LeFAKE-fixture-site-key" style="width:304px;height:78px;border:1px solid #ccc">I'm not a robot</div><button type="submit">Log in</button></form>`,
      ),
    );
  });
  // One-time code after the password.
  routes.set('POST /login/otp', (_req, res, _url, body) => {
    const f = new URLSearchParams(body);
    if (!good(f.get('username'), f.get('password'))) return html(res, 401, wrongPage('/login/otp'));
    html(
      res,
      200,
      page(
        'Two-step verification — Fixture Cloud',
        `<h1>Two-step verification</h1><p>Enter the 6-digit code from your authenticator app.</p><form method="post" action="/login/otp/verify"><input type="hidden" name="username" value="${escapeHtml(f.get('username') ?? '')}"><label for="c">Verification code</label><input id="c" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6"><button type="submit">Verify</button></form>`,
      ),
    );
  });
  routes.set('POST /login/otp/verify', (_req, res, _url, body) => {
    const f = new URLSearchParams(body);
    if (f.get('code') === '123456') return signIn(res, f.get('username') ?? 'alice');
    html(
      res,
      401,
      page(
        'Two-step verification — Fixture Cloud',
        `<h1>Two-step verification</h1><p class="error" role="alert">That code is invalid. Try again.</p><form method="post" action="/login/otp/verify"><input type="hidden" name="username" value="${escapeHtml(f.get('username') ?? '')}"><label for="c">Verification code</label><input id="c" name="code" autocomplete="one-time-code"><button type="submit">Verify</button></form>`,
      ),
    );
  });
  routes.set('POST /login/approve', (_req, res, _url, body) => {
    const f = new URLSearchParams(body);
    if (!good(f.get('username'), f.get('password'))) return html(res, 401, wrongPage('/login/approve'));
    html(
      res,
      200,
      page(
        'Check your phone — Fixture Mail',
        `<h1>Check your phone</h1><p>We sent a notification to your phone. Approve the sign-in on your other device to continue.</p><p><a href="/login-approve.html">Try another way</a></p>`,
      ),
    );
  });
  routes.set('POST /login/newdevice', (_req, res, _url, body) => {
    const f = new URLSearchParams(body);
    if (!good(f.get('username'), f.get('password'))) return html(res, 401, wrongPage('/login/newdevice'));
    html(
      res,
      200,
      page(
        "Confirm it's you — Fixture Store",
        `<h1>Is this you?</h1><p>We don't recognize this browser. We sent an email to confirm this new device; open the link in it to finish signing in.</p>`,
      ),
    );
  });
  // The div-built login posts JSON.
  routes.set('POST /api/login', (_req, res, _url, body) => {
    let user = '';
    let pass = '';
    try {
      const j = JSON.parse(body) as { username?: string; password?: string };
      user = j.username ?? '';
      pass = j.password ?? '';
    } catch {
      // bad JSON: rejected below
    }
    if (good(user, pass)) {
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': `sid=${encodeURIComponent(user)}; Path=/; HttpOnly`,
      });
      res.end('{"ok":true}');
      return;
    }
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"ok":false}');
  });
  // Other form targets: echo field NAMES (never values) so tests can see what was submitted.
  for (const path of ['/subscribe', '/contact', '/cart', '/feedback', '/book', '/signup']) {
    routes.set(`POST ${path}`, (_req, res, _url, body) => {
      const f = new URLSearchParams(body);
      const filled = [...f.keys()].filter((k) => f.get(k)).sort();
      html(
        res,
        200,
        page(
          `Thanks — ${path.slice(1)}`,
          `<h1>Thank you</h1><p id="fields">${escapeHtml(filled.join(','))}</p>${path === '/book' ? `<p id="party">${escapeHtml(f.get('party_size') ?? '')}</p>` : ''}${path === '/cart' ? `<p id="cart">${escapeHtml(`${f.get('size')}/${f.get('quantity')}/${f.get('grind')}`)}</p>` : ''}`,
        ),
      );
    });
  }
  // Access denied served with 403, as an edge would.
  routes.set('GET /denied', (_req, res) => {
    html(
      res,
      403,
      "<!doctype html><title>403 Forbidden</title><h1>Forbidden</h1><p>You don't have permission to access this resource. Your request was blocked.</p>",
    );
  });
  routes.set('GET /challenge', (_req, res) => {
    html(
      res,
      403,
      '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><h2>Checking your browser before accessing 127.0.0.1</h2><script>window._cf_chl_opt={cType:"managed"}</script></body></html>',
    );
  });
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

/**
 * The fixture site's general routes: a plain login that sets a cookie and the account page behind
 * it, a search, cookie setting and listing, redirects, slow pages, any status, and what an edge
 * answers when it blocks (access denied, a browser challenge).
 */
import { escapeHtml, type FixtureRoutes, FIXTURE_USERS, html, parseCookies } from '../fixture-http';

/** The plain login, the account page and the cookie routes. */
export function addSessionRoutes(routes: FixtureRoutes): void {
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
}

/** Search, redirects, slow pages, statuses and blocked answers. */
export function addPageRoutes(routes: FixtureRoutes): void {
  routes.set('GET /search', (_req, res, url) => {
    const q = url.searchParams.get('q') ?? '';
    html(
      res,
      200,
      `<!doctype html><title>Results for ${escapeHtml(q)}</title><main><h1>Results for “${escapeHtml(q)}”</h1><ol><li><a href="/article.html">An article about ${escapeHtml(q)}</a></li></ol></main>`,
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
}

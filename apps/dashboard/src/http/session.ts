/**
 * Sessions and CSRF. The session cookie is HttpOnly, SameSite=Lax, Path=/, and Secure whenever
 * the dashboard's public URL is https (behind a TLS proxy, with PAGEMAP_TRUST_PROXY); with a
 * Secure cookie it also takes the `__Host-` prefix, which browsers bind to this exact origin.
 * CSRF: the synchroniser-token pattern (csrf-sync) — a token kept in the server-side session and
 * sent back in every form (`_csrf`) or in `X-CSRF-Token` for JSON calls.
 */
import type { Request, RequestHandler } from 'express';
import session from 'express-session';
import { csrfSync } from 'csrf-sync';
import type { DashboardServices } from '../services';
import { RedisSessionStore } from './session-store';

declare module 'express-session' {
  interface SessionData {
    ownerId?: string;
    flash?: { kind: 'ok' | 'error'; text: string };
  }
}

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-pagemap_session' : 'pagemap_session';
}

export function sessions(services: DashboardServices): RequestHandler {
  const { env, redis, keys } = services;
  const secure = env.publicUrl.protocol === 'https:';
  return session({
    name: sessionCookieName(secure),
    secret: env.PAGEMAP_DASHBOARD_SESSION_SECRET,
    store: new RedisSessionStore(redis, `${keys.dashboard}:sess:`, env.PAGEMAP_DASHBOARD_SESSION_TTL_S),
    resave: false,
    // A session is stored only once something is put in it (a CSRF token for a form, a sign-in).
    saveUninitialized: false,
    rolling: true,
    proxy: env.PAGEMAP_TRUST_PROXY,
    cookie: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: env.PAGEMAP_DASHBOARD_SESSION_TTL_S * 1000 },
  });
}

export const { csrfSynchronisedProtection: csrfProtection, generateToken: csrfToken } = csrfSync({
  getTokenFromRequest: (req: Request) => {
    const fromBody = (req.body as Record<string, unknown> | undefined)?._csrf;
    if (typeof fromBody === 'string') return fromBody;
    const header = req.headers['x-csrf-token'];
    return typeof header === 'string' ? header : undefined;
  },
});

/** Puts a one-time message in the session for the next page. */
export function flash(req: Request, kind: 'ok' | 'error', text: string): void {
  req.session.flash = { kind, text };
}

export function takeFlash(req: Request): { kind: 'ok' | 'error'; text: string } | undefined {
  const f = req.session.flash;
  delete req.session.flash;
  return f;
}

/**
 * What every route of the fixture site shares: the handler type, the users the fixture logins
 * accept, cookies, and the small HTML writers (each page is a string; no templates).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type FixtureHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
) => void | Promise<void>;

/** The dynamic routes, by `METHOD /path`. */
export type FixtureRoutes = Map<string, FixtureHandler>;

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

export function html(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(body);
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A whole HTML document with `body` in its main landmark. */
export const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;

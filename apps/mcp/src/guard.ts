/**
 * Who may call the HTTP transport, decided from headers before any JSON-RPC is read.
 *
 * DNS rebinding: a page on evil.example re-points its own name at 127.0.0.1 and then talks to
 * this server as "same origin", so CORS does not stop it. The MCP specification asks servers
 * to check `Origin` (and a loopback server its `Host`): a rebound request carries the attacker's
 * name in both. Both are checked against allow-lists that default to the loopback names.
 *
 * Borrowed credentials: the server may hold a key of its own (PAGEMAP_API_KEY) for local,
 * non-browser agents. A request from a browser page (it carries `Origin`) must bring its own
 * key, or any page the user visits could spend the operator's key through an allowed origin.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Host names every server accepts: the loopback addresses by name and number. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

export interface GuardOptions {
  /** Extra accepted `Host` names (without port), e.g. `mcp.internal.example`. */
  allowedHosts: string[];
  /** Extra accepted `Origin`s, exact (`https://app.example`); loopback origins on any port always pass. */
  allowedOrigins: string[];
}

export type GuardVerdict = { ok: true; browser: boolean } | { ok: false; status: 403; message: string };

/** The host name of a Host header or origin authority, lower-cased, port dropped, IPv6 kept in brackets. */
export function hostnameOf(authority: string): string {
  const a = authority.trim().toLowerCase();
  if (a.startsWith('[')) return a.slice(0, a.indexOf(']') + 1);
  const colon = a.indexOf(':');
  return colon === -1 ? a : a.slice(0, colon);
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const u = new URL(origin);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') &&
      (LOOPBACK_HOSTS as readonly string[]).includes(u.hostname.toLowerCase())
    );
  } catch {
    return false;
  }
}

/** Normalises allow-list entries: hosts lower-case without port; origins as `URL.origin`. */
export function guardOptions(allowedHosts: string[], allowedOrigins: string[]): GuardOptions {
  return {
    allowedHosts: allowedHosts.map(hostnameOf),
    allowedOrigins: allowedOrigins.map((o) => {
      try {
        return new URL(o).origin;
      } catch {
        return o;
      }
    }),
  };
}

export function checkRequest(headers: IncomingHttpHeaders, opts: GuardOptions): GuardVerdict {
  const host = headers.host;
  if (!host) return { ok: false, status: 403, message: 'Missing Host header.' };
  const hostname = hostnameOf(host);
  if (!(LOOPBACK_HOSTS as readonly string[]).includes(hostname) && !opts.allowedHosts.includes(hostname)) {
    return {
      ok: false,
      status: 403,
      message: `Host "${hostname}" is not allowed (DNS rebinding protection); add it to PAGEMAP_MCP_ALLOWED_HOSTS.`,
    };
  }
  const origin = headers.origin;
  if (origin === undefined) return { ok: true, browser: false };
  if (!isLoopbackOrigin(origin) && !opts.allowedOrigins.includes(origin)) {
    return {
      ok: false,
      status: 403,
      message: `Origin "${origin}" is not allowed; add it to PAGEMAP_MCP_ALLOWED_ORIGINS.`,
    };
  }
  return { ok: true, browser: true };
}

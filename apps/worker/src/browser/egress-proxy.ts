/**
 * The egress proxy: every connection Chromium makes goes through here, so the outbound guard
 * judges the address actually connected to, not the text of a URL.
 *
 * A small HTTP forward proxy on 127.0.0.1:<random port>, inside the worker process. Chromium is
 * launched with `--proxy-server` pointing at it and `--proxy-bypass-list=<-loopback>` (without
 * that, Chromium sends loopback targets directly). It serves:
 * - plain HTTP requests in absolute form (`GET http://host/path`) — top-level pages, redirects,
 *   subresources, fetch/XHR over http;
 * - CONNECT tunnels — https, and WebSockets (Chromium tunnels ws:// and wss:// with CONNECT);
 * - `Upgrade` requests in absolute form, should a client send WebSockets that way.
 *
 * For each one it resolves the host itself (every address: all must be public unless allowed),
 * then connects to the vetted address and never resolves again, so a DNS answer that changes
 * between check and use (rebinding) cannot steer the connection. A refused plain request gets
 * a 403 carrying `x-pagemap-egress: refused`; a refused tunnel gets a 403 to the CONNECT, which
 * Chromium reports as net::ERR_TUNNEL_CONNECTION_FAILED. Either way the page sees a failed load.
 *
 * The proxy only ever forwards to addresses the guard allows, so a local process that finds the
 * port gains nothing it could not do itself; it listens on loopback only all the same.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, isIP, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '@pagemap/runtime';
import type { OutboundGuard } from './outbound-guard';

/** Marks a response the proxy made up because the guard refused the target. */
export const REFUSED_HEADER = 'x-pagemap-egress';
/** REFUSED_HEADER's value on the proxy's own 502s: the site did not answer (not a page of the site). */
export const UNREACHABLE = 'unreachable';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const CONNECT_TIMEOUT_MS = 10_000;

export interface EgressStats {
  allowed: number;
  refused: number;
}

export class EgressProxy {
  readonly #server: Server;
  readonly #sockets = new Set<Duplex>();
  #port = 0;
  readonly stats: EgressStats = { allowed: 0, refused: 0 };

  constructor(
    private readonly guard: OutboundGuard,
    private readonly log: Logger,
    private readonly onRefused: (kind: string) => void = () => {},
  ) {
    this.#server = createServer((req, res) => void this.#http(req, res));
    this.#server.on(
      'connect',
      (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.#connect(req, socket, head),
    );
    this.#server.on(
      'upgrade',
      (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.#upgrade(req, socket, head),
    );
    this.#server.on('connection', (s: Socket) => this.#track(s));
    this.#server.on('clientError', (_err, socket: Duplex) => socket.destroy());
  }

  get port(): number {
    return this.#port;
  }

  /** The Chromium flags that send every connection (loopback included) through this proxy. */
  chromiumArgs(): string[] {
    if (!this.#port) throw new Error('egress proxy not started');
    return [
      `--proxy-server=http://127.0.0.1:${this.#port}`,
      // Chromium bypasses proxies for loopback implicitly; `<-loopback>` removes that rule.
      '--proxy-bypass-list=<-loopback>',
      // WebRTC may otherwise send UDP (STUN/TURN) straight to any address, around the proxy.
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
      '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    ];
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => resolve());
    });
    this.#port = (this.#server.address() as AddressInfo).port;
    this.log.info({ port: this.#port }, 'egress proxy listening');
    return this.#port;
  }

  async close(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    await new Promise<void>((r) => (this.#server.listening ? this.#server.close(() => r()) : r()));
  }

  #track(s: Duplex): void {
    this.#sockets.add(s);
    s.once('close', () => this.#sockets.delete(s));
    s.on('error', () => s.destroy());
  }

  /** Vets a host; logs and counts refusals. The address to connect to, or null. */
  async #vet(
    kind: string,
    host: string,
    port: number,
  ): Promise<{ address: string } | { refused: true; unresolved: boolean }> {
    const verdict = await this.guard.vet(host, port);
    if (verdict.allowed) {
      this.stats.allowed += 1;
      return { address: verdict.addresses[0]! };
    }
    this.stats.refused += 1;
    this.onRefused(kind);
    // Host and port only: paths and queries can carry secrets.
    this.log.info({ kind, host, port, reason: verdict.reason }, 'egress refused');
    return { refused: true, unresolved: verdict.unresolved === true };
  }

  async #http(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      return plain(res, 400, 'absolute-form http:// request expected');
    }
    if (url.protocol !== 'http:') return plain(res, 403, 'scheme not allowed', 'refused');
    const port = Number(url.port || 80);
    const v = await this.#vet('http', url.hostname, port);
    if ('refused' in v)
      return v.unresolved
        ? plain(res, 502, 'host does not resolve', UNREACHABLE)
        : plain(res, 403, 'refused by the outbound guard', 'refused');
    const upstream = httpRequest({
      host: v.address,
      family: isIP(v.address),
      port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers: forwardHeaders(req.headers),
      setHost: false,
      agent: false,
      timeout: CONNECT_TIMEOUT_MS,
    });
    upstream.on('socket', (s) => this.#track(s));
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('response', (up) => {
      res.writeHead(up.statusCode ?? 502, up.statusMessage, forwardHeaders(up.headers));
      up.pipe(res);
      up.on('error', () => res.destroy());
    });
    upstream.on('error', () => {
      if (!res.headersSent) plain(res, 502, 'upstream connection failed', UNREACHABLE);
      else res.destroy();
    });
    req.pipe(upstream);
  }

  async #connect(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    this.#track(socket);
    const target = parseAuthority(req.url ?? '');
    if (!target) return refuseRaw(socket, 400, 'Bad Request');
    const v = await this.#vet('connect', target.host, target.port);
    if ('refused' in v)
      return v.unresolved ? refuseRaw(socket, 502, 'Bad Gateway') : refuseRaw(socket, 403, 'Forbidden');
    const upstream = connect({
      host: v.address,
      port: target.port,
      family: isIP(v.address),
      timeout: CONNECT_TIMEOUT_MS,
    });
    this.#track(upstream);
    upstream.once('connect', () => {
      upstream.setTimeout(0);
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.once('timeout', () => upstream.destroy());
    upstream.once('error', () => (socket.writable ? refuseRaw(socket, 502, 'Bad Gateway') : socket.destroy()));
    upstream.once('close', () => socket.destroy());
    socket.once('close', () => upstream.destroy());
  }

  async #upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    this.#track(socket);
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      return refuseRaw(socket, 400, 'Bad Request');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'ws:') return refuseRaw(socket, 403, 'Forbidden');
    const port = Number(url.port || 80);
    const v = await this.#vet('upgrade', url.hostname, port);
    if ('refused' in v) return refuseRaw(socket, v.unresolved ? 502 : 403, v.unresolved ? 'Bad Gateway' : 'Forbidden');
    const upstream = connect({ host: v.address, port, family: isIP(v.address), timeout: CONNECT_TIMEOUT_MS });
    this.#track(upstream);
    upstream.once('connect', () => {
      upstream.setTimeout(0);
      const lines = [`${req.method} ${url.pathname}${url.search} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i]!;
        if (/^proxy-/i.test(name)) continue;
        lines.push(`${name}: ${req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.once('timeout', () => upstream.destroy());
    upstream.once('error', () => socket.destroy());
    upstream.once('close', () => socket.destroy());
    socket.once('close', () => upstream.destroy());
  }
}

/** `host:port` or `[v6]:port` of a CONNECT request. */
function parseAuthority(authority: string): { host: string; port: number } | null {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s/]+)):(\d{1,5})$/.exec(authority);
  if (!m) return null;
  const port = Number(m[3]);
  if (port < 1 || port > 65535) return null;
  return { host: (m[1] ?? m[2])!, port };
}

function forwardHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) if (!HOP_BY_HOP.has(k)) out[k] = v;
  return out;
}

function plain(res: ServerResponse, status: number, text: string, marker?: 'refused' | typeof UNREACHABLE): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
    ...(marker ? { [REFUSED_HEADER]: marker } : {}),
  });
  res.end(`${text}\n`);
}

function refuseRaw(socket: Duplex, status: number, reason: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  else socket.destroy();
}

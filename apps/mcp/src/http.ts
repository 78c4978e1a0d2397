/**
 * Streamable HTTP transport, stateless: every POST /mcp gets a fresh server + transport bound to
 * a Pagemap client for the caller's key (its own `Authorization: Bearer` key, else the server's
 * — never for a browser page, see guard.ts). Host and Origin are checked first.
 * Nothing is kept between requests, so replicas need no shared state — the Pagemap session_id
 * the agent carries is the only state, and it lives in the gateway.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Pagemap } from '@pagemap/sdk';
import type { Logger } from '@pagemap/runtime';
import { checkRequest, guardOptions } from './guard';
import { createMcpServer } from './server';

export interface HttpOptions {
  host: string;
  port: number;
  baseUrl: string;
  apiKey?: string;
  /** Extra `Host` names and `Origin`s accepted besides the loopback ones (guard.ts). */
  allowedHosts?: string[];
  allowedOrigins?: string[];
  timeoutMs: number;
  log: Logger;
  /** Injected into the SDK (tests leave it alone). */
  fetch?: typeof fetch;
}

const MAX_BODY = 1024 * 1024;

/** Challenge of a 401 (RFC 6750): the credential this endpoint takes. */
export const WWW_AUTHENTICATE = 'Bearer realm="pagemap-mcp"';

function jsonRpcError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function callerKey(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m?.[1];
}

export async function startHttpServer(
  opts: HttpOptions,
): Promise<{ server: Server; port: number; url: string; close(): Promise<void> }> {
  const guard = guardOptions(opts.allowedHosts ?? [], opts.allowedOrigins ?? []);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/health' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok' }));
      return;
    }
    if (path !== '/mcp') return jsonRpcError(res, 404, 'Not found: the MCP endpoint is POST /mcp.');
    const verdict = checkRequest(req.headers, guard);
    if (!verdict.ok) return jsonRpcError(res, verdict.status, verdict.message);
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return jsonRpcError(res, 405, 'This server is stateless: only POST /mcp.');
    }
    void serveMcp(req, res, opts, verdict.browser);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    url: `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One stateless MCP exchange: the JSON-RPC body, the caller's key (or the server's own, never for
 * a browser page), a fresh MCP server over an SDK client for that key, closed with the response.
 */
async function serveMcp(
  req: IncomingMessage,
  res: ServerResponse,
  opts: HttpOptions,
  fromBrowser: boolean,
): Promise<void> {
  let body: unknown;
  try {
    body = await readJson(req);
  } catch {
    return jsonRpcError(res, 400, 'Parse error: send a JSON-RPC body.');
  }
  const apiKey = callerKey(req) ?? (fromBrowser ? undefined : opts.apiKey);
  if (!apiKey) {
    const why = opts.apiKey ? 'a browser page must bring its own key' : 'the server has no key of its own';
    return jsonRpcError(res, 401, `Send \`Authorization: Bearer <Pagemap API key>\` (${why}).`, {
      'www-authenticate': WWW_AUTHENTICATE,
    });
  }
  const client = new Pagemap({
    apiKey,
    baseUrl: opts.baseUrl,
    timeoutMs: opts.timeoutMs,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  const mcp = createMcpServer(client);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void mcp.close();
  });
  try {
    await mcp.connect(transport);
    await transport.handleRequest(req, res, body);
  } catch (err) {
    opts.log.error({ err: err instanceof Error ? err.message : String(err) }, 'mcp request failed');
    if (!res.headersSent) jsonRpcError(res, 500, 'Internal server error.');
  }
}

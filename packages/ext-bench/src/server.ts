/**
 * The bench's static servers: one loopback origin per source, serving its web root byte for byte
 * (a source's absolute paths such as `/assets/js/scripts.js` resolve because it has the whole
 * origin to itself). Nothing is injected: success is read from the page afterwards (probe.ts), or
 * from what the server received: every request that is not a GET or HEAD (a form's POST) is
 * recorded with its fields and answered with a small "Received" page, as a local sink.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fieldsOf, type FieldValue } from '@pagemap/web-corpus';
import { SOURCES, sourceFile, type Source } from './sources';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.xhtml': 'application/xhtml+xml',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface SourceServer {
  source: Source;
  origin: string;
  url(page: string): string;
  /** The fields of every form submission received (POST and the like), oldest first. */
  received(): Record<string, FieldValue>[];
  resetReceived(): void;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;
const RECEIVED =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Received</title></head><body><h1>Received</h1></body></html>';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) return reject(new Error('body too large'));
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startSourceServer(source: Source): Promise<SourceServer> {
  const received: Record<string, FieldValue>[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://bench.invalid');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // Urlencoded bodies (what an HTML form sends); the query string's fields come along.
      received.push({ ...fieldsOf(url.searchParams), ...fieldsOf(new URLSearchParams(await readBody(req))) });
      res.writeHead(200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-store' });
      res.end(RECEIVED);
      return;
    }
    const file = sourceFile(source, url.pathname);
    if (!file) {
      res.writeHead(404, { 'content-type': TYPES['.html']! });
      res.end('<!doctype html><title>Not found</title><h1>Not found</h1>');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    // A form's GET to a static page is answered with the page, as a static file server does.
    res.end(await readFile(file));
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('server error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    source,
    origin,
    url: (page) => `${origin}/${page.replace(/^\/+/, '')}`,
    received: () => received.slice(),
    resetReceived: () => {
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One server per source, by source name. */
export async function startSourceServers(): Promise<Map<string, SourceServer>> {
  const out = new Map<string, SourceServer>();
  try {
    for (const s of SOURCES) out.set(s.name, await startSourceServer(s));
  } catch (err) {
    await Promise.all([...out.values()].map((x) => x.close()));
    throw err;
  }
  return out;
}

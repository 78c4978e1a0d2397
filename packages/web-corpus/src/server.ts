/**
 * The corpus server: serves `pages/` on loopback plus the recording endpoints the pages use.
 *
 * - `GET /<group>/<page>.html` — a corpus page (also any other static file under `pages/`)
 * - `GET /_corpus/record.js` — defines `window.__record(kind, detail)`
 * - `POST /_corpus/record` — `{kind, detail}` from a page, appended to the event log
 * - `GET|POST /_corpus/sink` — a form target: records `{kind: 'submitted', fields}` and answers "Received"
 * - `GET /_corpus/events` — the event log; `POST /_corpus/reset` empties it
 *
 * One in-memory log per server: the runner resets it before every task and runs tasks one at a time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { CONTENT_TYPES } from '@pagemap/demo-site';

export const CORPUS_DIR = join(__dirname, '..');
export const PAGES_DIR = join(CORPUS_DIR, 'pages');
const RECORD_JS = join(CORPUS_DIR, 'record.js');

/** A field value as submitted: repeated names (checkbox groups, multi-selects) become lists. */
export type FieldValue = string | string[];

export interface CorpusEvent {
  kind: string;
  /** `clicked`/`revealed`/…: what the page passed; `submitted`: the fields. */
  detail: unknown;
  /** Path of the page that recorded it (for the sink: the Referer's path, when sent). */
  page: string | null;
  /** `record` (script) or `sink` (a form submission). */
  via: 'record' | 'sink';
}

export interface CorpusServer {
  origin: string;
  url(page: string): string;
  events(): CorpusEvent[];
  reset(): void;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Form fields from a query string or an urlencoded body; repeated names become lists. */
export function fieldsOf(params: URLSearchParams): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

function fieldsFromBody(contentType: string, body: string): Record<string, FieldValue> {
  if (contentType.includes('application/json')) {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, FieldValue>;
    } catch {
      /* fall through: not JSON after all */
    }
    return {};
  }
  if (contentType.includes('multipart/form-data')) return multipartFields(contentType, body);
  return fieldsOf(new URLSearchParams(body));
}

/** Text parts of a multipart body (files are not part of any task). */
function multipartFields(contentType: string, body: string): Record<string, FieldValue> {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  const params = new URLSearchParams();
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const m = /name="([^"]*)"[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*)\r\n$/.exec(part);
      if (m) params.append(m[1]!, m[2]!);
    }
  }
  return fieldsOf(params);
}

function refererPath(req: IncomingMessage): string | null {
  const ref = req.headers.referer;
  if (!ref) return null;
  try {
    return new URL(ref).pathname;
  } catch {
    return null;
  }
}

const RECEIVED =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Received</title></head><body><main><h1>Received</h1><p>Your submission was received.</p></main></body></html>';

export async function startCorpusServer(opts: { pagesDir?: string } = {}): Promise<CorpusServer> {
  const pagesDir = opts.pagesDir ?? PAGES_DIR;
  const log: CorpusEvent[] = [];

  const handle = corpusHandler(pagesDir, log);

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`bad request: ${err.message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (page) => `${origin}/${page.replace(/^\/+/, '')}`,
    events: () => log.slice(),
    reset: () => {
      log.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The corpus server's requests: the recorder script and its events (record, sink, events, reset)
 * under /_corpus/, and the pages themselves (GET or HEAD, never outside the pages folder).
 */
function corpusHandler(pagesDir: string, log: CorpusEvent[]) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://corpus.invalid');
    const method = req.method ?? 'GET';
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/_corpus/record.js') return send(200, CONTENT_TYPES['.js']!, await readFile(RECORD_JS));
    if (url.pathname === '/_corpus/record' && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as { kind?: unknown; detail?: unknown; page?: unknown };
      log.push({
        kind: String(body.kind ?? ''),
        detail: body.detail ?? null,
        page: typeof body.page === 'string' ? body.page : null,
        via: 'record',
      });
      return send(204, 'text/plain', '');
    }
    if (url.pathname === '/_corpus/sink') {
      const fields =
        method === 'POST'
          ? fieldsFromBody(req.headers['content-type'] ?? '', await readBody(req))
          : fieldsOf(url.searchParams);
      log.push({ kind: 'submitted', detail: fields, page: refererPath(req), via: 'sink' });
      return send(200, CONTENT_TYPES['.html']!, RECEIVED);
    }
    if (url.pathname === '/_corpus/events' && method === 'GET')
      return send(200, CONTENT_TYPES['.json']!, JSON.stringify(log));
    if (url.pathname === '/_corpus/reset' && method === 'POST') {
      log.length = 0;
      return send(204, 'text/plain', '');
    }
    if (method !== 'GET' && method !== 'HEAD') return send(405, 'text/plain', 'method not allowed');
    const rel = normalize(decodeURIComponent(url.pathname)).replace(/^[/\\]+/, '');
    if (rel.startsWith('..') || rel.split(sep).includes('..')) return send(404, 'text/plain', 'not found');
    try {
      const file = join(pagesDir, rel === '' ? 'index.html' : rel);
      return send(200, CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
    } catch {
      return send(404, CONTENT_TYPES['.html']!, '<!doctype html><title>Not found</title><h1>Not found</h1>');
    }
  };
}

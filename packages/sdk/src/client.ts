/**
 * The Pagemap client: one typed method per endpoint, responses parsed with the contracts'
 * schemas, errors turned back into classes, retries only where they cannot do harm.
 */
import {
  BrowseResponse,
  ErrorBody,
  HealthRecord,
  PlaygroundTokenResponse,
  SessionClosed,
  UsageRecord,
  USAGE_HEADERS,
  type BrowseRequest,
  type ToolCall,
  type ToolParams,
} from '@pagemap/contracts';
import type { z } from 'zod';
import {
  ClientTimeoutError,
  ConnectionError,
  errorFromResponse,
  PagemapApiError,
  PagemapSdkError,
  SessionNotFoundError,
  UnexpectedResponseError,
  type UsageHeaders,
} from './errors.js';

export const SDK_VERSION = '0.1.0';

export interface PagemapOptions {
  /** API key (`pm_...`) or playground token. Default: the `PAGEMAP_API_KEY` environment variable. */
  apiKey?: string;
  /** Base address of the service. Default: `PAGEMAP_BASE_URL`, else `http://localhost:8080`. */
  baseUrl?: string;
  /**
   * Time budget of one HTTP attempt, ms, including reading the body. Default 90 000: above the
   * service's own request deadline (60 s by default) so the service answers first with a code.
   */
  timeoutMs?: number;
  /** Retries after the first attempt, for retryable failures only. Default 2. */
  retries?: number;
  /** First backoff delay, ms; doubles per retry, with jitter. Default 500. */
  backoffBaseMs?: number;
  /** Largest backoff delay, ms. Default 8 000. */
  backoffMaxMs?: number;
  /** A Retry-After longer than this (ms) is not waited for: the error is thrown at once. Default 60 000. */
  maxRetryAfterMs?: number;
  /**
   * Also retry requests that execute tools. Off by default: a tool may have run (a form was
   * submitted) even when the answer was lost, and running it twice can do harm.
   */
  retryToolCalls?: boolean;
  /** fetch implementation; default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  /** Cancels the call (including retries and backoff waits); the signal's reason is thrown. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
  /** Overrides the client's `retries` for this call. */
  retries?: number;
  /** Sent as X-Request-Id (same on every retry); random by default. */
  requestId?: string;
}

/** What came with a response besides its body. */
export interface ResponseMeta {
  status: number;
  requestId: string | undefined;
  usage: UsageHeaders;
  /** `X-Cache` of a browse response: HIT when the page map came from the shared cache. */
  cache: string | undefined;
  /** Attempts made (1 without retries). */
  attempts: number;
}

/** A parsed response body with its metadata on a non-enumerable `meta` (JSON.stringify leaves it out). */
export type WithMeta<T> = T & { readonly meta: ResponseMeta };

/** `POST /v1/browse` body. Exactly one of `url` / `session_id`; `tool` + `params` or `tools`. */
export type BrowseInput = z.input<typeof BrowseRequest>;
export type BrowseResult = WithMeta<BrowseResponse>;

type RetryClass =
  /** Retries retryable refusals and network failures (GET, DELETE, browse without tools). */
  | 'idempotent'
  /** Retries only refusals the service made before doing any work (429/503), not network failures. */
  | 'refusals';

/** Codes answered before any work is done, which a later attempt may pass. */
const RETRY_CODES = new Set(['NO_CAPACITY', 'SERVICE_UNAVAILABLE', 'RATE_LIMITED', 'SESSION_LIMIT_EXCEEDED']);

interface Call<T> {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  auth: boolean;
  schema: z.ZodType<T>;
  retry: RetryClass | 'none';
  /** Non-2xx statuses whose body is still the success schema (health answers 503 with a record). */
  okStatuses?: number[];
}

function envVar(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const v = env?.[name];
  return v === undefined || v === '' ? undefined : v;
}

function intHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

function usageOf(headers: Headers): UsageHeaders {
  const out: UsageHeaders = {};
  const count = intHeader(headers, USAGE_HEADERS.count);
  const limit = intHeader(headers, USAGE_HEADERS.limit);
  const start = headers.get(USAGE_HEADERS.periodStart);
  if (count !== undefined) out.actionCount = count;
  if (limit !== undefined) out.actionLimit = limit;
  if (start) out.periodStart = start;
  return out;
}

/** Retry-After as seconds: delta-seconds or an HTTP date. */
function retryAfterOf(headers: Headers): number | undefined {
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

function withMeta<T>(data: T, meta: ResponseMeta): WithMeta<T> {
  const target = (typeof data === 'object' && data !== null ? data : { value: data }) as object;
  Object.defineProperty(target, 'meta', { value: meta, enumerable: false, writable: false, configurable: true });
  return target as WithMeta<T>;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function newRequestId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID ? c.randomUUID() : `sdk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export class Pagemap {
  readonly baseUrl: string;
  readonly #apiKey: string | undefined;
  readonly #fetch: typeof globalThis.fetch;
  readonly #opts: Required<Pick<PagemapOptions, 'timeoutMs' | 'retries' | 'backoffBaseMs' | 'backoffMaxMs' | 'maxRetryAfterMs' | 'retryToolCalls'>>;
  readonly #headers: Record<string, string>;

  constructor(options: PagemapOptions = {}) {
    this.#apiKey = options.apiKey ?? envVar('PAGEMAP_API_KEY');
    this.baseUrl = (options.baseUrl ?? envVar('PAGEMAP_BASE_URL') ?? 'http://localhost:8080').replace(/\/+$/, '');
    const f = options.fetch ?? globalThis.fetch;
    if (typeof f !== 'function') throw new PagemapSdkError('No fetch implementation: pass `fetch` in the options (Node 18+ has one built in).');
    this.#fetch = f.bind(globalThis);
    this.#opts = {
      timeoutMs: options.timeoutMs ?? 90_000,
      retries: options.retries ?? 2,
      backoffBaseMs: options.backoffBaseMs ?? 500,
      backoffMaxMs: options.backoffMaxMs ?? 8_000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
      retryToolCalls: options.retryToolCalls ?? false,
    };
    this.#headers = { ...options.headers };
  }

  /**
   * `POST /v1/browse`: open `url` in a new session, or resume `session_id`; run `tool` with
   * `params`, or a batch `tools: [{tool, params}]`. Per-tool failures are in `results`, not thrown.
   */
  browse(input: BrowseInput, options?: RequestOptions): Promise<BrowseResult> {
    const runsTools = input.tool !== undefined || (input.tools !== undefined && input.tools.length > 0);
    return this.#request(
      { method: 'POST', path: '/v1/browse', body: input, auth: true, schema: BrowseResponse, retry: runsTools ? (this.#opts.retryToolCalls ? 'idempotent' : 'none') : 'idempotent' },
      options,
    );
  }

  /** `DELETE /v1/session/{id}`. Throws SessionNotFoundError when it is already gone. */
  closeSession(sessionId: string, options?: RequestOptions): Promise<WithMeta<SessionClosed>> {
    return this.#request({ method: 'DELETE', path: `/v1/session/${encodeURIComponent(sessionId)}`, auth: true, schema: SessionClosed, retry: 'idempotent' }, options);
  }

  /** `GET /v1/usage`: exact usage of the key's account in the current period (full keys only). */
  usage(options?: RequestOptions): Promise<WithMeta<UsageRecord>> {
    return this.#request({ method: 'GET', path: '/v1/usage', auth: true, schema: UsageRecord, retry: 'idempotent' }, options);
  }

  /**
   * `GET /health` (no key needed). A failing service answers 503 with the same record and
   * `status: "fail"`; that record is returned, not thrown, so callers can read `checks`/`details`.
   */
  health(params: { deep?: boolean } = {}, options?: RequestOptions): Promise<WithMeta<HealthRecord>> {
    return this.#request({ method: 'GET', path: params.deep ? '/health?deep=true' : '/health', auth: false, schema: HealthRecord, retry: 'idempotent', okStatuses: [503] }, options);
  }

  /** `POST /v1/playground/tokens`: a browse-only token for 15 minutes (full keys only). */
  mintPlaygroundToken(options?: RequestOptions): Promise<WithMeta<PlaygroundTokenResponse>> {
    return this.#request({ method: 'POST', path: '/v1/playground/tokens', body: {}, auth: true, schema: PlaygroundTokenResponse, retry: 'refusals' }, options);
  }

  /** Opens `url` in a new session and returns a helper that carries its `session_id` forward. */
  async open(url: string, params: { include_page_content?: boolean } = {}, options?: RequestOptions): Promise<BrowserSession> {
    return new BrowserSession(this, await this.browse({ url, ...params }, options));
  }

  /** Resumes an open session by id (one browse without tools: re-reads the current page). */
  async resume(sessionId: string, params: { include_page_content?: boolean } = {}, options?: RequestOptions): Promise<BrowserSession> {
    return new BrowserSession(this, await this.browse({ session_id: sessionId, ...params }, options));
  }

  async #request<T>(call: Call<T>, options: RequestOptions = {}): Promise<WithMeta<T>> {
    const retries = options.retries ?? this.#opts.retries;
    const requestId = options.requestId ?? newRequestId();
    let attempt = 0;
    for (;;) {
      attempt++;
      try {
        return await this.#attempt(call, options, requestId, attempt);
      } catch (err) {
        const delay = this.#retryDelay(call, err, attempt, retries, options.signal);
        if (delay === null) throw err;
        await sleep(delay, options.signal);
      }
    }
  }

  /** The wait before the next attempt, or null when `err` is not retried. */
  #retryDelay(call: Call<unknown>, err: unknown, attempt: number, retries: number, signal?: AbortSignal): number | null {
    if (attempt > retries || call.retry === 'none' || signal?.aborted) return null;
    const backoff = Math.min(this.#opts.backoffMaxMs, this.#opts.backoffBaseMs * 2 ** (attempt - 1));
    // "Equal jitter": at least half the backoff, so clients that failed together spread out
    // without any of them retrying at once.
    const jittered = backoff / 2 + Math.random() * (backoff / 2);
    if (err instanceof PagemapApiError) {
      if (!RETRY_CODES.has(err.code)) return null;
      if (err.retryAfterS !== undefined) {
        const ms = err.retryAfterS * 1000;
        if (ms > this.#opts.maxRetryAfterMs) return null;
        return ms + Math.random() * Math.min(1000, this.#opts.backoffBaseMs);
      }
      return jittered;
    }
    if (err instanceof ConnectionError && call.retry === 'idempotent') return jittered;
    return null;
  }

  async #attempt<T>(call: Call<T>, options: RequestOptions, requestId: string, attempt: number): Promise<WithMeta<T>> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': requestId, ...this.#headers };
    if (call.auth) {
      if (!this.#apiKey) throw new PagemapSdkError('No API key: pass `apiKey` to the client or set PAGEMAP_API_KEY.');
      headers.authorization = `Bearer ${this.#apiKey}`;
    }
    if (call.body !== undefined) headers['content-type'] = 'application/json';

    const timeoutMs = options.timeoutMs ?? this.#opts.timeoutMs;
    const controller = new AbortController();
    const userSignal = options.signal;
    if (userSignal?.aborted) throw userSignal.reason;
    const onAbort = () => controller.abort(userSignal!.reason);
    userSignal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new ClientTimeoutError(`No answer from ${call.method} ${call.path} within ${timeoutMs} ms.`));
    }, timeoutMs);

    let res: Response;
    let text: string;
    try {
      res = await this.#fetch(`${this.baseUrl}${call.path}`, {
        method: call.method,
        headers,
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
        signal: controller.signal,
      });
      text = await res.text();
    } catch (err) {
      if (userSignal?.aborted) throw userSignal.reason;
      if (timedOut) throw new ClientTimeoutError(`No answer from ${call.method} ${call.path} within ${timeoutMs} ms.`, { cause: err });
      throw new ConnectionError(`Could not reach ${this.baseUrl}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    } finally {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onAbort);
    }

    const rid = res.headers.get('x-request-id') ?? undefined;
    const usage = usageOf(res.headers);
    let json: unknown = undefined;
    let isJson = false;
    try {
      json = text === '' ? undefined : JSON.parse(text);
      isJson = text !== '';
    } catch {
      /* not JSON */
    }

    if (res.ok || call.okStatuses?.includes(res.status)) {
      const parsed = call.schema.safeParse(json);
      if (parsed.success) {
        return withMeta(parsed.data, { status: res.status, requestId: rid, usage, cache: res.headers.get('x-cache') ?? undefined, attempts: attempt });
      }
      if (res.ok) {
        throw new UnexpectedResponseError(`${call.method} ${call.path} answered ${res.status} with a body that does not match the contract: ${parsed.error.issues[0]?.message ?? 'invalid'}`, res.status, json, rid);
      }
    }

    const body = isJson ? ErrorBody.safeParse(json) : null;
    const retryAfterS = retryAfterOf(res.headers);
    throw errorFromResponse({
      status: res.status,
      code: body?.success ? body.data.error : `HTTP_${res.status}`,
      message: body?.success ? body.data.message : `${call.method} ${call.path} answered HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
      ...(rid !== undefined ? { requestId: rid } : {}),
      usage,
      ...(retryAfterS !== undefined ? { retryAfterS } : {}),
      body: isJson ? json : text,
    });
  }
}

/**
 * One browser session: carries `session_id` forward and keeps the latest page map.
 * `open(url)` → `run(tool, params)` / `batch([...])` → `close()`.
 */
export class BrowserSession {
  /** The latest page map (title, summary, tools) of the session's current page. */
  page: BrowseResult;
  #closed = false;

  constructor(
    private readonly client: Pagemap,
    first: BrowseResult,
  ) {
    this.page = first;
  }

  get id(): string {
    return this.page.session_id;
  }

  /** When the session expires if no further request comes. */
  get expiresAt(): Date {
    return new Date(this.page.expires_at);
  }

  get tools(): BrowseResponse['tools'] {
    return this.page.tools;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The current page's tool of that name, if any. */
  tool(name: string): BrowseResponse['tools'][number] | undefined {
    return this.page.tools.find((t) => t.name === name);
  }

  /** Executes one tool. Its outcome is `results[0]` (`success`, `error`); the page map is the page after it. */
  async run(tool: string, params?: ToolParams, opts: { include_page_content?: boolean } & RequestOptions = {}): Promise<BrowseResult> {
    const { include_page_content, ...options } = opts;
    return this.#browse({ session_id: this.id, tool, ...(params ? { params } : {}), ...(include_page_content !== undefined ? { include_page_content } : {}) }, options);
  }

  /**
   * Executes tools in order. A tool that navigates ends the batch (`stopped_reason: "navigation"`);
   * the session stays open either way.
   */
  async batch(calls: ToolCall[], opts: { include_page_content?: boolean } & RequestOptions = {}): Promise<BrowseResult> {
    const { include_page_content, ...options } = opts;
    return this.#browse({ session_id: this.id, tools: calls, ...(include_page_content !== undefined ? { include_page_content } : {}) }, options);
  }

  /** Re-reads the current page (no tool runs; a follow-up, so it also keeps the session alive). */
  async refresh(opts: { include_page_content?: boolean } & RequestOptions = {}): Promise<BrowseResult> {
    const { include_page_content, ...options } = opts;
    return this.#browse({ session_id: this.id, ...(include_page_content !== undefined ? { include_page_content } : {}) }, options);
  }

  /** Closes the session. Resolves true when this call closed it, false when it was already gone. */
  async close(options?: RequestOptions): Promise<boolean> {
    if (this.#closed) return false;
    try {
      await this.client.closeSession(this.id, options);
      this.#closed = true;
      return true;
    } catch (err) {
      // Already closed or expired is what close() is for; anything else (network) may have left it open.
      if (!(err instanceof SessionNotFoundError)) throw err;
      this.#closed = true;
      return false;
    }
  }

  async #browse(input: BrowseInput, options: RequestOptions): Promise<BrowseResult> {
    const result = await this.client.browse(input, options);
    this.page = result;
    return result;
  }
}

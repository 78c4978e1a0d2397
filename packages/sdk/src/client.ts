/**
 * The Pagemap client: one typed method per endpoint, responses parsed with the contracts'
 * schemas, errors turned back into classes, retries only where they cannot do harm.
 */
import { BrowseResponse, HealthRecord, PlaygroundTokenResponse, SessionClosed, UsageRecord } from '@pagemap/contracts';
import { ConnectionError, PagemapApiError, PagemapSdkError } from './errors.js';
import { BrowserSession } from './session.js';
import type { BrowseInput, BrowseResult, PagemapOptions, RequestOptions, WithMeta } from './types.js';
import { answerOf, type Call, exchange } from './transport.js';
import { envVar, newRequestId, sleep } from './wire.js';

export const SDK_VERSION = '0.1.0';

/** Codes answered before any work is done, which a later attempt may pass. */
const RETRY_CODES = new Set(['NO_CAPACITY', 'SERVICE_UNAVAILABLE', 'RATE_LIMITED', 'SESSION_LIMIT_EXCEEDED']);

export class Pagemap {
  readonly baseUrl: string;
  readonly #apiKey: string | undefined;
  readonly #fetch: typeof globalThis.fetch;
  readonly #opts: Required<
    Pick<
      PagemapOptions,
      'timeoutMs' | 'retries' | 'backoffBaseMs' | 'backoffMaxMs' | 'maxRetryAfterMs' | 'retryToolCalls'
    >
  >;
  readonly #headers: Record<string, string>;

  constructor(options: PagemapOptions = {}) {
    this.#apiKey = options.apiKey ?? envVar('PAGEMAP_API_KEY');
    this.baseUrl = (options.baseUrl ?? envVar('PAGEMAP_BASE_URL') ?? 'http://localhost:8080').replace(/\/+$/, '');
    const f = options.fetch ?? globalThis.fetch;
    if (typeof f !== 'function')
      throw new PagemapSdkError('No fetch implementation: pass `fetch` in the options (Node 18+ has one built in).');
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
      {
        method: 'POST',
        path: '/v1/browse',
        body: input,
        auth: true,
        schema: BrowseResponse,
        retry: runsTools ? (this.#opts.retryToolCalls ? 'idempotent' : 'none') : 'idempotent',
      },
      options,
    );
  }

  /** `DELETE /v1/session/{id}`. Throws SessionNotFoundError when it is already gone. */
  closeSession(sessionId: string, options?: RequestOptions): Promise<WithMeta<SessionClosed>> {
    return this.#request(
      {
        method: 'DELETE',
        path: `/v1/session/${encodeURIComponent(sessionId)}`,
        auth: true,
        schema: SessionClosed,
        retry: 'idempotent',
      },
      options,
    );
  }

  /** `GET /v1/usage`: exact usage of the key's account in the current period (full keys only). */
  usage(options?: RequestOptions): Promise<WithMeta<UsageRecord>> {
    return this.#request(
      { method: 'GET', path: '/v1/usage', auth: true, schema: UsageRecord, retry: 'idempotent' },
      options,
    );
  }

  /**
   * `GET /health` (no key needed). A failing service answers 503 with the same record and
   * `status: "fail"`; that record is returned, not thrown, so callers can read `checks`/`details`.
   */
  health(params: { deep?: boolean } = {}, options?: RequestOptions): Promise<WithMeta<HealthRecord>> {
    return this.#request(
      {
        method: 'GET',
        path: params.deep ? '/health?deep=true' : '/health',
        auth: false,
        schema: HealthRecord,
        retry: 'idempotent',
        okStatuses: [503],
      },
      options,
    );
  }

  /** `POST /v1/playground/tokens`: a browse-only token for 15 minutes (full keys only). */
  mintPlaygroundToken(options?: RequestOptions): Promise<WithMeta<PlaygroundTokenResponse>> {
    return this.#request(
      {
        method: 'POST',
        path: '/v1/playground/tokens',
        body: {},
        auth: true,
        schema: PlaygroundTokenResponse,
        retry: 'refusals',
      },
      options,
    );
  }

  /** Opens `url` in a new session and returns a helper that carries its `session_id` forward. */
  async open(
    url: string,
    params: { include_page_content?: boolean } = {},
    options?: RequestOptions,
  ): Promise<BrowserSession> {
    return new BrowserSession(this, await this.browse({ url, ...params }, options));
  }

  /** Resumes an open session by id (one browse without tools: re-reads the current page). */
  async resume(
    sessionId: string,
    params: { include_page_content?: boolean } = {},
    options?: RequestOptions,
  ): Promise<BrowserSession> {
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
  #retryDelay(
    call: Call<unknown>,
    err: unknown,
    attempt: number,
    retries: number,
    signal?: AbortSignal,
  ): number | null {
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
    const { res, text } = await exchange(this.#fetch, this.baseUrl, call, headers, {
      timeoutMs: options.timeoutMs ?? this.#opts.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return answerOf(call, res, text, attempt);
  }
}

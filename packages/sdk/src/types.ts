/** The SDK's option and result types, shared by the client and the session helper. */
import type { BrowseRequest, BrowseResponse, SessionClosed } from '@pagemap/contracts';
import type { z } from 'zod';
import type { UsageHeaders } from './errors.js';

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

/** What a BrowserSession needs of the client (an interface, so session.ts does not import client.ts). */
export interface SessionClient {
  browse(input: BrowseInput, options?: RequestOptions): Promise<BrowseResult>;
  closeSession(sessionId: string, options?: RequestOptions): Promise<WithMeta<SessionClosed>>;
}

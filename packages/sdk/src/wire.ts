/** Small pieces of one HTTP exchange: environment defaults, response headers, metadata, waits, ids. */
import { USAGE_HEADERS } from '@pagemap/contracts';
import type { UsageHeaders } from './errors.js';
import type { ResponseMeta, WithMeta } from './types.js';

export function envVar(name: string): string | undefined {
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

export function usageOf(headers: Headers): UsageHeaders {
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
export function retryAfterOf(headers: Headers): number | undefined {
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

export function withMeta<T>(data: T, meta: ResponseMeta): WithMeta<T> {
  const target = (typeof data === 'object' && data !== null ? data : { value: data }) as object;
  Object.defineProperty(target, 'meta', { value: meta, enumerable: false, writable: false, configurable: true });
  return target as WithMeta<T>;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
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

export function newRequestId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID ? c.randomUUID() : `sdk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

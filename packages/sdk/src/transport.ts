/**
 * One HTTP exchange of the client: the request sent with its deadline and the caller's abort
 * signal (exchange), and the answer read back against the contract — a parsed body with its
 * metadata, or the error class of its code (answerOf). Retrying is the client's business.
 */
import { ErrorBody } from '@pagemap/contracts';
import type { z } from 'zod';
import { ClientTimeoutError, ConnectionError, errorFromResponse, UnexpectedResponseError } from './errors.js';
import type { WithMeta } from './types.js';
import { retryAfterOf, usageOf, withMeta } from './wire.js';

export type RetryClass =
  /** Retries retryable refusals and network failures (GET, DELETE, browse without tools). */
  | 'idempotent'
  /** Retries only refusals the service made before doing any work (429/503), not network failures. */
  | 'refusals';

export interface Call<T> {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  auth: boolean;
  schema: z.ZodType<T>;
  retry: RetryClass | 'none';
  /** Non-2xx statuses whose body is still the success schema (health answers 503 with a record). */
  okStatuses?: number[];
}

/** Sends `call` and reads the whole body; a timeout, an abort or a network failure is thrown as its error class. */
export async function exchange(
  fetchFn: typeof globalThis.fetch,
  baseUrl: string,
  call: Call<unknown>,
  headers: Record<string, string>,
  limits: { timeoutMs: number; signal?: AbortSignal },
): Promise<{ res: Response; text: string }> {
  const { timeoutMs, signal: userSignal } = limits;
  const controller = new AbortController();
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
    res = await fetchFn(`${baseUrl}${call.path}`, {
      method: call.method,
      headers,
      ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
      signal: controller.signal,
    });
    text = await res.text();
  } catch (err) {
    if (userSignal?.aborted) throw userSignal.reason;
    if (timedOut)
      throw new ClientTimeoutError(`No answer from ${call.method} ${call.path} within ${timeoutMs} ms.`, {
        cause: err,
      });
    throw new ConnectionError(`Could not reach ${baseUrl}: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  } finally {
    clearTimeout(timer);
    userSignal?.removeEventListener('abort', onAbort);
  }

  return { res, text };
}

/** The parsed answer with its metadata, or the error the answer means. */
export function answerOf<T>(call: Call<T>, res: Response, text: string, attempt: number): WithMeta<T> {
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
      return withMeta(parsed.data, {
        status: res.status,
        requestId: rid,
        usage,
        cache: res.headers.get('x-cache') ?? undefined,
        attempts: attempt,
      });
    }
    if (res.ok) {
      throw new UnexpectedResponseError(
        `${call.method} ${call.path} answered ${res.status} with a body that does not match the contract: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
        res.status,
        json,
        rid,
      );
    }
  }

  const body = isJson ? ErrorBody.safeParse(json) : null;
  const retryAfterS = retryAfterOf(res.headers);
  throw errorFromResponse({
    status: res.status,
    code: body?.success ? body.data.error : `HTTP_${res.status}`,
    message: body?.success
      ? body.data.message
      : `${call.method} ${call.path} answered HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
    ...(rid !== undefined ? { requestId: rid } : {}),
    usage,
    ...(retryAfterS !== undefined ? { retryAfterS } : {}),
    body: isJson ? json : text,
  });
}

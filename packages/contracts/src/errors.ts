/**
 * The one table of request-level error codes. The gateway answers with it, the SDK maps a
 * status + code back to an error class with it, and docs/errors.md is checked against it.
 * Codes are stable: never rename one, only add.
 */
import { z } from 'zod';

export interface ErrorCodeInfo {
  /** HTTP status the code is answered with. */
  status: number;
  /** Whether the same request may succeed if sent again later, unchanged. */
  retryable: boolean;
  /** What happened, in one line. */
  description: string;
  /** What the caller should do about it. */
  action: string;
}

export const ERROR_CODES = {
  INVALID_JSON: {
    status: 400,
    retryable: false,
    description: 'The request body is not valid JSON.',
    action: 'Send a JSON body.',
  },
  INVALID_REQUEST: {
    status: 400,
    retryable: false,
    description: 'The request body or parameters do not match the schema; the message names the field.',
    action: 'Fix the named field.',
  },
  UNAUTHORIZED: {
    status: 401,
    retryable: false,
    description:
      'The Authorization header is missing, malformed, or carries an unknown, revoked or expired key or token.',
    action: 'Send `Authorization: Bearer <API key>` with a valid key.',
  },
  FORBIDDEN: {
    status: 403,
    retryable: false,
    description:
      'The credential is valid but its scope does not allow this (playground tokens cannot execute tools or read usage).',
    action: 'Use a full API key.',
  },
  DOMAIN_BLOCKED: {
    status: 403,
    retryable: false,
    description:
      'The target is a dedicated identity-provider / single-sign-on domain and login automation is not enabled for the account.',
    action: 'Enable login automation for the account (billing area), or browse another site.',
  },
  TARGET_NOT_ALLOWED: {
    status: 403,
    retryable: false,
    description:
      'The target address is not a public http(s) address (loopback, private, link-local, metadata, or another scheme).',
    action: 'Browse a public http(s) URL.',
  },
  NOT_FOUND: {
    status: 404,
    retryable: false,
    description: 'No such route.',
    action: 'Check the path and the /v1 prefix.',
  },
  SESSION_NOT_FOUND: {
    status: 404,
    retryable: false,
    description: 'The session is unknown, closed or expired.',
    action: 'Open a new session with `url`.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    retryable: false,
    description: 'The route exists but not with this method; the Allow header lists the methods it takes.',
    action: 'Use a method from the Allow header.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    retryable: false,
    description: 'The request body is larger than the service accepts.',
    action: 'Send a smaller body (fewer or shorter tool params).',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    retryable: false,
    description: 'A request with a body must send `Content-Type: application/json`.',
    action: 'Send the JSON content type.',
  },
  USAGE_LIMIT_EXCEEDED: {
    status: 429,
    retryable: false,
    description:
      "The request would take the account past its plan's action limit for the current period. Nothing was run or billed.",
    action: 'Wait for the next period (X-Usage-Period-Start, GET /v1/usage) or upgrade the plan.',
  },
  RATE_LIMITED: {
    status: 429,
    retryable: true,
    description: "Too many requests per second for the account's plan.",
    action: "Retry after the Retry-After header's seconds.",
  },
  SESSION_LIMIT_EXCEEDED: {
    status: 429,
    retryable: true,
    description: 'The account already has as many open sessions as its plan allows.',
    action: 'Close a session (DELETE /v1/session/{id}) or wait for one to expire; Retry-After suggests when.',
  },
  INTERNAL_ERROR: {
    status: 500,
    retryable: true,
    description: 'Something failed on our side. Nothing was billed.',
    action: 'Retry; report the X-Request-Id if it persists.',
  },
  NAVIGATION_FAILED: {
    status: 502,
    retryable: false,
    description:
      'The page could not be loaded (DNS failure, connection refused, TLS error, or an HTTP error before any content).',
    action: 'Check the URL; retry later if the site is down.',
  },
  SITE_BLOCKED: {
    status: 502,
    retryable: false,
    description:
      'The site served a bot-verification challenge or an access-denied page instead of content. Not billed.',
    action: 'Do not retry from this service: the same block will be met again.',
  },
  WORKER_LOST: {
    status: 502,
    retryable: true,
    description:
      'The browser process serving the request stopped while working on it; its sessions are gone. Nothing was billed.',
    action: 'Open a new session and retry.',
  },
  NO_CAPACITY: {
    status: 503,
    retryable: true,
    description: 'No browser worker could take a new session in time.',
    action: "Retry after the Retry-After header's seconds.",
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    retryable: true,
    description: 'A backing service (the datastore) is unreachable.',
    action: "Retry after the Retry-After header's seconds.",
  },
  UPSTREAM_TIMEOUT: {
    status: 504,
    retryable: true,
    description: 'The browser did not answer within the request deadline. Nothing was billed.',
    action: 'Retry; use a smaller batch if it recurs.',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** Body of every error response (docs/api.md#error-responses). */
export const ErrorBody = z.object({
  error: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * An error that carries a stable code. Thrown anywhere on the request path; the gateway's error
 * middleware turns it into `{error, message}` with the table's status.
 */
export class PagemapError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  /** Seconds for a Retry-After header, when the code is about waiting. */
  readonly retryAfterS?: number;

  constructor(code: ErrorCode, message?: string, opts: { retryAfterS?: number; cause?: unknown } = {}) {
    super(message ?? ERROR_CODES[code].description, { cause: opts.cause });
    this.name = 'PagemapError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.retryable = ERROR_CODES[code].retryable;
    if (opts.retryAfterS !== undefined) this.retryAfterS = opts.retryAfterS;
  }

  toBody(): ErrorBody {
    return { error: this.code, message: this.message };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}

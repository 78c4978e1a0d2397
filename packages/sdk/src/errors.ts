/**
 * Error classes. Every error the SDK throws extends `PagemapSdkError`; every error the service
 * answered extends `PagemapApiError` and carries the HTTP status, the stable `code` from the
 * service's error table, its message, the request id and the X-Usage-* values.
 *
 * One class per family of codes (see docs/errors.md); `errorFromResponse` turns a status + code
 * back into the matching class, falling back on the status for codes this SDK version does not
 * know yet (codes are only ever added).
 */
import { ERROR_CODES, type ErrorCode } from '@pagemap/contracts';

/** The usage headers of a response (`X-Usage-*`); undefined when the response had none. */
export interface UsageHeaders {
  /** Actions consumed in the current billing period (`X-Usage-Action-Count`). */
  actionCount?: number;
  /** Action limit of the plan (`X-Usage-Action-Limit`). */
  actionLimit?: number;
  /** Start of the billing period, ISO 8601 (`X-Usage-Period-Start`). */
  periodStart?: string;
}

/** Base of everything the SDK throws. */
export class PagemapSdkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  requestId?: string;
  usage?: UsageHeaders;
  /** Seconds from a Retry-After header. */
  retryAfterS?: number;
  /** The parsed body, when it was JSON. */
  body?: unknown;
}

/** The service answered with an error (`{error, message}`). */
export class PagemapApiError extends PagemapSdkError {
  /** HTTP status. */
  readonly status: number;
  /** Stable upper-case code, e.g. `SESSION_NOT_FOUND`. */
  readonly code: string;
  /** The X-Request-Id of the failed request (quote it when reporting a problem). */
  readonly requestId: string | undefined;
  /** Usage headers sent with the error (authenticated routes send them on errors too). */
  readonly usage: UsageHeaders;
  /** Seconds the service asked to wait (Retry-After), when it did. */
  readonly retryAfterS: number | undefined;
  /** Whether the same request may succeed later, per the service's error table. */
  readonly retryable: boolean;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.usage = init.usage ?? {};
    this.retryAfterS = init.retryAfterS;
    this.body = init.body;
    const known = (ERROR_CODES as Record<string, { retryable: boolean } | undefined>)[init.code];
    this.retryable = known ? known.retryable : init.status === 503 || init.status === 429;
  }
}

/** 400/413/415: the request does not match the schema (INVALID_REQUEST, INVALID_JSON, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE). */
export class ValidationError extends PagemapApiError {}
/** 401 UNAUTHORIZED: missing, unknown, revoked or expired key or token. */
export class AuthenticationError extends PagemapApiError {}
/** 403: the credential or account may not do this (FORBIDDEN). */
export class PermissionError extends PagemapApiError {}
/** 403 DOMAIN_BLOCKED: an identity-provider domain while login automation is not enabled. */
export class DomainBlockedError extends PermissionError {}
/** 403 TARGET_NOT_ALLOWED: the target is not a public http(s) address. */
export class TargetNotAllowedError extends PermissionError {}
/** 404 NOT_FOUND / 405 METHOD_NOT_ALLOWED: no such route (check baseUrl). */
export class NotFoundError extends PagemapApiError {}
/** 404 SESSION_NOT_FOUND: the session is unknown, closed or expired. Open a new one. */
export class SessionNotFoundError extends NotFoundError {}
/** 429 RATE_LIMITED / SESSION_LIMIT_EXCEEDED: wait `retryAfterS` and retry. */
export class RateLimitError extends PagemapApiError {}
/** 429 SESSION_LIMIT_EXCEEDED: too many open sessions; close one or wait. */
export class SessionLimitError extends RateLimitError {}
/** 429 USAGE_LIMIT_EXCEEDED: the plan's actions for this period are used up. Not retried. */
export class UsageLimitError extends PagemapApiError {}
/** 500 INTERNAL_ERROR. */
export class InternalServerError extends PagemapApiError {}
/** 502 NAVIGATION_FAILED: the page could not be loaded. */
export class NavigationError extends PagemapApiError {}
/** 502 SITE_BLOCKED: bot challenge or access denied. Never retried: the same block would be met again. */
export class SiteBlockedError extends PagemapApiError {}
/** 502 WORKER_LOST: the browser serving the session stopped; the session is gone. */
export class WorkerLostError extends PagemapApiError {}
/** 503 SERVICE_UNAVAILABLE: a backing service is down; retried with backoff. */
export class ServiceUnavailableError extends PagemapApiError {}
/** 503 NO_CAPACITY: no browser worker could take a new session in time; retried with backoff. */
export class CapacityError extends ServiceUnavailableError {}
/** 504 UPSTREAM_TIMEOUT: the browser did not answer within the service's deadline. */
export class TimeoutError extends PagemapApiError {}

/** The request did not reach the service or its answer was cut (DNS, refused, reset). */
export class ConnectionError extends PagemapSdkError {}
/** No answer within the SDK's `timeoutMs` (the request is aborted). */
export class ClientTimeoutError extends PagemapSdkError {}
/** The service answered 2xx with a body that does not match the contract. */
export class UnexpectedResponseError extends PagemapSdkError {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

type ApiErrorClass = new (init: ApiErrorInit) => PagemapApiError;

const BY_CODE: Record<ErrorCode, ApiErrorClass> = {
  INVALID_JSON: ValidationError,
  INVALID_REQUEST: ValidationError,
  PAYLOAD_TOO_LARGE: ValidationError,
  UNSUPPORTED_MEDIA_TYPE: ValidationError,
  UNAUTHORIZED: AuthenticationError,
  FORBIDDEN: PermissionError,
  DOMAIN_BLOCKED: DomainBlockedError,
  TARGET_NOT_ALLOWED: TargetNotAllowedError,
  NOT_FOUND: NotFoundError,
  METHOD_NOT_ALLOWED: NotFoundError,
  SESSION_NOT_FOUND: SessionNotFoundError,
  RATE_LIMITED: RateLimitError,
  SESSION_LIMIT_EXCEEDED: SessionLimitError,
  USAGE_LIMIT_EXCEEDED: UsageLimitError,
  INTERNAL_ERROR: InternalServerError,
  NAVIGATION_FAILED: NavigationError,
  SITE_BLOCKED: SiteBlockedError,
  WORKER_LOST: WorkerLostError,
  SERVICE_UNAVAILABLE: ServiceUnavailableError,
  NO_CAPACITY: CapacityError,
  UPSTREAM_TIMEOUT: TimeoutError,
};

function byStatus(status: number): ApiErrorClass {
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionError;
  if (status === 404 || status === 405) return NotFoundError;
  if (status === 429) return RateLimitError;
  if (status === 503) return ServiceUnavailableError;
  if (status === 504) return TimeoutError;
  if (status >= 400 && status < 500) return ValidationError;
  return InternalServerError;
}

/** The error class for a status + code: by code when known, by status otherwise. */
export function errorFromResponse(init: ApiErrorInit): PagemapApiError {
  const Cls = Object.prototype.hasOwnProperty.call(BY_CODE, init.code)
    ? BY_CODE[init.code as ErrorCode]
    : byStatus(init.status);
  return new Cls(init);
}

/**
 * Building blocks the OpenAPI document's paths share: schema references, the standard headers of
 * a response, and an operation's error responses grouped by status (openapi.ts assembles them).
 */
import { ERROR_CODES, type ErrorCode } from './errors';
import { USAGE_HEADERS } from './usage';

export type JsonObject = Record<string, unknown>;

export const REF = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const usageHeaderRefs = {
  [USAGE_HEADERS.count]: { $ref: '#/components/headers/UsageActionCount' },
  [USAGE_HEADERS.limit]: { $ref: '#/components/headers/UsageActionLimit' },
  [USAGE_HEADERS.periodStart]: { $ref: '#/components/headers/UsagePeriodStart' },
};
export const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };

/** `components.headers`: the headers the references above point to. */
export function headerComponents(): JsonObject {
  return {
    UsageActionCount: {
      description: 'Actions consumed in the current billing period.',
      schema: { type: 'integer', minimum: 0 },
    },
    UsageActionLimit: { description: 'Action limit of the current plan.', schema: { type: 'integer', minimum: 0 } },
    UsagePeriodStart: {
      description: 'Start of the current billing period, ISO 8601.',
      schema: { type: 'string', format: 'date-time' },
    },
    Cache: {
      description:
        "`HIT` when the summary came from the shared cache, which holds only first page maps of fresh opens that ran no tool, of URLs without a query or fragment, keyed by the page's whole text; `MISS` otherwise (always once a session has run any tool).",
      schema: { type: 'string', enum: ['HIT', 'MISS'] },
    },
    RequestId: {
      description:
        "The request id (the caller's X-Request-Id when it sent a sane one); quote it when reporting a problem.",
      schema: { type: 'string' },
    },
    RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
  };
}

/** Error responses of an operation, grouped by status, each listing its codes. */
export function errorResponses(codes: ErrorCode[], authenticated: boolean): Record<string, JsonObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, JsonObject> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const retryAfter = list.some(
      (c) =>
        c === 'RATE_LIMITED' || c === 'SESSION_LIMIT_EXCEEDED' || c === 'NO_CAPACITY' || c === 'SERVICE_UNAVAILABLE',
    );
    out[String(status)] = {
      description: list.map((c) => `\`${c}\`: ${ERROR_CODES[c].description}`).join('\n\n'),
      headers: {
        ...requestIdHeader,
        ...(authenticated && status !== 401 ? usageHeaderRefs : {}),
        ...(retryAfter ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : {}),
      },
      content: { 'application/json': { schema: REF('ErrorBody') } },
      'x-error-codes': list,
    };
  }
  return out;
}

export const COMMON_AUTH_ERRORS: ErrorCode[] = [
  'UNAUTHORIZED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
];
export const BODY_ERRORS: ErrorCode[] = [
  'INVALID_JSON',
  'INVALID_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];

export function json(schemaName: string) {
  return { 'application/json': { schema: REF(schemaName) } };
}

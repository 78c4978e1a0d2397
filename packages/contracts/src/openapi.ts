/**
 * The OpenAPI 3.1 document of the HTTP API, generated from this package's zod schemas with
 * `z.toJSONSchema()` — the wire shapes are written once, here in contracts, never twice.
 * The gateway serves it at GET /v1/openapi.json; docs/openapi.json is the checked-in copy
 * (packages/deploy-check writes it and fails when it is out of date).
 *
 * Request bodies are converted with zod's input view, responses with its output view.
 * Requests stay strict (`additionalProperties: false`, as the gateway refuses unknown fields);
 * responses are open, because docs/api.md lets v1 add response fields that clients must ignore:
 * a client validating responses against a closed schema would break on the first added field.
 */
import { z } from 'zod';
import { BillingStanding, PlaygroundTokenRequest, PlaygroundTokenResponse } from './account';
import { BrowseRequest, BrowseResponse, SessionClosed } from './browse';
import { ERROR_CODES, ErrorBody, type ErrorCode } from './errors';
import { HealthRecord } from './health';
import { LIMITS } from './limits';
import { Tool, ToolCall, ToolError, ToolParam, ToolResult, TOOL_ERROR_CODES } from './tools';
import { USAGE_HEADERS, UsageRecord } from './usage';

export const OPENAPI_VERSION = '3.1.0';
/** Version of the API description; the wire version is the `/v1` prefix. */
export const API_DOC_VERSION = '1.0.0';

type JsonObject = Record<string, unknown>;

const REF = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Converts one registry of named schemas to `components.schemas` entries. */
function convert(entries: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(entries)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonObject> };
  for (const s of Object.values(schemas)) {
    // Component schemas live inside the OpenAPI document: no own dialect or id.
    delete s.$schema;
    delete s.$id;
  }
  return io === 'output' ? (openObjects(schemas) as Record<string, JsonObject>) : schemas;
}

/**
 * Drops every `additionalProperties: false` (zod's output view closes each object, since its
 * parser strips unknown keys), keeping schema-valued ones such as a record's value type.
 */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'additionalProperties' && v === false) continue;
    out[k] = openObjects(v);
  }
  return out;
}

function componentSchemas(): Record<string, JsonObject> {
  const input = convert({ BrowseRequest, ToolCall, PlaygroundTokenRequest }, 'input');
  const output = convert(
    {
      BrowseResponse,
      Tool,
      ToolParam,
      ToolResult,
      ToolError,
      SessionClosed,
      UsageRecord,
      HealthRecord,
      ErrorBody,
      PlaygroundTokenResponse,
      BillingStanding,
    },
    'output',
  );

  // What zod refinements say that JSON Schema can too: exactly one of url / session_id;
  // never both tool and tools; params only with tool; url is an absolute http(s) URL.
  const browse = input.BrowseRequest!;
  const props = browse.properties as Record<string, JsonObject>;
  props.url = {
    ...props.url,
    format: 'uri',
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
    description: 'Page to open in a new session: an absolute http(s) URL. Exactly one of `url` or `session_id`.',
  };
  props.session_id = {
    ...props.session_id,
    description: 'Open session to resume. Exactly one of `url` or `session_id`.',
  };
  props.tool = { ...props.tool, description: 'Name of one tool of the current page to execute (a name from `tools`).' };
  props.params = { ...props.params, description: 'Parameters of `tool`, by param name. Only with `tool`.' };
  props.tools = {
    ...props.tools,
    description: `A batch of tools to execute in order, at most ${LIMITS.maxBatchTools}. It stops early at a tool that navigates (\`stopped_reason: "navigation"\`) or at its time budget (\`"timeout"\`). Not with \`tool\`.`,
  };
  props.include_page_content = {
    ...props.include_page_content,
    description: "Include the page's main content as Markdown in `page_content`.",
  };
  browse.oneOf = [{ required: ['url'] }, { required: ['session_id'] }];
  browse.allOf = [
    { not: { required: ['tool', 'tools'] } },
    { if: { required: ['params'] }, then: { required: ['tool'] } },
  ];
  browse.description =
    'Open a page (`url`) or resume a session (`session_id`); optionally execute `tool` with `params`, or a batch `tools`.';

  const toolError = output.ToolError!;
  toolError.description = `Why a tool failed. Codes: ${Object.keys(TOOL_ERROR_CODES).join(', ')}.`;
  const errorBody = output.ErrorBody!;
  errorBody.description = 'Every error response: an upper-case code from the error table and a human-readable message.';
  (errorBody.properties as Record<string, JsonObject>).error = {
    ...(errorBody.properties as Record<string, JsonObject>).error,
    description: `Stable error code: ${Object.keys(ERROR_CODES).join(', ')}.`,
  };
  return { ...input, ...output };
}

const usageHeaderRefs = {
  [USAGE_HEADERS.count]: { $ref: '#/components/headers/UsageActionCount' },
  [USAGE_HEADERS.limit]: { $ref: '#/components/headers/UsageActionLimit' },
  [USAGE_HEADERS.periodStart]: { $ref: '#/components/headers/UsagePeriodStart' },
};
const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };

/** Error responses of an operation, grouped by status, each listing its codes. */
function errorResponses(codes: ErrorCode[], authenticated: boolean): Record<string, JsonObject> {
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

const COMMON_AUTH_ERRORS: ErrorCode[] = ['UNAUTHORIZED', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];
const BODY_ERRORS: ErrorCode[] = ['INVALID_JSON', 'INVALID_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];

function json(schemaName: string) {
  return { 'application/json': { schema: REF(schemaName) } };
}

/** Builds the document. Pure: same input schemas, same document (docs/openapi.json is compared byte for byte). */
export function buildOpenApiDocument(): JsonObject {
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Pagemap API',
      version: API_DOC_VERSION,
      summary: 'Web browsing for AI agents: page maps with callable tools, in isolated short-lived browser sessions.',
      description:
        'Open a page in an isolated browser session and get its title, a short summary and its callable tools; execute one tool or a batch against the session. ' +
        'Usage is counted in actions (one per page opened, one per tool executed) per billing period and reported in the X-Usage-* headers of every authenticated response. ' +
        'New response fields may be added within v1; clients should ignore fields they do not know. Error codes are listed in docs/errors.md.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [
      {
        url: '{base_url}',
        description: 'Your Pagemap gateway',
        variables: { base_url: { default: 'http://localhost:8080' } },
      },
    ],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'browse', description: 'Sessions, page maps and tools' },
      { name: 'account', description: 'Usage and playground tokens' },
      { name: 'operations', description: 'Health, metrics and this document' },
    ],
    paths: {
      '/v1/browse': {
        post: {
          operationId: 'browse',
          tags: ['browse'],
          summary: 'Open a page or resume a session; execute a tool or a batch',
          description:
            'With `url`: opens the page in a new session (1 action). With `session_id`: resumes that session. `tool` + `params` executes one tool, `tools` a batch (1 action per tool run). ' +
            'Per-tool failures are reported in `results` with `success: false`, not as an error status. After an early batch stop the session stays open. ' +
            'Playground tokens may open and observe pages but not execute tools (403 FORBIDDEN).',
          requestBody: { required: true, content: json('BrowseRequest') },
          responses: {
            '200': {
              description: "The page map of the session's current page, after any tools ran.",
              headers: { ...requestIdHeader, ...usageHeaderRefs, 'X-Cache': { $ref: '#/components/headers/Cache' } },
              content: json('BrowseResponse'),
            },
            ...errorResponses(
              [
                ...BODY_ERRORS,
                ...COMMON_AUTH_ERRORS,
                'FORBIDDEN',
                'DOMAIN_BLOCKED',
                'TARGET_NOT_ALLOWED',
                'SESSION_NOT_FOUND',
                'USAGE_LIMIT_EXCEEDED',
                'SESSION_LIMIT_EXCEEDED',
                'NAVIGATION_FAILED',
                'SITE_BLOCKED',
                'WORKER_LOST',
                'NO_CAPACITY',
                'UPSTREAM_TIMEOUT',
              ],
              true,
            ),
          },
        },
      },
      '/v1/session/{id}': {
        delete: {
          operationId: 'closeSession',
          tags: ['browse'],
          summary: 'Close a session and free its browser context',
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              description: 'The `session_id`.',
              schema: { type: 'string', maxLength: LIMITS.maxSessionIdLength },
            },
          ],
          responses: {
            '200': {
              description: 'Closed.',
              headers: { ...requestIdHeader, ...usageHeaderRefs },
              content: json('SessionClosed'),
            },
            ...errorResponses([...COMMON_AUTH_ERRORS, 'SESSION_NOT_FOUND', 'WORKER_LOST', 'UPSTREAM_TIMEOUT'], true),
          },
        },
      },
      '/v1/usage': {
        get: {
          operationId: 'usage',
          tags: ['account'],
          summary: 'Exact usage of the account in the current billing period',
          description:
            'Full API keys only: playground tokens get 403 FORBIDDEN. `billing.portal_url` is a path relative to the base address.',
          responses: {
            '200': {
              description: 'Usage record.',
              headers: { ...requestIdHeader, ...usageHeaderRefs },
              content: json('UsageRecord'),
            },
            ...errorResponses([...COMMON_AUTH_ERRORS, 'FORBIDDEN'], true),
          },
        },
      },
      '/v1/billing/portal': {
        get: {
          operationId: 'billingPortal',
          tags: ['account'],
          summary: 'Billing standing of the account (the target of `billing.portal_url`)',
          description:
            "Full API keys only. A self-hosted Pagemap has no payment provider: this answers the account's plan and billing standing as JSON (docs/billing.md); plan changes go through the operator's admin CLI.",
          responses: {
            '200': {
              description: 'Billing standing.',
              headers: { ...requestIdHeader, ...usageHeaderRefs },
              content: json('BillingStanding'),
            },
            ...errorResponses([...COMMON_AUTH_ERRORS, 'FORBIDDEN'], true),
          },
        },
      },
      '/v1/playground/tokens': {
        post: {
          operationId: 'mintPlaygroundToken',
          tags: ['account'],
          summary: 'Mint a browse-only playground token (15 minutes)',
          description:
            'Full API keys only. The token can open and observe pages; it cannot execute tools, read usage or mint tokens. The body is empty or `{}`.',
          requestBody: { required: false, content: json('PlaygroundTokenRequest') },
          responses: {
            '201': {
              description: 'A new token.',
              headers: { ...requestIdHeader, ...usageHeaderRefs },
              content: json('PlaygroundTokenResponse'),
            },
            ...errorResponses([...BODY_ERRORS, ...COMMON_AUTH_ERRORS, 'FORBIDDEN'], true),
          },
        },
      },
      '/health': {
        get: {
          operationId: 'health',
          tags: ['operations'],
          summary: 'Health check for load balancers',
          description:
            'No credential. Without `deep=true` it answers from the gateway alone and `checks` members are `unchecked`. With `deep=true` it checks the datastore, that a worker with a running browser is heart-beating, and the summarizer; a failing component makes `status` `fail`, the HTTP status 503, and `details` says why.',
          security: [],
          parameters: [
            {
              name: 'deep',
              in: 'query',
              required: false,
              description: 'Check every component.',
              schema: { type: 'string', enum: ['true', 'false', '1', '0'] },
            },
          ],
          responses: {
            '200': { description: 'Healthy.', headers: requestIdHeader, content: json('HealthRecord') },
            '503': {
              description: 'A component failed (deep checks only).',
              headers: requestIdHeader,
              content: json('HealthRecord'),
            },
          },
        },
      },
      '/metrics': {
        get: {
          operationId: 'metrics',
          tags: ['operations'],
          summary: 'Prometheus metrics of this gateway process',
          security: [],
          responses: {
            '200': {
              description: 'Prometheus text exposition format.',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
          },
        },
      },
      '/v1/openapi.json': {
        get: {
          operationId: 'openapi',
          tags: ['operations'],
          summary: 'This document',
          security: [],
          responses: {
            '200': {
              description: 'The OpenAPI 3.1 document.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (`pm_...`) or a playground token (JWT).',
        },
      },
      headers: {
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
      },
      schemas: componentSchemas(),
    },
  };
}

let cached: JsonObject | undefined;

/** The document, built once per process. */
export function openApiDocument(): JsonObject {
  return (cached ??= buildOpenApiDocument());
}

/**
 * `paths` of the OpenAPI document, one function per path, in the document's order (docs/openapi.json
 * is compared byte for byte, so the order of keys is part of the output).
 */
import { LIMITS } from './limits';
import {
  BODY_ERRORS,
  COMMON_AUTH_ERRORS,
  errorResponses,
  type JsonObject,
  json,
  requestIdHeader,
  usageHeaderRefs,
} from './openapi-parts';

/** Every path of the API and its operations. */
export function apiPaths(): Record<string, JsonObject> {
  return {
    '/v1/browse': browsePath(),
    '/v1/session/{id}': sessionPath(),
    '/v1/usage': usagePath(),
    '/v1/billing/portal': billingPortalPath(),
    '/v1/playground/tokens': playgroundTokensPath(),
    '/health': healthPath(),
    '/metrics': metricsPath(),
    '/v1/openapi.json': openApiPath(),
  };
}

/** POST /v1/browse: open, resume, run tools. */
function browsePath(): JsonObject {
  return {
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
  };
}

/** DELETE /v1/session/{id}. */
function sessionPath(): JsonObject {
  return {
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
  };
}

/** GET /v1/usage. */
function usagePath(): JsonObject {
  return {
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
  };
}

/** GET /v1/billing/portal. */
function billingPortalPath(): JsonObject {
  return {
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
  };
}

/** POST /v1/playground/tokens. */
function playgroundTokensPath(): JsonObject {
  return {
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
  };
}

/** GET /health. */
function healthPath(): JsonObject {
  return {
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
  };
}

/** GET /metrics. */
function metricsPath(): JsonObject {
  return {
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
  };
}

/** GET /v1/openapi.json. */
function openApiPath(): JsonObject {
  return {
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
  };
}

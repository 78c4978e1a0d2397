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
 *
 * The parts live beside it: openapi-schemas.ts (components.schemas), openapi-paths.ts (one
 * function per path), openapi-parts.ts (headers and error responses the paths share).
 */
import { apiPaths } from './openapi-paths';
import { headerComponents, type JsonObject } from './openapi-parts';
import { componentSchemas } from './openapi-schemas';

export const OPENAPI_VERSION = '3.1.0';
/** Version of the API description; the wire version is the `/v1` prefix. */
export const API_DOC_VERSION = '1.0.0';

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
    paths: apiPaths(),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (`pm_...`) or a playground token (JWT).',
        },
      },
      headers: headerComponents(),
      schemas: componentSchemas(),
    },
  };
}

let cached: JsonObject | undefined;

/** The document, built once per process. */
export function openApiDocument(): JsonObject {
  return (cached ??= buildOpenApiDocument());
}

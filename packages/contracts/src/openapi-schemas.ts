/**
 * `components.schemas` of the OpenAPI document, generated from this package's zod schemas with
 * `z.toJSONSchema()` — the wire shapes are written once, here in contracts, never twice.
 *
 * Request bodies are converted with zod's input view, responses with its output view.
 * Requests stay strict (`additionalProperties: false`, as the gateway refuses unknown fields);
 * responses are open, because docs/api.md lets v1 add response fields that clients must ignore:
 * a client validating responses against a closed schema would break on the first added field.
 */
import { z } from 'zod';
import { BillingStanding, PlaygroundTokenRequest, PlaygroundTokenResponse } from './account';
import { BrowseRequest, BrowseResponse, SessionClosed } from './browse';
import { ERROR_CODES, ErrorBody } from './errors';
import { HealthRecord } from './health';
import { LIMITS } from './limits';
import type { JsonObject } from './openapi-parts';
import { FileValue, Tool, ToolCall, ToolError, ToolParam, ToolResult, TOOL_ERROR_CODES } from './tools';
import { UsageRecord } from './usage';

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

/** The request and response schemas, with what JSON Schema can say beyond zod's conversion. */
export function componentSchemas(): Record<string, JsonObject> {
  const input = convert({ BrowseRequest, ToolCall, FileValue, PlaygroundTokenRequest }, 'input');
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
  describeBrowseRequest(input.BrowseRequest!);
  describeErrors(output);
  return { ...input, ...output };
}

/**
 * What zod refinements say that JSON Schema can too: exactly one of url / session_id;
 * never both tool and tools; params only with tool; url is an absolute http(s) URL.
 */
function describeBrowseRequest(browse: JsonObject): void {
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
}

/** The error schemas list their codes. */
function describeErrors(output: Record<string, JsonObject>): void {
  const toolError = output.ToolError!;
  toolError.description = `Why a tool failed. Codes: ${Object.keys(TOOL_ERROR_CODES).join(', ')}.`;
  const errorBody = output.ErrorBody!;
  errorBody.description = 'Every error response: an upper-case code from the error table and a human-readable message.';
  (errorBody.properties as Record<string, JsonObject>).error = {
    ...(errorBody.properties as Record<string, JsonObject>).error,
    description: `Stable error code: ${Object.keys(ERROR_CODES).join(', ')}.`,
  };
}

/**
 * The MCP tools, implemented with @pagemap/sdk: browse, execute_tool, close_session, usage.
 * Each answers `structuredContent` matching its declared `outputSchema` (the contracts' wire
 * shapes) and the same JSON as text for clients that only read text.
 * A service error becomes a tool result with `isError: true` and the error's code and message,
 * so the agent can read it and act (open a new session, wait, give up) instead of a protocol error.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { BrowseResponse, ParamValue, SessionClosed, UsageRecord } from '@pagemap/contracts';
import { type Pagemap, PagemapApiError, PagemapSdkError, type BrowseResult } from '@pagemap/sdk';

export const MCP_SERVER_NAME = 'pagemap';
export const MCP_SERVER_VERSION = '0.1.0';

const Params = z.record(z.string(), ParamValue);

/**
 * What the request cost, from the usage headers: snake_case like every other field the tools
 * return (the SDK's camelCase `meta.usage` is a JavaScript API, not this wire).
 */
const UsageSnapshot = z.object({
  action_count: z.number().int().optional().describe('Actions used in the current period, this request included.'),
  action_limit: z.number().int().optional().describe("The plan's actions per period."),
  period_start: z.string().optional().describe('Start of the current period (ISO 8601).'),
});

/** The page map an agent reads: everything of the browse response, plus what it cost. */
export const PageMap = BrowseResponse.extend({ usage: UsageSnapshot });

function pageMap(res: BrowseResult): z.infer<typeof PageMap> {
  const { actionCount, actionLimit, periodStart } = res.meta.usage;
  return {
    ...res,
    usage: {
      ...(actionCount !== undefined ? { action_count: actionCount } : {}),
      ...(actionLimit !== undefined ? { action_limit: actionLimit } : {}),
      ...(periodStart !== undefined ? { period_start: periodStart } : {}),
    },
  };
}

function ok(value: object): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: { ...value } };
}

function failed(err: unknown): CallToolResult {
  if (err instanceof PagemapApiError) {
    const retry = err.retryAfterS !== undefined ? ` Retry after ${err.retryAfterS} s.` : '';
    return {
      isError: true,
      content: [{ type: 'text', text: `${err.code} (HTTP ${err.status}): ${err.message}${retry}` }],
    };
  }
  if (err instanceof PagemapSdkError)
    return { isError: true, content: [{ type: 'text', text: `${err.name}: ${err.message}` }] };
  throw err;
}

async function call(fn: () => Promise<object>): Promise<CallToolResult> {
  try {
    return ok(await fn());
  } catch (err) {
    return failed(err);
  }
}

export function createMcpServer(client: Pagemap): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    {
      instructions:
        'Open a web page with `browse` to get its title, summary and callable tools; run them with `execute_tool` on the same session_id; `close_session` when done. Tool names and params come from the page map.',
    },
  );

  registerBrowse(server, client);
  registerExecuteTool(server, client);
  registerAccountTools(server, client);

  // The tool list is fixed for the server's life: say so, so clients need not watch for changes
  // (McpServer announces `listChanged: true` once a tool is registered; a later merge wins).
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}

/** `browse`: open a page in a new session, or re-read a session's current page. */
function registerBrowse(server: McpServer, client: Pagemap): void {
  server.registerTool(
    'browse',
    {
      title: 'Open or re-read a web page',
      description:
        "Open `url` in a new isolated browser session (costs 1 action) or re-read the current page of `session_id`. Returns session_id, expires_at, url, title, a short summary and the page's callable tools (name, description, params).",
      inputSchema: {
        url: z.string().url().optional().describe('Page to open in a new session (absolute http/https URL).'),
        session_id: z.string().optional().describe('An open session to re-read instead.'),
        include_page_content: z.boolean().optional().describe("Also return the page's main content as Markdown."),
      },
      outputSchema: PageMap,
      annotations: { openWorldHint: true, readOnlyHint: false },
    },
    async ({ url, session_id, include_page_content }) => {
      if ((url === undefined) === (session_id === undefined))
        return { isError: true, content: [{ type: 'text', text: 'Pass exactly one of `url` or `session_id`.' }] };
      return call(async () =>
        pageMap(
          await client.browse({
            ...(url ? { url } : { session_id: session_id! }),
            ...(include_page_content !== undefined ? { include_page_content } : {}),
          }),
        ),
      );
    },
  );
}

/** `execute_tool`: one tool of the current page, or a batch. */
function registerExecuteTool(server: McpServer, client: Pagemap): void {
  server.registerTool(
    'execute_tool',
    {
      title: 'Execute a page tool',
      description:
        "Execute one tool of the session's current page (`tool` + `params`), or a batch in order (`tools`: [{tool, params}]). Each tool costs 1 action. Returns the page map after it and `results` ({tool, success, error}); a batch stops early at a navigation or its time budget (`stopped_reason`).",
      inputSchema: {
        session_id: z.string().describe('The session from `browse`.'),
        tool: z.string().optional().describe('Name of one tool from the page map.'),
        params: Params.optional().describe('Parameters of `tool`, by param name.'),
        tools: z
          .array(z.object({ tool: z.string(), params: Params.optional() }))
          .optional()
          .describe('A batch instead of `tool`.'),
        include_page_content: z.boolean().optional(),
      },
      outputSchema: PageMap,
      annotations: { openWorldHint: true, destructiveHint: true },
    },
    async ({ session_id, tool, params, tools, include_page_content }) => {
      if ((tool === undefined) === (tools === undefined))
        return { isError: true, content: [{ type: 'text', text: 'Pass exactly one of `tool` or `tools`.' }] };
      return call(async () =>
        pageMap(
          await client.browse({
            session_id,
            ...(tool !== undefined ? { tool, ...(params ? { params } : {}) } : { tools: tools! }),
            ...(include_page_content !== undefined ? { include_page_content } : {}),
          }),
        ),
      );
    },
  );
}

/** `close_session` and `usage`. */
function registerAccountTools(server: McpServer, client: Pagemap): void {
  server.registerTool(
    'close_session',
    {
      title: 'Close a browser session',
      description:
        'Close the session and destroy its browser state (cookies included). Sessions also expire after about 5 idle minutes.',
      inputSchema: { session_id: z.string() },
      outputSchema: SessionClosed,
      annotations: { idempotentHint: true, destructiveHint: true, openWorldHint: false },
    },
    async ({ session_id }) => call(async () => ({ ...(await client.closeSession(session_id)) })),
  );

  server.registerTool(
    'usage',
    {
      title: 'Pagemap usage',
      description: "Actions used and the plan's limit in the current billing period.",
      inputSchema: {},
      outputSchema: UsageRecord,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => call(async () => ({ ...(await client.usage()) })),
  );
}

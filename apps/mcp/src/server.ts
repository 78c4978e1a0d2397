/**
 * The MCP tools, implemented with @pagemap/sdk: browse, execute_tool, close_session, usage.
 * A service error becomes a tool result with `isError: true` and the error's code and message,
 * so the agent can read it and act (open a new session, wait, give up) instead of a protocol error.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { Pagemap, PagemapApiError, PagemapSdkError } from '@pagemap/sdk';

export const MCP_SERVER_NAME = 'pagemap';
export const MCP_SERVER_VERSION = '0.1.0';

const ParamValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
const Params = z.record(z.string(), ParamValue);

function ok(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

function failed(err: unknown): CallToolResult {
  if (err instanceof PagemapApiError) {
    const retry = err.retryAfterS !== undefined ? ` Retry after ${err.retryAfterS} s.` : '';
    return { isError: true, content: [{ type: 'text', text: `${err.code} (HTTP ${err.status}): ${err.message}${retry}` }] };
  }
  if (err instanceof PagemapSdkError) return { isError: true, content: [{ type: 'text', text: `${err.name}: ${err.message}` }] };
  throw err;
}

async function call(fn: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return ok(await fn());
  } catch (err) {
    return failed(err);
  }
}

/** The page map an agent reads: everything of the browse response, plus what it cost. */
function pageMap(res: Awaited<ReturnType<Pagemap['browse']>>) {
  return { ...res, usage: res.meta.usage };
}

export function createMcpServer(client: Pagemap): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    { instructions: 'Open a web page with `browse` to get its title, summary and callable tools; run them with `execute_tool` on the same session_id; `close_session` when done. Tool names and params come from the page map.' },
  );

  server.registerTool(
    'browse',
    {
      title: 'Open or re-read a web page',
      description:
        'Open `url` in a new isolated browser session (costs 1 action) or re-read the current page of `session_id`. Returns session_id, expires_at, url, title, a short summary and the page\'s callable tools (name, description, params).',
      inputSchema: {
        url: z.string().url().optional().describe('Page to open in a new session (absolute http/https URL).'),
        session_id: z.string().optional().describe('An open session to re-read instead.'),
        include_page_content: z.boolean().optional().describe('Also return the page\'s main content as Markdown.'),
      },
      annotations: { openWorldHint: true, readOnlyHint: false },
    },
    async ({ url, session_id, include_page_content }) => {
      if ((url === undefined) === (session_id === undefined)) return { isError: true, content: [{ type: 'text', text: 'Pass exactly one of `url` or `session_id`.' }] };
      return call(async () => pageMap(await client.browse({ ...(url ? { url } : { session_id: session_id! }), ...(include_page_content !== undefined ? { include_page_content } : {}) })));
    },
  );

  server.registerTool(
    'execute_tool',
    {
      title: 'Execute a page tool',
      description:
        'Execute one tool of the session\'s current page (`tool` + `params`), or a batch in order (`tools`: [{tool, params}]). Each tool costs 1 action. Returns the page map after it and `results` ({tool, success, error}); a batch stops early at a navigation or its time budget (`stopped_reason`).',
      inputSchema: {
        session_id: z.string().describe('The session from `browse`.'),
        tool: z.string().optional().describe('Name of one tool from the page map.'),
        params: Params.optional().describe('Parameters of `tool`, by param name.'),
        tools: z.array(z.object({ tool: z.string(), params: Params.optional() })).optional().describe('A batch instead of `tool`.'),
        include_page_content: z.boolean().optional(),
      },
      annotations: { openWorldHint: true, destructiveHint: true },
    },
    async ({ session_id, tool, params, tools, include_page_content }) => {
      if ((tool === undefined) === (tools === undefined)) return { isError: true, content: [{ type: 'text', text: 'Pass exactly one of `tool` or `tools`.' }] };
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

  server.registerTool(
    'close_session',
    {
      title: 'Close a browser session',
      description: 'Close the session and destroy its browser state (cookies included). Sessions also expire after about 5 idle minutes.',
      inputSchema: { session_id: z.string() },
      annotations: { idempotentHint: true, destructiveHint: true, openWorldHint: false },
    },
    async ({ session_id }) => call(async () => ({ ...(await client.closeSession(session_id)) })),
  );

  server.registerTool(
    'usage',
    {
      title: 'Pagemap usage',
      description: 'Actions used and the plan\'s limit in the current billing period.',
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => call(async () => ({ ...(await client.usage()) })),
  );

  return server;
}

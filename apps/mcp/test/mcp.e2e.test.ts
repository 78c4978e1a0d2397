/**
 * A real MCP client (the official SDK's Client) against the Pagemap MCP server, over stdio (the
 * server as a child process, as agent hosts run it) and over streamable HTTP, with a real
 * gateway + worker behind it browsing the loopback fixture site.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createLogger } from '@pagemap/runtime';
import { api, startFixtureServer, startStack, type FixtureServer, type Stack, waitFor } from '@pagemap/test-utils';
import { startHttpServer } from '../src/http';

const MAIN = join(__dirname, '..', 'dist', 'main.js');

let stack: Stack;
let site: FixtureServer;
let key: string;

type ToolCallResult = {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
};
const text = (r: unknown) => (r as ToolCallResult).content.map((c) => c.text ?? '').join('');
/** The text JSON, checked equal to `structuredContent` (the client also validated that against the tool's outputSchema). */
const json = (r: unknown) => {
  const parsed = JSON.parse(text(r)) as Record<string, any>;
  expect((r as ToolCallResult).structuredContent).toEqual(parsed);
  return parsed;
};

beforeAll(async () => {
  site = await startFixtureServer();
  stack = await startStack({ workers: 1, gateways: 1 });
  ({ apiKey: key } = await stack.tenant({ plan: 'scale' }));
  // A gateway that just started may answer its first request 503; warm it up.
  await waitFor(
    async () => (await api(stack.url, 'GET', '/v1/usage', { key })).status === 200,
    60_000,
    'the gateway to answer',
  );
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

test('stdio: lists the tools, browses the login page, executes its login tool, closes, reads usage', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN],
    env: { PATH: process.env.PATH ?? '', PAGEMAP_API_KEY: key, PAGEMAP_BASE_URL: stack.url, LOG_LEVEL: 'warn' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'pagemap-test', version: '0.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['browse', 'close_session', 'execute_tool', 'usage']);
    const browseTool = tools.find((t) => t.name === 'browse')!;
    expect(Object.keys((browseTool.inputSchema as { properties: object }).properties)).toEqual(
      expect.arrayContaining(['url', 'session_id']),
    );

    const opened = await client.callTool({ name: 'browse', arguments: { url: site.url('/login.html') } });
    expect(opened.isError).toBeFalsy();
    const page = json(opened);
    expect(page.session_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const login = (page.tools as Array<{ name: string; params: Array<{ name: string }> }>).find(
      (t) => t.name === 'login' || t.name === 'sign_in',
    );
    expect(login).toBeDefined();
    const user = login!.params.find((p) => /user|email/i.test(p.name))!.name;
    const pass = login!.params.find((p) => /pass/i.test(p.name))!.name;

    const after = json(
      await client.callTool({
        name: 'execute_tool',
        arguments: {
          session_id: page.session_id,
          tool: login!.name,
          params: { [user]: 'alice', [pass]: 'correct-horse-battery-staple' },
        },
      }),
    );
    expect(after.results[0]).toMatchObject({ success: true, error: null });
    expect(after.title).toBe('Your account');

    expect(json(await client.callTool({ name: 'close_session', arguments: { session_id: page.session_id } }))).toEqual({
      status: 'closed',
    });
    const again = await client.callTool({ name: 'close_session', arguments: { session_id: page.session_id } });
    expect(again.isError).toBe(true);
    expect(text(again)).toContain('SESSION_NOT_FOUND');

    const usage = json(await client.callTool({ name: 'usage', arguments: {} }));
    expect(usage.actions.used).toBeGreaterThanOrEqual(2);
  } finally {
    await client.close();
  }
});

test('streamable HTTP: a client with its own key lists the tools and browses a fixture page', async () => {
  const http = await startHttpServer({
    host: '127.0.0.1',
    port: 0,
    baseUrl: stack.url,
    timeoutMs: 60_000,
    log: createLogger({ name: 'mcp-test', level: 'silent' }),
  });
  try {
    const client = new Client({ name: 'pagemap-test', version: '0.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['browse', 'execute_tool', 'close_session', 'usage']),
      );
      const page = json(
        await client.callTool({
          name: 'browse',
          arguments: { url: site.url('/article.html'), include_page_content: true },
        }),
      );
      expect(page.title).toBe('How Lighthouses Work');
      expect(typeof page.page_content).toBe('string');
      // One naming style: the usage snapshot is snake_case like every other field.
      expect(Object.keys(page.usage).sort()).toEqual(['action_count', 'action_limit', 'period_start']);
      expect(page.usage.action_count).toBeGreaterThan(0);
      const bad = await client.callTool({
        name: 'browse',
        arguments: { url: site.url('/'), session_id: page.session_id },
      });
      expect(bad.isError).toBe(true);
      expect(
        json(await client.callTool({ name: 'close_session', arguments: { session_id: page.session_id } })),
      ).toEqual({ status: 'closed' });
    } finally {
      await client.close();
    }

    // Without a key of its own the server refuses callers that bring none.
    const anonymous = new Client({ name: 'pagemap-test', version: '0.0.0' });
    await expect(anonymous.connect(new StreamableHTTPClientTransport(new URL(http.url)))).rejects.toThrow();
  } finally {
    await http.close();
  }
});

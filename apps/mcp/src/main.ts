#!/usr/bin/env node
/**
 * `pagemap-mcp`: the Pagemap MCP server. PAGEMAP_MCP_TRANSPORT=stdio (default) for agent hosts that
 * spawn it; =http for streamable HTTP on PAGEMAP_MCP_PORT. Logs go to stderr (stdout is the
 * protocol in stdio mode).
 */
import pino from 'pino';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createLogger, exitOnEnvError, onTerminate } from '@pagemap/runtime';
import { Pagemap } from '@pagemap/sdk';
import { loadMcpEnv, type McpEnv } from './env';
import { startHttpServer } from './http';
import { createMcpServer } from './server';

async function main(): Promise<void> {
  let env: McpEnv;
  try {
    env = loadMcpEnv();
  } catch (err) {
    exitOnEnvError(err);
  }
  const log = createLogger({ name: 'mcp', level: env.LOG_LEVEL, destination: pino.destination({ fd: 2, sync: true }) });
  if (env.PAGEMAP_MCP_TRANSPORT === 'stdio') {
    const client = new Pagemap({
      apiKey: env.PAGEMAP_API_KEY!,
      baseUrl: env.PAGEMAP_BASE_URL,
      timeoutMs: env.PAGEMAP_MCP_TIMEOUT_MS,
    });
    const server = createMcpServer(client);
    await server.connect(new StdioServerTransport());
    log.info({ transport: 'stdio', baseUrl: env.PAGEMAP_BASE_URL }, 'mcp ready');
    onTerminate(async () => {
      await server.close();
    });
    return;
  }
  const http = await startHttpServer({
    host: env.PAGEMAP_MCP_HOST,
    port: env.PAGEMAP_MCP_PORT,
    baseUrl: env.PAGEMAP_BASE_URL,
    ...(env.PAGEMAP_API_KEY ? { apiKey: env.PAGEMAP_API_KEY } : {}),
    allowedHosts: env.PAGEMAP_MCP_ALLOWED_HOSTS,
    allowedOrigins: env.PAGEMAP_MCP_ALLOWED_ORIGINS,
    timeoutMs: env.PAGEMAP_MCP_TIMEOUT_MS,
    log,
  });
  log.info({ transport: 'http', port: http.port, url: http.url, baseUrl: env.PAGEMAP_BASE_URL }, 'mcp listening');
  onTerminate(async () => {
    await http.close();
  });
}

void main().catch((err: unknown) => {
  process.stderr.write(`pagemap-mcp failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

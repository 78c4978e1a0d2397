/**
 * The MCP server's configuration, validated once at start-up. No other file reads process.env.
 * docs/configuration.md documents each variable.
 */
import { z } from 'zod';
import { envInt, envList, parseEnv } from '@pagemap/runtime';

export const McpEnvSchema = z
  .object({
    /**
     * API key the server calls Pagemap with. Over HTTP a client's own `Authorization: Bearer` key
     * takes precedence; over stdio this is the only key, so it is required there.
     */
    PAGEMAP_API_KEY: z.string().optional(),
    /** Base address of the Pagemap gateway. */
    PAGEMAP_BASE_URL: z.string().url().default('http://localhost:8080'),
    /** `stdio` (an agent host spawns the server) or `http` (streamable HTTP on PAGEMAP_MCP_PORT). */
    PAGEMAP_MCP_TRANSPORT: z.enum(['stdio', 'http']).default('stdio'),
    PAGEMAP_MCP_PORT: envInt(8765, 0, 65535),
    /** Bind address for `http`; loopback by default. */
    PAGEMAP_MCP_HOST: z.string().default('127.0.0.1'),
    /**
     * `Host` names the HTTP transport answers besides localhost / 127.0.0.1 / [::1] (comma list):
     * the names clients reach it by when it is bound beyond loopback. Anything else is refused (403)
     * against DNS rebinding.
     */
    PAGEMAP_MCP_ALLOWED_HOSTS: envList(),
    /** Browser `Origin`s accepted besides loopback ones (comma list of exact origins); a request without Origin is not a browser's. */
    PAGEMAP_MCP_ALLOWED_ORIGINS: envList(),
    /** Time budget of one Pagemap call, ms. */
    PAGEMAP_MCP_TIMEOUT_MS: envInt(90_000, 1_000, 600_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((e) => e.PAGEMAP_MCP_TRANSPORT !== 'stdio' || (e.PAGEMAP_API_KEY ?? '') !== '', {
    message: 'PAGEMAP_API_KEY is required with the stdio transport',
    path: ['PAGEMAP_API_KEY'],
  });

export type McpEnv = z.infer<typeof McpEnvSchema>;

export function loadMcpEnv(env: NodeJS.ProcessEnv = process.env): McpEnv {
  return parseEnv(McpEnvSchema, env);
}

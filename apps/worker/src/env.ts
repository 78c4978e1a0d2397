/**
 * The worker's configuration: every environment variable it reads, validated once at start-up.
 * No other file reads process.env. docs/configuration.md documents each variable.
 */
import { z } from 'zod';
import { envBool, envInt, envList, parseEnv } from '@pagemap/runtime';
import { REDIS_ENV } from '@pagemap/queue';
import { parseHostMap } from './browser/outbound-guard';
import { parsePorts } from './browser/stack-ports';

export const WorkerEnvSchema = z
  .object({
    /** Redis holding queues, the session directory and heartbeats (REDIS_URL, PAGEMAP_REDIS_MODE). */
    ...REDIS_ENV,
    /** Prefix of every Redis key (and BullMQ prefix). */
    PAGEMAP_REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/)
      .default('pm'),
    /** 32-byte key (base64url or hex) that unseals tool params in job payloads; same value as the gateway's. */
    PAGEMAP_PAYLOAD_KEY: z.string().min(43, 'must be 32 bytes as base64url (43 chars) or hex (64 chars)'),
    /** Stable id of this worker; random when unset. */
    PAGEMAP_WORKER_ID: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/)
      .optional(),
    /** Port of the worker's own HTTP server (/health, /metrics). 0 picks a free port. */
    PAGEMAP_WORKER_PORT: envInt(9101, 0, 65535),
    PAGEMAP_WORKER_HOST: z.string().default('0.0.0.0'),
    /** Most sessions this worker holds open at once. */
    PAGEMAP_MAX_SESSIONS: envInt(20, 1, 10_000),
    /** Most new sessions opened in parallel. */
    PAGEMAP_OPEN_CONCURRENCY: envInt(4, 1, 256),
    /**
     * Fresh contexts (each with a prepared page) kept ready in the background so a new session
     * does not wait for one; never more than the worker's free capacity. 0 turns the pool off.
     */
    PAGEMAP_CONTEXT_POOL_SIZE: envInt(2, 0, 64),
    /**
     * Seconds a worker must stay without sessions, after serving some, before it gives unused heap
     * back to the OS with one full collection (src/memory-reclaim.ts). 0 turns it off.
     */
    PAGEMAP_IDLE_RECLAIM_S: envInt(10, 0, 3_600),
    /** How often a live worker looks for dead workers to clean up after, ms. */
    PAGEMAP_REAPER_MS: envInt(5_000, 100, 600_000),
    /** Idle time-out of a session, seconds (contract: about 5 minutes). */
    PAGEMAP_SESSION_IDLE_S: envInt(300, 1, 86_400),
    /** Maximum age of a session, seconds (contract: about 15 minutes). */
    PAGEMAP_SESSION_MAX_AGE_S: envInt(900, 1, 86_400),
    /** Time budget of a whole batch of tools, ms; past it the batch stops with "timeout". */
    PAGEMAP_BATCH_TIMEOUT_MS: envInt(30_000, 100, 600_000),
    /** Time budget of one tool, ms. */
    PAGEMAP_TOOL_TIMEOUT_MS: envInt(10_000, 100, 600_000),
    /** Time budget of opening a page, ms. */
    PAGEMAP_NAVIGATION_TIMEOUT_MS: envInt(15_000, 100, 600_000),
    /**
     * Longest a freshly loaded page that has nothing yet but is still rendering (an app shell with a
     * spinner) is waited for, ms; pages that offer something are never delayed. 0 turns it off.
     */
    PAGEMAP_RENDER_WAIT_MS: envInt(2_000, 0, 30_000),
    /**
     * Light loading: session pages fetch no images, media or fonts (the page map never reads
     * pixels), unless a screenshot is asked for; false loads every page in full.
     */
    PAGEMAP_LOAD_LIGHT: envBool(true),
    /** Tallest full-page screenshot, CSS pixels; taller pages are cut (`truncated`). */
    PAGEMAP_SCREENSHOT_MAX_HEIGHT: envInt(8_000, 100, 32_000),
    /** Largest screenshot, bytes before base64; a larger full-page capture is retaken at half the height. */
    PAGEMAP_SCREENSHOT_MAX_BYTES: envInt(3 * 1024 * 1024, 65_536, 16 * 1024 * 1024),
    /** Chromium binary; found automatically (headless shell first) when unset. */
    PAGEMAP_CHROMIUM_PATH: z.string().optional(),
    /** Extra Chromium flags, whitespace-separated (e.g. --host-resolver-rules=...). */
    PAGEMAP_CHROMIUM_ARGS: z.string().default(''),
    /**
     * Non-public targets the browsers may reach anyway: CIDRs, host names, or `loopback`.
     * Empty (the default) allows public addresses only.
     */
    PAGEMAP_OUTBOUND_ALLOW: envList([]),
    /**
     * Fixed answers of the browsers' name resolution, `host=ip` comma-separated (e.g.
     * `login.example.test=127.0.0.2`). Applied by the egress proxy and the top-level check alike;
     * the outbound guard still judges the mapped address. Empty by default; tests use it.
     */
    PAGEMAP_OUTBOUND_HOST_MAP: envList([]).transform((entries, ctx) => {
      try {
        return parseHostMap(entries);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `PAGEMAP_OUTBOUND_HOST_MAP: ${(err as Error).message}` });
        return z.NEVER;
      }
    }),
    /**
     * Ports of the service's own processes that publish nothing (gateways, dashboard, MCP server),
     * comma-separated: refused on any non-public address even when PAGEMAP_OUTBOUND_ALLOW lets
     * loopback through. Workers' and Redis's ports are known without it (browser/stack-ports.ts).
     */
    PAGEMAP_OUTBOUND_DENY_PORTS: envList([]).transform((entries, ctx) => {
      const ports = parsePorts(entries.join(','));
      if (ports.length !== entries.length)
        ctx.addIssue({ code: 'custom', message: 'PAGEMAP_OUTBOUND_DENY_PORTS: ports 1-65535' });
      return ports;
    }),
    /** Identity-provider / SSO domains refused unless the tenant enabled login automation; replaces the built-in list. */
    PAGEMAP_IDP_DOMAINS: envList([]),
    /**
     * Automatic suspension of login automation, per tenant, per site, per UTC hour
     * (docs/acceptable-use.md): distinct usernames tried that, with the rejected share, suspend.
     */
    PAGEMAP_LOGIN_ABUSE_USERNAMES: envInt(10, 1, 1_000_000),
    /** Share (0–1) of login attempts answered LOGIN_REJECTED that counts as failing. */
    PAGEMAP_LOGIN_ABUSE_REJECTED_SHARE: z.coerce.number().min(0).max(1).default(0.7),
    /** Login attempts from which the rejected share alone suspends. */
    PAGEMAP_LOGIN_ABUSE_MIN_ATTEMPTS: envInt(20, 1, 1_000_000),
    /** CAPTCHA hits during login that suspend. */
    PAGEMAP_LOGIN_ABUSE_BLOCK_HITS: envInt(10, 1, 1_000_000),
    /** Login attempts that suspend whatever their outcome. */
    PAGEMAP_LOGIN_ABUSE_MAX_ATTEMPTS: envInt(300, 1, 1_000_000),
    /** Anthropic key: summaries by Claude when set, the offline summarizer otherwise. */
    ANTHROPIC_API_KEY: z.string().optional(),
    /** Base URL of the Messages API (tests point it at a local stub). */
    ANTHROPIC_BASE_URL: z.string().url().optional(),
    PAGEMAP_SUMMARY_MODEL: z.string().default('claude-haiku-4-5'),
    PAGEMAP_SUMMARY_TIMEOUT_MS: envInt(4_000, 100, 120_000),
    PAGEMAP_SUMMARY_MAX_TOKENS: envInt(200, 16, 4096),
    /** TTL of the shared page-map cache, seconds; 0 turns the cache off. */
    PAGEMAP_CACHE_TTL_S: envInt(300, 0, 86_400),
    /** Heartbeat period and the time after which a silent worker counts as dead, ms. */
    PAGEMAP_HEARTBEAT_MS: envInt(1_000, 50, 60_000),
    PAGEMAP_HEARTBEAT_TTL_MS: envInt(5_000, 100, 600_000),
    /** How long SIGTERM waits for running jobs before closing anyway, ms. */
    PAGEMAP_DRAIN_TIMEOUT_MS: envInt(30_000, 0, 3_600_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Log the owner of each served job at info (tests assert routing with it). */
    PAGEMAP_LOG_JOBS: envBool(true),
  })
  .refine((e) => e.PAGEMAP_HEARTBEAT_TTL_MS > e.PAGEMAP_HEARTBEAT_MS, {
    message: 'PAGEMAP_HEARTBEAT_TTL_MS must be larger than PAGEMAP_HEARTBEAT_MS',
    path: ['PAGEMAP_HEARTBEAT_TTL_MS'],
  });

export type WorkerEnv = z.infer<typeof WorkerEnvSchema>;

export function loadWorkerEnv(env: NodeJS.ProcessEnv = process.env): WorkerEnv {
  return parseEnv(WorkerEnvSchema, env);
}

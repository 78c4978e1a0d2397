/**
 * The gateway's configuration: every environment variable it reads, validated once at start-up.
 * No other file reads process.env. docs/configuration.md documents each variable.
 */
import { z } from 'zod';
import { envBool, envInt, parseEnv } from '@pagemap/runtime';
import { REDIS_ENV } from '@pagemap/queue';

export const GatewayEnvSchema = z.object({
  ...REDIS_ENV,
  PAGEMAP_REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default('pm'),
  /** 32-byte key (base64url or hex) sealing tool params in job payloads; same value as the workers'. */
  PAGEMAP_PAYLOAD_KEY: z.string().min(43, 'must be 32 bytes as base64url (43 chars) or hex (64 chars)'),
  /** Secret signing playground tokens (HS256), at least 32 characters. */
  PAGEMAP_JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  PORT: envInt(8080, 0, 65535),
  HOST: z.string().default('0.0.0.0'),
  /** How long a request waits for its worker before answering 504 UPSTREAM_TIMEOUT, ms. */
  PAGEMAP_REQUEST_TIMEOUT_MS: envInt(60_000, 1_000, 600_000),
  /** How long a new session waits for a worker with free capacity before 503 NO_CAPACITY, ms. */
  PAGEMAP_PICKUP_TIMEOUT_MS: envInt(10_000, 100, 600_000),
  /** How often a waiting request checks that its worker is still heart-beating, ms. */
  PAGEMAP_OWNER_CHECK_MS: envInt(500, 50, 60_000),
  /** How long start-up waits for Redis before listening anyway (requests answer 503 meanwhile), ms. */
  PAGEMAP_REDIS_STARTUP_WAIT_MS: envInt(10_000, 0, 600_000),
  /** How long SIGTERM waits for in-flight requests, ms. */
  PAGEMAP_DRAIN_TIMEOUT_MS: envInt(30_000, 0, 3_600_000),
  /** Trust X-Forwarded-* from a load balancer in front. */
  PAGEMAP_TRUST_PROXY: envBool(false),
  /**
   * Origin of the documentation site (the dashboard serves it), e.g. `https://dashboard.example.com`.
   * Cross-origin calls are allowed from it only, and only with playground tokens. Unset: no CORS.
   */
  PAGEMAP_DOCS_ORIGIN: z
    .url()
    .transform((u) => new URL(u).origin)
    .optional(),
  /** Public URL of the dashboard; a browser following `billing.portal_url` is sent to its billing area. */
  PAGEMAP_DASHBOARD_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type GatewayEnv = z.infer<typeof GatewayEnvSchema>;

export function loadGatewayEnv(env: NodeJS.ProcessEnv = process.env): GatewayEnv {
  return parseEnv(GatewayEnvSchema, env);
}

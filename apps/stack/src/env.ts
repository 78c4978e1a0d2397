/** The launcher's configuration (the gateway and worker read their own; see docs/configuration.md). */
import { z } from 'zod';
import { envInt, envList, parseEnv } from '@pagemap/runtime';
import { REDIS_ENV } from '@pagemap/queue';

export const StackEnvSchema = z.object({
  /** Use this Redis instead of starting one. */
  REDIS_URL: REDIS_ENV.REDIS_URL.optional(),
  /** `cluster` when REDIS_URL names seed nodes of a Redis Cluster (passed on to every process). */
  PAGEMAP_REDIS_MODE: REDIS_ENV.PAGEMAP_REDIS_MODE,
  /** Port of the Redis the launcher starts. */
  PAGEMAP_REDIS_PORT: envInt(6390, 1, 65535),
  /** Where the launcher keeps Redis data and generated secrets (git-ignored). */
  PAGEMAP_DATA_DIR: z.string().default('.data'),
  /** Gateway port. */
  PORT: envInt(8080, 1, 65535),
  /** Gateway bind address; loopback by default for a dev machine. */
  HOST: z.string().default('127.0.0.1'),
  /** Number of worker processes. */
  PAGEMAP_WORKERS: envInt(1, 1, 64),
  /** Port of worker 1's /health and /metrics; worker N gets base + N − 1. 0 lets each pick a free port. */
  PAGEMAP_WORKER_BASE_PORT: envInt(9101, 0, 65535),
  /** Port of the demo fixture site (served with PAGEMAP_OUTBOUND_ALLOW=loopback); 0 picks a free one on each start. */
  PAGEMAP_DEMO_PORT: envInt(0, 0, 65535),
  /** A known development API key (`pm_` + 32 base64url characters) for scripts; random otherwise. */
  PAGEMAP_DEV_API_KEY: z
    .string()
    .regex(/^pm_[A-Za-z0-9_-]{32}$/, 'must look like pm_ followed by 32 base64url characters')
    .optional(),
  /** Dashboard (and documentation site) port. */
  PAGEMAP_DASHBOARD_PORT: envInt(8090, 1, 65535),
  /** Email of the dashboard owner seeded for the `dev` tenant. */
  PAGEMAP_DEV_OWNER_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
    .default('dev@pagemap.localhost'),
  /** Password of that owner (at least 12 characters); generated and printed on each start when unset. */
  PAGEMAP_DEV_OWNER_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /**
   * A real Stripe account's secret key, passed to the dashboard with the other STRIPE_* variables.
   * Unset: the launcher runs the local Stripe stand-in (test mode, same flow) and wires the
   * dashboard to it.
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Port of the local Stripe stand-in (its hosted pages' origin) when STRIPE_SECRET_KEY is unset; 0 picks a free one. */
  PAGEMAP_STRIPE_STANDIN_PORT: envInt(0, 0, 65535),
  /** Passed to the worker; with `loopback` the launcher also serves the demo fixture site. */
  PAGEMAP_OUTBOUND_ALLOW: envList([]),
  /** Log level of the gateway and worker (their JSON logs go to this terminal). */
  LOG_LEVEL: z.string().default('warn'),
});

export type StackEnv = z.infer<typeof StackEnvSchema>;

export function loadStackEnv(env: NodeJS.ProcessEnv = process.env): StackEnv {
  return parseEnv(StackEnvSchema, env);
}

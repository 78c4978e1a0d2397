/**
 * The admin CLI's configuration, validated once at start-up. No other file reads process.env.
 * docs/configuration.md and the README's admin section document each variable.
 */
import { z } from 'zod';
import { parseEnv } from '@pagemap/runtime';
import { REDIS_ENV } from '@pagemap/queue';

export const AdminEnvSchema = z.object({
  /** Redis of the deployment; defaults to the embedded default of `npm start`. */
  REDIS_URL: REDIS_ENV.REDIS_URL.default('redis://127.0.0.1:6390'),
  /** `cluster` when REDIS_URL names seed nodes of a Redis Cluster. */
  PAGEMAP_REDIS_MODE: REDIS_ENV.PAGEMAP_REDIS_MODE,
  /** Key prefix of the deployment (same value as its gateways and workers). */
  PAGEMAP_REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default('pm'),
  /** The gateways' playground-token secret; only `playground-token` needs it. */
  PAGEMAP_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

export type AdminEnv = z.infer<typeof AdminEnvSchema>;

export function loadAdminEnv(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): AdminEnv {
  return parseEnv(AdminEnvSchema, env);
}

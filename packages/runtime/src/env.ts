/**
 * Parses a process's environment once, at start-up, with its zod schema. A bad value stops the
 * process with one readable line per problem, naming the variable — never a stack trace.
 */
import { z } from 'zod';

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv | Record<string, string | undefined>,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const raw = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
    const shown =
      raw === undefined ? 'unset' : /KEY|SECRET|TOKEN|PASSWORD/i.test(name) ? 'set (hidden)' : JSON.stringify(raw);
    return `${name}: ${issue.message} (got ${shown})`;
  });
  throw new EnvError(problems);
}

/** Helpers for env schemas: env values are strings, these coerce them with clear messages. */
export const envBool = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === '1' || v === 'true' || v === 'yes'));

export const envInt = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** Comma-separated list. */
export const envList = (fallback: string[] = []) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v.trim() === ''
        ? fallback
        : v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    );

/** Runs `main`; an EnvError becomes a readable message and exit code 2. */
export function exitOnEnvError(err: unknown): never {
  if (err instanceof EnvError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  throw err;
}

/**
 * Structured JSON logs (pino). Secrets are redacted by path — tool params, credentials,
 * authorization headers — so a careless `log.info({ job })` cannot leak a password.
 */
import pino, { type Logger } from 'pino';

export type { Logger };

/** Paths whose values never reach a log line, at any level. */
export const REDACT_PATHS = [
  'params',
  '*.params',
  '*.*.params',
  'tools[*].params',
  '*.tools[*].params',
  'sealedCalls',
  '*.sealedCalls',
  'password',
  '*.password',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'apiKey',
  '*.apiKey',
  'token',
  '*.token',
];

export interface LoggerOptions {
  name: string;
  level?: string;
  /** Where lines go; stdout by default. Tests pass a stream to read what was logged. */
  destination?: pino.DestinationStream;
}

export function createLogger(opts: LoggerOptions): Logger {
  return pino(
    {
      name: opts.name,
      level: opts.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { pid: process.pid, service: opts.name },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    opts.destination ?? pino.destination({ fd: 1, sync: false }),
  );
}

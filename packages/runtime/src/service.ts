/**
 * The life of one service process (gateway, worker, dashboard), written once: the environment
 * parsed (a bad value exits with one line per problem), the service built by its composition
 * root, SIGTERM/SIGINT closing it (exit 0 when the close was clean, 1 otherwise), and a failed
 * start logged, whatever had started closed, and the process exited with 1 and a plain line.
 */
import { exitOnEnvError } from './env';
import { exitOnStartError } from './listen';
import type { Logger } from './logger';
import { onTerminate } from './shutdown';

/** What a composition root (`createGateway()`, `createWorker()`, …) hands back. */
export interface RunnableService {
  log: Logger;
  /** Resolves once the service is listening (what it resolves with is the app's own business). */
  start(): Promise<unknown>;
  /** Idempotent; resolves false when a step of the shutdown failed. */
  close(): Promise<boolean>;
}

export function runService<E>(name: string, loadEnv: () => E, create: (env: E) => RunnableService): void {
  let env: E;
  try {
    env = loadEnv();
  } catch (err) {
    exitOnEnvError(err);
  }
  const service = create(env);
  onTerminate(async (signal) => {
    service.log.info({ signal }, 'signal received');
    if (!(await service.close())) throw new Error('unclean shutdown');
  });
  service.start().catch((err: unknown) => {
    service.log.fatal({ err: err instanceof Error ? err.message : String(err) }, `${name} failed to start`);
    void service
      .close()
      .catch(() => false)
      .finally(() => exitOnStartError(name, err));
  });
}

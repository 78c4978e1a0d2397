#!/usr/bin/env node
/** Entry point of a worker process. */
import { exitOnEnvError, exitOnStartError, onTerminate } from '@pagemap/runtime';
import { loadWorkerEnv, type WorkerEnv } from './env';
import { createWorker } from './worker';

let env: WorkerEnv;
try {
  env = loadWorkerEnv();
} catch (err) {
  exitOnEnvError(err);
}
const worker = createWorker(env);
onTerminate(async (signal) => {
  worker.log.info({ signal }, 'signal received');
  const clean = await worker.close();
  if (!clean) throw new Error('unclean shutdown');
});
worker.start().catch((err) => {
  worker.log.fatal({ err: err instanceof Error ? err.message : String(err) }, 'worker failed to start');
  void worker.close().finally(() => exitOnStartError('worker', err));
});

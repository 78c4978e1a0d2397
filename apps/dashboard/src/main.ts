#!/usr/bin/env node
/** Entry point of a dashboard process. */
import { exitOnEnvError, onTerminate } from '@pagemap/runtime';
import { loadDashboardEnv, type DashboardEnv } from './env';
import { createDashboard } from './dashboard';

let env: DashboardEnv;
try {
  env = loadDashboardEnv();
} catch (err) {
  exitOnEnvError(err);
}
const dashboard = createDashboard(env);
onTerminate(async (signal) => {
  dashboard.log.info({ signal }, 'signal received');
  if (!(await dashboard.close())) throw new Error('unclean shutdown');
});
dashboard.start().catch((err) => {
  dashboard.log.fatal({ err: err instanceof Error ? err.message : String(err) }, 'dashboard failed to start');
  process.exit(1);
});

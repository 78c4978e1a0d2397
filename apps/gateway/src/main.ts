#!/usr/bin/env node
/** Entry point of a gateway process. */
import { exitOnEnvError, exitOnStartError, onTerminate } from '@pagemap/runtime';
import { loadGatewayEnv, type GatewayEnv } from './env';
import { createGateway } from './gateway';

let env: GatewayEnv;
try {
  env = loadGatewayEnv();
} catch (err) {
  exitOnEnvError(err);
}
const gateway = createGateway(env);
onTerminate(async (signal) => {
  gateway.log.info({ signal }, 'signal received');
  const clean = await gateway.close();
  if (!clean) throw new Error('unclean shutdown');
});
gateway.start().catch((err) => {
  gateway.log.fatal({ err: err instanceof Error ? err.message : String(err) }, 'gateway failed to start');
  exitOnStartError('gateway', err);
});

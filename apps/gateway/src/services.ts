/** What route handlers get: the gateway's services, built once by the composition root. */
import type { AccountStore } from '@pagemap/accounts';
import type { Sealer, SessionDirectory, WorkerFleet } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { GatewayEnv } from './env';
import type { GatewayMetrics } from './metrics';
import type { Authenticator } from './auth/authenticate';
import type { Dispatcher } from './dispatch/dispatcher';
import type { UsageMeter } from './usage/meter';
import type { BrowseFlow } from './browse/flow';

export interface GatewayServices {
  env: GatewayEnv;
  log: Logger;
  /** Who owns which session, and the tenants' open-session slots. */
  directory: SessionDirectory;
  /** Which workers are alive (health, metrics) and whether the datastore answers. */
  fleet: WorkerFleet;
  accounts: AccountStore;
  authenticator: Authenticator;
  dispatcher: Dispatcher;
  meter: UsageMeter;
  browse: BrowseFlow;
  sealer: Sealer;
  metrics: GatewayMetrics;
  startedAt: number;
}

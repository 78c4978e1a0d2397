/** What route handlers get: the gateway's services, built once by the composition root. */
import type { Redis } from 'ioredis';
import type { AccountStore } from '@pagemap/accounts';
import type { KeySpace, Sealer } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { GatewayEnv } from './env';
import type { GatewayMetrics } from './metrics';
import type { Authenticator } from './auth/authenticate';
import type { Dispatcher } from './dispatch/dispatcher';
import type { UsageMeter } from './usage/meter';

export interface GatewayServices {
  env: GatewayEnv;
  log: Logger;
  redis: Redis;
  keys: KeySpace;
  accounts: AccountStore;
  authenticator: Authenticator;
  dispatcher: Dispatcher;
  meter: UsageMeter;
  sealer: Sealer;
  metrics: GatewayMetrics;
  startedAt: number;
}

/** What every dashboard route may use; built once by createDashboard (tests build their own). */
import type { AccountStore, LoginAutomationGate, OwnerStore } from '@pagemap/accounts';
import type { KeySpace, RedisClient } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { DashboardEnv } from './env';
import type { CardVerifier } from './billing/provider';
import type { SignInLockout } from './http/lockout';
import type { DashboardMetrics } from './metrics';

export interface DashboardServices {
  env: DashboardEnv;
  log: Logger;
  redis: RedisClient;
  keys: KeySpace;
  accounts: AccountStore;
  owners: OwnerStore;
  gate: LoginAutomationGate;
  verifier: CardVerifier;
  lockout: SignInLockout;
  metrics: DashboardMetrics;
  /** Directory of the built documentation site (served at /docs/). */
  siteDir: string;
  /** Directory of the dashboard's own CSS and scripts (served at /static/). */
  staticDir: string;
}

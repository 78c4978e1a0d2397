/** What every dashboard route may use; built once by createDashboard (tests build their own). */
import type { AccountStore, BillingStore, LoginAutomationGate, OwnerStore } from '@pagemap/accounts';
import type { KeySpace, RedisClient } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { DashboardEnv } from './env';
import type { StripeBilling } from './billing/stripe-provider';
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
  billing: BillingStore;
  /** Stripe (or its local stand-in); null when no key is configured: the billing area offers no payments. */
  payments: StripeBilling | null;
  lockout: SignInLockout;
  metrics: DashboardMetrics;
  /** Directory of the built documentation site (served at /docs/). */
  siteDir: string;
  /** Directory of the dashboard's own CSS and scripts (served at /static/). */
  staticDir: string;
}

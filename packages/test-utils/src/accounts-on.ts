/**
 * Accounts on a Redis the test did not start (the launcher's embedded one, say): a tenant of the
 * test's own, made through the same store the services read.
 */
import { AccountStore } from '@pagemap/accounts';
import { keySpace } from '@pagemap/queue';
import { Redis } from 'ioredis';

export interface ForeignAccounts {
  /** A command connection that rides through restarts (retries while the server is away). */
  client: Redis;
  /** A new tenant with room for a load test (high rate, many sessions) and its API key. */
  loadTenant(name: string): Promise<string>;
  close(): void;
}

export function accountsOn(port: number, prefix: string): ForeignAccounts {
  const client = new Redis({
    port,
    host: '127.0.0.1',
    maxRetriesPerRequest: 50,
    retryStrategy: (n) => Math.min(n * 50, 500),
  });
  client.on('error', () => undefined);
  const accounts = new AccountStore(client, keySpace(prefix));
  return {
    client,
    async loadTenant(name) {
      const tenant = await accounts.createTenant({ name, plan: 'scale' });
      await accounts.setLimits(tenant.id, { ratePerSecond: 100_000, maxOpenSessions: 64 });
      return (await accounts.issueKey(tenant.id)).key;
    },
    close: () => client.disconnect(),
  };
}

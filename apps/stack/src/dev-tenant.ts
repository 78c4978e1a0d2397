/**
 * The development tenant (`dev`, Builder plan, login automation on). Each start issues it a
 * fresh key and revokes the launcher's earlier ones — Redis keeps only key hashes, so a key
 * cannot be shown again later. With PAGEMAP_DEV_API_KEY the same known key is used every time.
 */
import type { AccountStore } from '@pagemap/accounts';

export const DEV_TENANT_ID = 'dev';

export async function ensureDevKey(
  accounts: AccountStore,
  seeded?: string,
): Promise<{ key: string; created: boolean }> {
  let created = false;
  if (!(await accounts.getTenant(DEV_TENANT_ID))) {
    await accounts.createTenant({ id: DEV_TENANT_ID, name: 'Development', plan: 'builder' });
    await accounts.setLoginAutomation(DEV_TENANT_ID, true);
    created = true;
  }
  for (const k of await accounts.listKeys(DEV_TENANT_ID)) await accounts.revokeKey(DEV_TENANT_ID, k.keyId);
  const { key } = await accounts.issueKey(DEV_TENANT_ID, seeded);
  return { key, created };
}

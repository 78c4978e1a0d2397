/** Who is calling: a tenant, through a full API key or a browse-only playground token. */
import type { Tenant } from '@pagemap/accounts';

export type Scope = 'full' | 'playground';

export interface Principal {
  tenant: Tenant;
  scope: Scope;
  /** Key id (full keys) or token id (playground tokens), for logs. */
  credentialId: string;
}

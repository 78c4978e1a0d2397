/**
 * How a tenant is stored: the fields of its Redis hash, written by AccountStore.createTenant and
 * read back by getTenant (limit overrides and the login suspension are written by their owners).
 */
import type { Tenant } from './account-types';
import { isPlanId } from './plans';

/** The hash fields of a new tenant. */
export function newTenantFields(tenant: Tenant): Record<string, string> {
  return {
    id: tenant.id,
    name: tenant.name,
    plan: tenant.plan,
    anchor: tenant.anchor.toISOString(),
    login_automation: '0',
    subscription: tenant.hasSubscription ? '1' : '0',
    created_at: tenant.createdAt.toISOString(),
  };
}

/** The tenant a stored hash describes, or null when it is missing or not a tenant. */
export function parseTenant(raw: Record<string, string>): Tenant | null {
  if (!raw.id || !raw.plan || !isPlanId(raw.plan)) return null;
  return {
    id: raw.id,
    name: raw.name ?? raw.id,
    plan: raw.plan,
    anchor: new Date(raw.anchor ?? raw.created_at ?? 0),
    loginAutomation: raw.login_automation === '1',
    hasSubscription: raw.subscription === '1',
    createdAt: new Date(raw.created_at ?? 0),
    overrides: {
      ...(raw.limit_actions ? { actionLimit: Number(raw.limit_actions) } : {}),
      ...(raw.limit_rate ? { ratePerSecond: Number(raw.limit_rate) } : {}),
      ...(raw.limit_sessions ? { maxOpenSessions: Number(raw.limit_sessions) } : {}),
    },
    ...(raw.login_suspended_at
      ? { loginSuspension: { since: raw.login_suspended_at, reason: raw.login_suspended_reason ?? '' } }
      : {}),
  };
}

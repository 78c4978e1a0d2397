/**
 * The shapes the account store reads and answers (store.ts re-exports them): a tenant, its
 * standing at an instant, a rate decision, an API key's public record, a usage reservation.
 */
import type { LimitOverrides, Plan, PlanId } from './plans';
import type { Period } from './periods';

export interface Tenant {
  id: string;
  name: string;
  plan: PlanId;
  /** Billing anniversary (paid plans) or trial start (trial); creation time otherwise. */
  anchor: Date;
  loginAutomation: boolean;
  hasSubscription: boolean;
  createdAt: Date;
  /** Limits that replace the plan's for this tenant (absent: the plan's). */
  overrides: LimitOverrides;
  /** Set while login automation is suspended automatically (login-abuse.ts). */
  loginSuspension?: { since: string; reason: string };
}

/** What a tenant is on at a given instant: the plan (after trial expiry and overrides) and its period. */
export interface Standing {
  plan: Plan;
  period: Period;
  /** True when the tenant's plan is the trial and the trial has ended (it is on Free now). */
  trialEnded: boolean;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until a request would be allowed (when refused). */
  retryAfterS: number;
}

export interface KeyInfo {
  keyId: string;
  tenantId: string;
  /** First characters of the key, enough to recognise it in a listing; never the whole key. */
  hint: string;
  createdAt: string;
  /** The owner's label for the key (dashboard), if any. */
  name?: string;
  /** When the key last authenticated a request (listings only; absent when never used). */
  lastUsedAt?: string;
}

export interface Reservation {
  admitted: boolean;
  used: number;
  limit: number;
  period: Period;
}

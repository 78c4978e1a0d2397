/**
 * Tenants, keys and usage in Redis. Used by the gateway (auth, metering), the admin CLI and the
 * test helpers. Revocation is a key deletion, so it takes effect on the next request on every
 * gateway replica (there is no per-replica key cache).
 *
 * Slot rule (Redis Cluster): a tenant's keys share its hash tag, so every script here touches one
 * slot. API keys are looked up by hash alone and the tenant list is one key: writes that involve
 * them are separate steps, ordered so that a half-done one is harmless (see issueKey, revokeKey).
 */
import { randomBytes } from 'node:crypto';
import type { KeySpace, RedisClient } from '@pagemap/queue';
import type { KeyInfo, RateDecision, Reservation, Standing, Tenant } from './account-types';
import { AFTER_TRIAL_PLAN, PLANS, withOverrides, type LimitOverrides, type Plan, type PlanId } from './plans';
import { afterTrial, periodFor, trialEnd, type Period } from './periods';
import { generateApiKey, hashApiKey } from './keys';
import { parseTenant, newTenantFields } from './tenant-record';
import { RATE_SCRIPT, REFUND_SCRIPT, RESERVE_SCRIPT, SETTLE_SCRIPT } from './usage-scripts';

export type { KeyInfo, RateDecision, Reservation, Standing, Tenant } from './account-types';

const KEEP_USAGE_AFTER_PERIOD_S = 90 * 86_400;
/**
 * How long a reservation's ledger entry is kept: refunds owed are retried at most this long
 * after the request (a datastore away longer loses them, in the tenant's favour never).
 */
const KEEP_RESERVATION_S = 15 * 60;
/** Day counters outlive the longest period (a year's anniversary plan is not offered; 400 days is). */
const KEEP_DAILY_USAGE_S = 400 * 86_400;

/** How long a period's usage counter is kept, from `now`. */
function usageTtlS(period: Period, now: Date): number {
  return Math.max(1, Math.ceil((period.end.getTime() - now.getTime()) / 1000) + KEEP_USAGE_AFTER_PERIOD_S);
}

/** YYYY-MM-DD of an instant, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export class AccountStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createTenant(input: { name: string; plan?: PlanId; anchor?: Date; id?: string }): Promise<Tenant> {
    const plan = input.plan ?? 'free';
    const now = this.now();
    const tenant: Tenant = {
      id: input.id ?? `tn_${randomBytes(8).toString('hex')}`,
      name: input.name,
      plan,
      anchor: input.anchor ?? now,
      loginAutomation: false,
      hasSubscription: PLANS[plan].paid,
      createdAt: now,
      overrides: {},
    };
    await this.redis.hset(this.keys.tenant(tenant.id), newTenantFields(tenant));
    // Listed once it exists (the list is its own key: another slot on a cluster).
    await this.redis.sadd(this.keys.tenants, tenant.id);
    return tenant;
  }

  async getTenant(id: string): Promise<Tenant | null> {
    return parseTenant(await this.redis.hgetall(this.keys.tenant(id)));
  }

  async listTenants(): Promise<Tenant[]> {
    const ids = (await this.redis.smembers(this.keys.tenants)).sort();
    const tenants = await Promise.all(ids.map((id) => this.getTenant(id)));
    return tenants.filter((t): t is Tenant => t !== null);
  }

  async setPlan(id: string, plan: PlanId, anchor?: Date): Promise<void> {
    await this.requireTenant(id);
    await this.redis.hset(this.keys.tenant(id), {
      plan,
      anchor: (anchor ?? this.now()).toISOString(),
      subscription: PLANS[plan].paid ? '1' : '0',
    });
  }

  /**
   * Sets or clears per-tenant limits. A field set to null goes back to the plan's value; an
   * absent field is left as it is.
   */
  async setLimits(id: string, limits: { [K in keyof LimitOverrides]?: number | null }): Promise<void> {
    await this.requireTenant(id);
    const fields: Array<[keyof LimitOverrides, string]> = [
      ['actionLimit', 'limit_actions'],
      ['ratePerSecond', 'limit_rate'],
      ['maxOpenSessions', 'limit_sessions'],
    ];
    const multi = this.redis.multi();
    for (const [name, field] of fields) {
      const v = limits[name];
      if (v === undefined) continue;
      if (v === null) multi.hdel(this.keys.tenant(id), field);
      else {
        if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number`);
        multi.hset(this.keys.tenant(id), field, String(v));
      }
    }
    await multi.exec();
  }

  async setLoginAutomation(id: string, enabled: boolean): Promise<void> {
    await this.requireTenant(id);
    await this.redis.hset(this.keys.tenant(id), 'login_automation', enabled ? '1' : '0');
  }

  /** Issues a key and returns its plaintext: the only time it exists outside the caller. */
  async issueKey(
    tenantId: string,
    plaintext: string = generateApiKey(),
    opts: { name?: string } = {},
  ): Promise<{ key: string; info: KeyInfo }> {
    await this.requireTenant(tenantId);
    const hash = hashApiKey(plaintext);
    const info: KeyInfo = {
      keyId: `key_${hash.slice(0, 12)}`,
      tenantId,
      hint: plaintext.slice(0, 7),
      createdAt: this.now().toISOString(),
      ...(opts.name ? { name: opts.name } : {}),
    };
    // Listed first, valid second: a key that works is always in the tenant's listing (and so revocable).
    await this.redis.hset(this.keys.tenantKeys(tenantId), info.keyId, hash);
    await this.redis.set(this.keys.apiKey(hash), JSON.stringify(info));
    return { key: plaintext, info };
  }

  /** The tenant id behind a plaintext key, or null for an unknown or revoked key. */
  async resolveKey(plaintext: string): Promise<KeyInfo | null> {
    const raw = await this.redis.get(this.keys.apiKey(hashApiKey(plaintext)));
    return raw ? (JSON.parse(raw) as KeyInfo) : null;
  }

  async listKeys(tenantId: string): Promise<KeyInfo[]> {
    const hashes = Object.values(await this.redis.hgetall(this.keys.tenantKeys(tenantId)));
    const [infos, lastUsed] = await Promise.all([
      Promise.all(hashes.map((h) => this.redis.get(this.keys.apiKey(h)))),
      this.redis.hgetall(this.keys.keyLastUsed(tenantId)),
    ]);
    return infos
      .filter((v): v is string => v !== null)
      .map((v) => JSON.parse(v) as KeyInfo)
      .map((k) => (lastUsed[k.keyId] ? { ...k, lastUsedAt: lastUsed[k.keyId] } : k))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Whether a key (by id) is still valid: listed for the tenant and not revoked. */
  async keyActive(tenantId: string, keyId: string): Promise<boolean> {
    const hash = await this.redis.hget(this.keys.tenantKeys(tenantId), keyId);
    return hash !== null && (await this.redis.exists(this.keys.apiKey(hash))) === 1;
  }

  /** Records that a key authenticated a request now (shown as "last used" in the dashboard). */
  async touchKey(tenantId: string, keyId: string): Promise<void> {
    await this.redis.hset(this.keys.keyLastUsed(tenantId), keyId, this.now().toISOString());
  }

  /** Actions per UTC day from `from` to `to` inclusive (the dashboard's chart), oldest first. */
  async dailyUsage(tenantId: string, from: Date, to: Date): Promise<Array<{ day: string; actions: number }>> {
    const days: string[] = [];
    for (let t = Date.parse(utcDay(from)); t <= to.getTime(); t += 86_400_000) days.push(utcDay(new Date(t)));
    if (days.length === 0) return [];
    const counts = await this.redis.mget(days.map((d) => this.keys.usageDaily(tenantId, d)));
    return days.map((day, i) => ({ day, actions: Number(counts[i] ?? 0) }));
  }

  /** Revokes by key id (from a listing). Returns whether a key was revoked. */
  async revokeKey(tenantId: string, keyId: string): Promise<boolean> {
    const hash = await this.redis.hget(this.keys.tenantKeys(tenantId), keyId);
    if (!hash) return false;
    // Invalid first, unlisted second: if the second step fails the key is already refused everywhere.
    await this.redis.del(this.keys.apiKey(hash));
    // The listing and its last-used times share the tenant's slot: one transaction.
    await this.redis
      .multi()
      .hdel(this.keys.tenantKeys(tenantId), keyId)
      .hdel(this.keys.keyLastUsed(tenantId), keyId)
      .exec();
    return true;
  }

  /**
   * The tenant's plan and period at `now`. A Builder trial past its 14 days without a
   * subscription is on Free (docs/billing.md); per-tenant overrides replace plan limits.
   */
  standing(tenant: Tenant, now: Date = this.now()): Standing {
    if (tenant.plan === 'builder_trial' && now.getTime() >= trialEnd(tenant.anchor).getTime()) {
      return {
        plan: withOverrides(PLANS[AFTER_TRIAL_PLAN], tenant.overrides),
        period: afterTrial(tenant.anchor, now),
        trialEnded: true,
      };
    }
    const plan = PLANS[tenant.plan];
    return {
      plan: withOverrides(plan, tenant.overrides),
      period: periodFor(plan.basis, tenant.anchor, now),
      trialEnded: false,
    };
  }

  plan(tenant: Tenant, now: Date = this.now()): Plan {
    return this.standing(tenant, now).plan;
  }

  period(tenant: Tenant, now: Date = this.now()): Period {
    return this.standing(tenant, now).period;
  }

  /**
   * Atomically reserves `n` actions if they fit in the plan's limit for the current period.
   * With a `ledgerId` (unique per request) the reservation is recorded, and refunds naming it
   * are idempotent (see RESERVE_SCRIPT).
   */
  async reserve(tenant: Tenant, n: number, ledgerId?: string): Promise<Reservation> {
    const now = this.now();
    const { plan, period } = this.standing(tenant, now);
    const limit = plan.actionLimit;
    const ttl = usageTtlS(period, now);
    const keys = [this.keys.usage(tenant.id, period.start.toISOString()), this.keys.usageDaily(tenant.id, utcDay(now))];
    if (ledgerId) keys.push(this.keys.reservation(tenant.id, ledgerId));
    const [admitted, used] = (await this.redis.eval(
      RESERVE_SCRIPT,
      keys.length,
      ...keys,
      n,
      limit,
      ttl,
      KEEP_DAILY_USAGE_S,
      KEEP_RESERVATION_S,
    )) as [number, number];
    return { admitted: admitted === 1, used, limit, period };
  }

  /**
   * Gives back actions reserved but not performed (blocked sites, our failures, cut batches).
   * With the reservation's `ledgerId`, never more than it still holds: safe to retry; and a
   * cancel that lands before its reservation runs makes that reservation a no-op.
   */
  async refund(tenant: Tenant, period: Period, n: number, ledgerId?: string): Promise<number> {
    if (n <= 0) return this.used(tenant, period);
    const keys = [
      this.keys.usage(tenant.id, period.start.toISOString()),
      this.keys.usageDaily(tenant.id, utcDay(this.now())),
    ];
    if (ledgerId) keys.push(this.keys.reservation(tenant.id, ledgerId));
    return Number(await this.redis.eval(REFUND_SCRIPT, keys.length, ...keys, n, KEEP_RESERVATION_S));
  }

  /**
   * Sets a reservation's final bill to `billed` actions (see SETTLE_SCRIPT): gives back what it
   * holds beyond that, or counts what a lost reservation did not. Idempotent, and final: a refund
   * or the reservation itself running late changes nothing after it. Returns used after.
   */
  async settle(tenant: Tenant, period: Period, billed: number, ledgerId: string): Promise<number> {
    const now = this.now();
    const usage = this.keys.usage(tenant.id, period.start.toISOString());
    const keys = [usage, this.keys.usageDaily(tenant.id, utcDay(now)), this.keys.reservation(tenant.id, ledgerId)];
    const ttls = [KEEP_RESERVATION_S, usageTtlS(period, now), KEEP_DAILY_USAGE_S];
    return Number(await this.redis.eval(SETTLE_SCRIPT, keys.length, ...keys, billed, ...ttls));
  }

  /** Takes one request from the tenant's token bucket (rate: the plan's ratePerSecond, burst: one second's worth). */
  async takeRequestToken(tenant: Tenant): Promise<RateDecision> {
    const rate = this.plan(tenant).ratePerSecond;
    if (rate <= 0) return { allowed: false, retryAfterS: 60 };
    const burst = Math.max(1, rate);
    const ttlMs = Math.ceil((burst / rate) * 1000) + 1000;
    // Window 0 of the tenant's rate keys holds the bucket.
    const [allowed, waitMs] = (await this.redis.eval(
      RATE_SCRIPT,
      1,
      this.keys.rate(tenant.id, 0),
      rate,
      burst,
      ttlMs,
    )) as [number, number];
    return { allowed: allowed === 1, retryAfterS: allowed === 1 ? 0 : Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  async used(tenant: Tenant, period: Period = this.period(tenant)): Promise<number> {
    return Number((await this.redis.get(this.keys.usage(tenant.id, period.start.toISOString()))) ?? 0);
  }

  private async requireTenant(id: string): Promise<Tenant> {
    const t = await this.getTenant(id);
    if (!t) throw new Error(`no tenant ${id}`);
    return t;
  }
}

/**
 * Automatic suspension of login automation (docs/acceptable-use.md): the workers add what each
 * login tool met — attempts, LOGIN_REJECTED, CAPTCHA and block hits, and which usernames were
 * tried, as salted hashes only — to per-tenant, per-site, per-UTC-hour signals. Crossing a
 * threshold suspends login automation for the tenant in the tenant's own record, which every
 * worker reads before a login tool runs, so it holds at once everywhere. The operator reinstates
 * it (admin CLI); each suspension and reinstatement is an audit record. No credential value is
 * stored: a username becomes a hash, a password is never looked at.
 */
import { createHash } from 'node:crypto';
import type { KeySpace, RedisClient } from '@pagemap/queue';
import { RECORD_LOGIN_ATTEMPTS_SCRIPT } from './login-abuse-script';

export interface LoginAbuseThresholds {
  /** Distinct usernames on one site in an hour that, with the rejected share, suspend. */
  usernames: number;
  /** Share of LOGIN_REJECTED among attempts (0–1) that counts as failing. */
  rejectedShare: number;
  /** Attempts on one site in an hour from which the rejected share alone suspends. */
  minAttempts: number;
  /** CAPTCHA hits during login on one site in an hour that suspend. */
  blockHits: number;
  /** Login attempts on one site in an hour that suspend whatever their outcome. */
  maxAttempts: number;
}

export const DEFAULT_LOGIN_ABUSE_THRESHOLDS: LoginAbuseThresholds = {
  usernames: 10,
  rejectedShare: 0.7,
  minAttempts: 20,
  blockHits: 10,
  maxAttempts: 300,
};

/** One login tool's outcome, as the worker saw it. */
export interface LoginAttempt {
  /** The username or email tried (hashed here, never stored). */
  username?: string;
  outcome: 'ok' | 'rejected' | 'blocked' | 'other';
}

export interface LoginSuspension {
  since: string;
  reason: string;
  site: string;
}

export interface AuditRecord {
  at: string;
  action: 'suspended' | 'reinstated';
  by: string;
  reason?: string;
  site?: string;
}

export interface RecordOutcome {
  /** This call suspended the tenant (false when it already was or nothing was crossed). */
  suspended: boolean;
  reason?: string;
  signals: { attempts: number; rejected: number; blocks: number; usernames: number };
}

const SIGNAL_TTL_S = 2 * 3600;

export class LoginAbuseStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async suspension(tenantId: string): Promise<LoginSuspension | null> {
    const [since, reason, site] = await this.redis.hmget(
      this.keys.tenant(tenantId),
      'login_suspended_at',
      'login_suspended_reason',
      'login_suspended_site',
    );
    return since ? { since, reason: reason ?? '', site: site ?? '' } : null;
  }

  /** Adds a batch's login attempts on `site` and suspends when a threshold is crossed. */
  async record(
    tenantId: string,
    site: string,
    attempts: LoginAttempt[],
    t: LoginAbuseThresholds,
  ): Promise<RecordOutcome> {
    const now = this.now();
    const hour = now.toISOString().slice(0, 13);
    const base = `${this.keys.tenant(tenantId)}:login-signals:${hour}:${site}`;
    const count = (o: LoginAttempt['outcome']) => attempts.filter((a) => a.outcome === o).length;
    const users = [...new Set(attempts.filter((a) => a.username).map((a) => this.usernameHash(tenantId, a.username!)))];
    const out = (await this.redis.eval(
      RECORD_LOGIN_ATTEMPTS_SCRIPT,
      5,
      base,
      `${base}:usernames`, // not `:users`, the HyperLogLog before it (another type under that name)
      this.keys.tenant(tenantId),
      this.auditKey(tenantId),
      this.signalIndexKey(tenantId),
      attempts.length,
      count('rejected'),
      count('blocked'),
      SIGNAL_TTL_S,
      t.usernames,
      t.rejectedShare,
      t.minAttempts,
      t.blockHits,
      t.maxAttempts,
      now.toISOString(),
      site,
      ...users,
    )) as [number, number, number, number, number, string?];
    const [suspended, a, r, b, u, reason] = out;
    return {
      suspended: suspended === 1,
      ...(reason ? { reason } : {}),
      signals: { attempts: a, rejected: r, blocks: b, usernames: u },
    };
  }

  /** Lifts a suspension (the operator's decision) and writes the audit record. False when none was in force. */
  async reinstate(tenantId: string, by: string): Promise<boolean> {
    const removed = await this.redis.hdel(
      this.keys.tenant(tenantId),
      'login_suspended_at',
      'login_suspended_reason',
      'login_suspended_site',
    );
    if (removed === 0) return false;
    const record: AuditRecord = { at: this.now().toISOString(), action: 'reinstated', by };
    await this.redis.lpush(this.auditKey(tenantId), JSON.stringify(record));
    // The signals that led to it are cleared with it, or the next attempt would suspend again.
    const stale = await this.redis.smembers(this.signalIndexKey(tenantId));
    await this.redis.del(...stale, this.signalIndexKey(tenantId));
    return true;
  }

  async audit(tenantId: string, limit = 50): Promise<AuditRecord[]> {
    const raw = await this.redis.lrange(this.auditKey(tenantId), 0, limit - 1);
    return raw.map((r) => JSON.parse(r) as AuditRecord);
  }

  /** A username as stored: a hash salted with the tenant id (equal names match, nothing reversible is kept). */
  private usernameHash(tenantId: string, username: string): string {
    return createHash('sha256').update(`${tenantId}\n${username.trim().toLowerCase()}`).digest('hex').slice(0, 32);
  }

  private signalIndexKey(tenantId: string): string {
    return `${this.keys.tenant(tenantId)}:login-signal-keys`;
  }

  private auditKey(tenantId: string): string {
    return `${this.keys.tenant(tenantId)}:login-audit`;
  }
}

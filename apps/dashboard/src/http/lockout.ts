/**
 * Account lockout on sign-in: after `maxFailures` wrong passwords for one email within the window,
 * that email is refused — even with the right password — until the window passes. Counted per
 * email (hashed, so the key names carry no address) in Redis, so every dashboard replica agrees.
 * The per-IP rate limit (express-rate-limit) is the other half: it slows one client spraying many
 * emails.
 */
import { createHash } from 'node:crypto';
import type { RedisClient } from '@pagemap/queue';
import { normalizeEmail } from '@pagemap/accounts';

export class SignInLockout {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly maxFailures: number,
    private readonly windowS: number,
  ) {}

  private key(email: string): string {
    return `${this.prefix}${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;
  }

  /** Seconds until the email may try again; 0 when it is not locked. */
  async lockedFor(email: string): Promise<number> {
    const key = this.key(email);
    const [failures, ttl] = await Promise.all([this.redis.get(key), this.redis.ttl(key)]);
    return Number(failures ?? 0) >= this.maxFailures ? Math.max(1, ttl) : 0;
  }

  async recordFailure(email: string): Promise<void> {
    const key = this.key(email);
    // The window starts at the first failure (NX), so steady guessing cannot keep extending it.
    await this.redis.multi().incr(key).expire(key, this.windowS, 'NX').exec();
  }

  async clear(email: string): Promise<void> {
    await this.redis.del(this.key(email));
  }
}

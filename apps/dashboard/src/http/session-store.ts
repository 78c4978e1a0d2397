/**
 * express-session's store on ioredis (connect-redis speaks only node-redis). One JSON string per
 * session with the session's TTL; touch refreshes the TTL. Session data holds the owner id and
 * the CSRF token, never a password or a key.
 */
import session, { type SessionData } from 'express-session';
import type { Redis } from 'ioredis';

type Cb = (err?: unknown, data?: unknown) => void;

export class RedisSessionStore extends session.Store {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlS: number,
  ) {
    super();
  }

  override get(sid: string, cb: (err: unknown, session?: SessionData | null) => void): void {
    this.redis.get(this.prefix + sid).then(
      (raw) => cb(null, raw ? (JSON.parse(raw) as SessionData) : null),
      (err) => cb(err),
    );
  }

  override set(sid: string, sess: SessionData, cb?: Cb): void {
    this.redis.set(this.prefix + sid, JSON.stringify(sess), 'EX', this.ttlS).then(() => cb?.(), (err) => cb?.(err));
  }

  override touch(sid: string, _sess: SessionData, cb?: Cb): void {
    this.redis.expire(this.prefix + sid, this.ttlS).then(() => cb?.(), (err) => cb?.(err));
  }

  override destroy(sid: string, cb?: Cb): void {
    this.redis.del(this.prefix + sid).then(() => cb?.(), (err) => cb?.(err));
  }
}

/**
 * express-session's store on ioredis (connect-redis speaks only node-redis). One JSON string per
 * session with the session's TTL; touch refreshes the TTL. Session data holds the owner id and
 * the CSRF token, never a password or a key.
 */
import session, { type SessionData } from 'express-session';
import type { RedisClient } from '@pagemap/queue';

type Cb = (err?: unknown, data?: unknown) => void;

const ANONYMOUS_TTL_S = 3600;

export class RedisSessionStore extends session.Store {
  constructor(
    private readonly redis: RedisClient,
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

  /**
   * Anonymous sessions (a CSRF token for the sign-in form, nothing else) live at most an hour, so
   * visitors who never sign in cannot fill Redis with 8-hour sessions.
   */
  private ttlOf(sess: SessionData): number {
    return sess.ownerId ? this.ttlS : Math.min(this.ttlS, ANONYMOUS_TTL_S);
  }

  override set(sid: string, sess: SessionData, cb?: Cb): void {
    this.redis.set(this.prefix + sid, JSON.stringify(sess), 'EX', this.ttlOf(sess)).then(
      () => cb?.(),
      (err) => cb?.(err),
    );
  }

  override touch(sid: string, sess: SessionData, cb?: Cb): void {
    this.redis.expire(this.prefix + sid, this.ttlOf(sess)).then(
      () => cb?.(),
      (err) => cb?.(err),
    );
  }

  override destroy(sid: string, cb?: Cb): void {
    this.redis.del(this.prefix + sid).then(
      () => cb?.(),
      (err) => cb?.(err),
    );
  }
}

/**
 * The sessions this worker owns: opening them in fresh contexts, recording them in the Redis
 * session directory (so gateways route follow-ups here), expiring them (idle and maximum age),
 * and closing them — at once, freeing the context.
 */
import type { Redis } from 'ioredis';
import type { KeySpace } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { BrowserHost } from '../browser/browser-host';
import { Session, type CloseReason } from './session';
import type { WorkerMetrics } from '../metrics';

export interface RegistryOptions {
  workerId: string;
  idleMs: number;
  maxAgeMs: number;
  now?: () => number;
}

/** Prepares a fresh page before first use (scripts that must run before the page's own). */
export type PagePreparer = (session: { page: Session['page']; context: Session['context'] }) => Promise<void>;

export class SessionRegistry {
  readonly #sessions = new Map<string, Session>();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #now: () => number;

  constructor(
    private readonly host: BrowserHost,
    private readonly redis: Redis,
    private readonly keys: KeySpace,
    private readonly log: Logger,
    private readonly metrics: WorkerMetrics,
    private readonly prepare: PagePreparer,
    private readonly opts: RegistryOptions,
  ) {
    this.#now = opts.now ?? Date.now;
    // A crashed browser took every context with it: those sessions are gone.
    host.onCrash(() => {
      for (const s of [...this.#sessions.values()]) void this.close(s.id, 'browser_crash');
    });
  }

  get size(): number {
    return this.#sessions.size;
  }

  get(id: string): Session | undefined {
    const s = this.#sessions.get(id);
    return s && !s.closed ? s : undefined;
  }

  all(): Session[] {
    return [...this.#sessions.values()];
  }

  async open(sessionId: string, tenantId: string): Promise<Session> {
    const context = await this.host.newContext();
    let page;
    try {
      page = await context.newPage();
      await this.prepare({ page, context });
    } catch (err) {
      await context.close().catch(() => undefined);
      throw err;
    }
    const session = new Session(sessionId, tenantId, context, page, this.#now(), this.opts.idleMs, this.opts.maxAgeMs);
    this.#sessions.set(sessionId, session);
    this.metrics.sessionsOpened.inc();
    this.metrics.openSessions.set(this.#sessions.size);
    await this.#record(session);
    this.#schedule(session);
    return session;
  }

  /** A request arrived for the session: it is no longer idle. */
  async touch(session: Session): Promise<void> {
    session.lastSeenAt = this.#now();
    await this.#record(session);
    this.#schedule(session);
  }

  async close(id: string, reason: CloseReason): Promise<boolean> {
    const session = this.#sessions.get(id);
    if (!session || session.closed) return false;
    session.closed = true;
    this.#sessions.delete(id);
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
    this.metrics.openSessions.set(this.#sessions.size);
    this.metrics.sessionsClosed.inc({ reason });
    try {
      await this.redis.multi().del(this.keys.session(id)).zrem(this.keys.tenantSessions(session.tenantId), id).exec();
    } catch (err) {
      // The directory entry also expires by itself; the gateway checks the owner's heartbeat.
      this.log.warn({ err, sessionId: id }, 'could not remove session from directory');
    }
    // Closing the context destroys its cookies, storage and cache.
    await session.context.close().catch(() => undefined);
    this.log.info({ sessionId: id, reason }, 'session closed');
    return true;
  }

  async closeAll(reason: CloseReason): Promise<void> {
    await Promise.all([...this.#sessions.keys()].map((id) => this.close(id, reason)));
  }

  async #record(s: Session): Promise<void> {
    const expiresAt = s.expiresAt();
    await this.redis
      .multi()
      .hset(this.keys.session(s.id), {
        tenant: s.tenantId,
        worker: this.opts.workerId,
        created_at: s.createdAt,
        last_seen_at: s.lastSeenAt,
        expires_at: expiresAt,
      })
      // The entry disappears by itself at expiry even if this worker dies.
      .pexpireat(this.keys.session(s.id), expiresAt + 1000)
      .zadd(this.keys.tenantSessions(s.tenantId), expiresAt, s.id)
      .exec();
  }

  #schedule(s: Session): void {
    clearTimeout(this.#timers.get(s.id));
    const now = this.#now();
    const idleAt = s.lastSeenAt + this.opts.idleMs;
    const maxAt = s.createdAt + this.opts.maxAgeMs;
    const reason: CloseReason = idleAt <= maxAt ? 'idle' : 'max_age';
    const timer = setTimeout(() => void this.close(s.id, reason), Math.max(0, Math.min(idleAt, maxAt) - now));
    timer.unref();
    this.#timers.set(s.id, timer);
  }
}

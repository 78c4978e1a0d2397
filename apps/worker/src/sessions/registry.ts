/**
 * The sessions this worker owns: opening them in fresh contexts (from the context pool),
 * recording them in the Redis session directory (so gateways route follow-ups here), expiring
 * them (idle and maximum age), and closing them — at once, freeing the context.
 */
import type { SessionDirectory, SessionEntry } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { BrowserHost } from '../browser/browser-host';
import { Session, type CloseReason } from './session';
import type { ContextPool } from './context-pool';
import type { WorkerMetrics } from '../metrics';
import type { PhaseClock } from '../telemetry/phases';
import { systemClock, type ExpiryClock, type ExpiryTimer } from './expiry-clock';

export interface RegistryOptions {
  workerId: string;
  idleMs: number;
  maxAgeMs: number;
  /** What expiry runs on; the system clock unless a test gives its own. */
  clock?: ExpiryClock;
}

export class SessionRegistry {
  readonly #sessions = new Map<string, Session>();
  readonly #timers = new Map<string, ExpiryTimer>();
  readonly #clock: ExpiryClock;
  #opened = 0;

  constructor(
    host: BrowserHost,
    private readonly pool: ContextPool,
    private readonly directory: SessionDirectory,
    private readonly log: Logger,
    private readonly metrics: WorkerMetrics,
    private readonly opts: RegistryOptions,
  ) {
    this.#clock = opts.clock ?? systemClock;
    // A crashed browser took every context with it: those sessions are gone, and so are the
    // pooled contexts. Requests running on them fail inside the browser; BrowseHandler turns
    // that into WORKER_LOST because the session's closeReason is browser_crash.
    host.onCrash(() => {
      this.pool.discard();
      for (const s of [...this.#sessions.values()]) void this.close(s.id, 'browser_crash');
    });
  }

  /** Sessions opened since start: grows with every one, so two looks tell whether anything happened. */
  get opened(): number {
    return this.#opened;
  }

  get size(): number {
    return this.#sessions.size;
  }

  has(id: string): boolean {
    return this.#sessions.has(id);
  }

  get(id: string): Session | undefined {
    const s = this.#sessions.get(id);
    return s && !s.closed ? s : undefined;
  }

  all(): Session[] {
    return [...this.#sessions.values()];
  }

  /** Browser contexts this worker holds: one per session plus the pool's. */
  updateContextGauge(): void {
    this.metrics.contexts.set(this.#sessions.size + this.pool.contexts);
    this.metrics.poolSize.set(this.pool.size);
  }

  /** A session in a fresh context, its directory record on the way (`session.recorded`). */
  async open(sessionId: string, tenantId: string, phases?: PhaseClock): Promise<Session> {
    const started = performance.now();
    const { context, page, pooled } = await this.pool.take();
    const took = performance.now() - started;
    phases?.add('pool_take', took);
    this.metrics.contextAcquireSeconds.observe({ source: pooled ? 'pool' : 'new' }, took / 1000);
    const session = new Session(
      sessionId,
      tenantId,
      context,
      page,
      this.#clock.now(),
      this.opts.idleMs,
      this.opts.maxAgeMs,
    );
    this.#sessions.set(sessionId, session);
    this.#opened += 1;
    this.metrics.sessionsOpened.inc();
    this.metrics.openSessions.set(this.#sessions.size);
    this.updateContextGauge();
    // Recorded while the page loads rather than before: no one can address the session until its
    // job answers (the id reaches the agent in that answer), and the job waits for the record
    // before answering. A failed write fails the job, which closes the session.
    session.recorded = this.directory.record(sessionId, this.#entry(session));
    session.recorded.catch(() => undefined); // observed by the job; never an unhandled rejection
    this.#schedule(session);
    return session;
  }

  /**
   * A request arrived for (or finished on) the session: it is not idle. If its tenant was
   * meanwhile answered that it is gone (its entry was lost in a failover), it closes instead.
   */
  async touch(session: Session): Promise<void> {
    if (session.closed) return;
    session.lastSeenAt = this.#clock.now();
    this.#schedule(session);
    let wanted = true;
    try {
      wanted = await this.directory.touch(session.id, this.#entry(session));
    } catch (err) {
      // The work is done (a tool may have submitted a form): a datastore hiccup — a cluster
      // failover — must not turn it into an error. The entry keeps its previous expiry; the next
      // touch rewrites it whole.
      this.log.warn(
        { err: err instanceof Error ? err.message : String(err), sessionId: session.id },
        'could not refresh session in directory',
      );
    }
    if (!wanted && (await this.close(session.id, 'declared_gone'))) {
      this.log.warn({ sessionId: session.id }, 'session answered as gone to its tenant; closed it');
    }
  }

  async close(id: string, reason: CloseReason): Promise<boolean> {
    const session = this.#sessions.get(id);
    if (!session?.lifecycle.beginClose(reason)) return false;
    this.#sessions.delete(id);
    this.#timers.get(id)?.cancel();
    this.#timers.delete(id);
    this.metrics.openSessions.set(this.#sessions.size);
    this.metrics.sessionsClosed.inc({ reason });
    if (reason === 'idle' || reason === 'max_age') this.metrics.expiries.inc({ reason });
    // Directory first: from this moment gateways answer SESSION_NOT_FOUND.
    try {
      await this.directory.remove(id, session.tenantId, this.opts.workerId);
    } catch (err) {
      // The directory entry also expires by itself; the gateway checks the owner's heartbeat.
      this.log.warn(
        { err: err instanceof Error ? err.message : String(err), sessionId: id },
        'could not remove session from directory',
      );
    }
    // Closing the context destroys its cookies, storage and cache.
    await session.context.close().catch(() => undefined);
    session.lifecycle.finishClose();
    this.updateContextGauge();
    this.pool.refill();
    this.log.info({ sessionId: id, reason }, 'session closed');
    return true;
  }

  /** Closes every session, or only those `which` picks; resolves how many it closed. */
  async closeAll(reason: CloseReason, which: (s: Session) => boolean = () => true): Promise<number> {
    const picked = [...this.#sessions.values()].filter(which);
    await Promise.all(picked.map((s) => this.close(s.id, reason)));
    return picked.length;
  }

  #entry(s: Session): SessionEntry {
    return {
      tenant: s.tenantId,
      worker: this.opts.workerId,
      created_at: s.createdAt,
      last_seen_at: s.lastSeenAt,
      expires_at: s.expiresAt(),
    };
  }

  /**
   * Arms the expiry timer. When it fires, the check runs in the session's serial chain: a
   * request that is running finishes first (it touches the session, which re-arms the timer
   * for idle; maximum age then closes right after it). Requests queued behind the check find
   * the session closed and answer SESSION_NOT_FOUND.
   */
  #schedule(s: Session): void {
    this.#timers.get(s.id)?.cancel();
    const timer = this.#clock.after(Math.max(0, s.expiresAt() - this.#clock.now()), () => {
      void s.exclusive(async () => {
        if (s.closed) return;
        if (this.#clock.now() + 5 < s.expiresAt()) return this.#schedule(s); // touched meanwhile
        await this.close(s.id, s.expiryReason());
      });
    });
    this.#timers.set(s.id, timer);
  }
}

/**
 * One browser session: its own fresh incognito BrowserContext (never shared, never reused), one
 * page, and the page map last shown to the caller (tools run against it).
 */
import type { BrowserContext, Page } from 'puppeteer-core';
import type { PageMap } from '@pagemap/page-map';
import { type CloseReason, SessionLifecycle } from './lifecycle';

export type { CloseReason } from './lifecycle';

export class Session {
  readonly createdAt: number;
  lastSeenAt: number;
  /** The page map the caller saw last; tools are resolved against it. */
  pageMap: PageMap | undefined;
  /**
   * Set once a login tool ran: from then on the session's page maps are never read from or written
   * to the shared cache. (Any tool already sets `acted`, which does the same: a sign-in by other
   * tools, cookies set, is covered by it without reading the cookies around each batch.)
   */
  authenticated = false;
  /**
   * Set once any tool ran in the session (a login, a form, a click, a script that wrote storage):
   * from then on its pages may show what this tenant did, so the shared cache is never read or
   * written for it again.
   */
  acted = false;
  /** open → closing → closed, moved only by SessionRegistry.close (lifecycle.ts). */
  readonly lifecycle = new SessionLifecycle();
  /**
   * The session's record in the directory, written while its first page loads (see
   * SessionRegistry.open); its job waits for it before answering. Rejects if the write failed.
   */
  recorded: Promise<void> = Promise.resolve();
  /**
   * True until the job that opened the session has answered: until then no client holds its id,
   * so nobody can have been told it is gone (a lapsed heartbeat spares it; see Heartbeat).
   */
  opening = true;
  /** Tail of the session's serial job chain (requests on one session run one at a time). */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly tenantId: string,
    readonly context: BrowserContext,
    readonly page: Page,
    now: number,
    private readonly idleMs: number,
    private readonly maxAgeMs: number,
  ) {
    this.createdAt = now;
    this.lastSeenAt = now;
  }

  /** Closing or closed: the session takes no more requests. */
  get closed(): boolean {
    return this.lifecycle.state !== 'open';
  }

  /** Why the session was closed, once it is closing. */
  get closeReason(): CloseReason | undefined {
    return this.lifecycle.reason;
  }

  /** `min(last request + idle, created + max age)`, epoch ms. */
  expiresAt(): number {
    return Math.min(this.lastSeenAt + this.idleMs, this.createdAt + this.maxAgeMs);
  }

  /** Which limit `expiresAt()` is. */
  expiryReason(): 'idle' | 'max_age' {
    return this.lastSeenAt + this.idleMs < this.createdAt + this.maxAgeMs ? 'idle' : 'max_age';
  }

  /**
   * Runs `fn` after every earlier call on this session has settled. Calls are queued in the
   * order they arrive, which is the order the worker took the jobs from its queue.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(fn, fn);
    this.#tail = run.catch(() => undefined);
    return run;
  }
}

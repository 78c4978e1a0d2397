/**
 * A small pool of fresh browser contexts, each with one page already prepared (the page-map
 * capture script installed before any navigation), kept ready in the background so that opening
 * a session does not pay for creating them.
 *
 * The pool refills only while the worker has no job running, one context at a time. Making a
 * context costs Chromium about as much CPU as the navigation it would run beside: refilling
 * right after a take (as it once did) slowed the very request that took the context by tens of
 * ms on two cores. An agent thinks for hundreds of ms between requests, which is ample time to
 * refill; under sustained load the pool empties and sessions get contexts made on demand, which
 * is what they would have cost anyway.
 *
 * Isolation is unchanged: a pooled context has never been navigated and has never served a
 * session; `take()` hands each context out exactly once and never takes one back. Contexts made
 * by a browser that has since crashed are discarded, never handed out.
 */
import type { BrowserContext, Page } from 'puppeteer-core';
import type { Logger } from '@pagemap/runtime';
import type { BrowserHost } from '../browser/browser-host';

export interface FreshContext {
  context: BrowserContext;
  page: Page;
  /** Whether it came ready from the pool (false: made on demand). */
  pooled: boolean;
}

interface Entry {
  context: BrowserContext;
  page: Page;
  generation: number;
}

export interface ContextPoolOptions {
  /** Contexts kept ready; 0 turns the pool off. */
  size: number;
  /** How many more contexts the worker may hold now (capacity minus open sessions): the pool never holds more. */
  room: () => number;
  /** Called whenever the number of contexts changes (metrics). */
  onChange?: () => void;
  /** Whether jobs are running now; the pool waits for `refill()` after they end. Never busy when absent. */
  busy?: () => boolean;
  /**
   * Readies a pooled page's renderer after `prepare` (page-map's warmPage), off any request's
   * path: only contexts made by a refill are warmed, never one a take makes on demand (the job
   * waiting for it would pay for the warming instead of saving it). A page that fails it is kept.
   */
  warm?: (page: Page) => Promise<void>;
}

export class ContextPool {
  readonly #ready: Entry[] = [];
  #filling = 0;
  #closed = false;
  #idle: Promise<void> = Promise.resolve();
  #settleIdle: () => void = () => {};

  constructor(
    private readonly host: BrowserHost,
    private readonly prepare: (page: Page) => Promise<void>,
    private readonly opts: ContextPoolOptions,
    private readonly log: Logger,
  ) {}

  /** Contexts ready to be handed out. */
  get size(): number {
    return this.#ready.length;
  }

  /** Contexts alive in the pool, ready or being made. */
  get contexts(): number {
    return this.#ready.length + this.#filling;
  }

  /**
   * A fresh, prepared, never-used context and page: from the pool when one is ready. It does not
   * refill: the job that takes it is about to run (the consumer calls `refill()` once no job is).
   */
  async take(): Promise<FreshContext> {
    while (this.#ready.length > 0) {
      const e = this.#ready.shift()!;
      if (e.generation === this.host.generation && e.context.browser().connected && !e.page.isClosed()) {
        this.opts.onChange?.();
        return { context: e.context, page: e.page, pooled: true };
      }
      void e.context.close().catch(() => undefined);
    }
    this.opts.onChange?.();
    const made = await this.#make(false);
    return { ...made, pooled: false };
  }

  /**
   * Tops the pool up in the background, one context at a time and only while no job runs (never
   * above its size, nor above the worker's room). Call it when jobs end; it is a no-op while busy.
   */
  refill(): void {
    if (this.#closed || this.#filling > 0 || this.#wanted() <= 0 || this.opts.busy?.()) return;
    this.#idle = new Promise((r) => (this.#settleIdle = r));
    this.#filling = 1;
    let made = false;
    this.#make(true)
      .then(
        (entry) => {
          if (this.#closed) return void entry.context.close().catch(() => undefined);
          this.#ready.push(entry);
          made = true;
        },
        (err) => {
          // Typically the browser is restarting; the next refill() (a job ending, a session
          // closing, the new browser) tries again.
          if (!this.#closed)
            this.log.warn(
              { err: err instanceof Error ? err.message : String(err) },
              'could not prepare a pooled context',
            );
        },
      )
      .finally(() => {
        this.#filling = 0;
        this.#settleIdle();
        this.opts.onChange?.();
        // The next one, if still wanted and the worker still idle.
        if (made) setImmediate(() => this.refill());
      });
  }

  /** How many more contexts the pool should make now. */
  #wanted(): number {
    if (this.opts.size <= 0) return 0;
    return Math.min(this.opts.size, Math.max(0, this.opts.room())) - this.#ready.length - this.#filling;
  }

  /** The browser crashed: its contexts are gone. Forget them and start over with the new browser. */
  discard(): void {
    this.#ready.length = 0;
    this.opts.onChange?.();
    this.refill();
  }

  /** Closes every pooled context; idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    const entries = this.#ready.splice(0);
    await Promise.all(entries.map((e) => e.context.close().catch(() => undefined)));
    await this.#idle;
    this.opts.onChange?.();
  }

  async #warm(page: Page): Promise<void> {
    try {
      await this.opts.warm?.(page);
    } catch (err) {
      this.log.debug({ err: err instanceof Error ? err.message : String(err) }, 'could not warm a pooled page');
    }
  }

  async #make(toPool: boolean): Promise<Entry> {
    const context = await this.host.newContext();
    const generation = this.host.generation;
    try {
      const page = await context.newPage();
      await this.prepare(page);
      if (toPool && this.opts.warm) await this.#warm(page);
      return { context, page, generation };
    } catch (err) {
      await context.close().catch(() => undefined);
      throw err;
    }
  }
}

/**
 * Gives the worker's memory back to the machine once it goes idle after serving sessions.
 *
 * Why: Node 24's V8 sizes its heap from the machine's memory. On a large host the young
 * generation grows to 128 MiB and old-space garbage is left standing until the heap is far
 * larger than what is live, and nothing shrinks it while the process stays slightly busy
 * (heartbeats, queue polls). Measured on a 24 GiB machine: after 1,000 sessions the worker held
 * 280 MiB RSS for ~25 MiB of live objects, and kept it (docs/soak.md). That is not a leak, but an
 * operator sizing pods by it cannot tell, and it is memory the browsers could use.
 *
 * What: when no session has been open or opened for one whole interval after some activity,
 * run one full, memory-reducing collection: V8's "last resort" GC, the one behind a low-memory
 * notification, which also shrinks the young generation and returns free pages to the OS. It runs
 * once per idle period, never while sessions are open, so it costs nothing on a busy worker.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Logger } from '@pagemap/runtime';

interface GcOptions {
  type?: 'minor' | 'major';
  execution?: 'sync' | 'async';
  flavor?: 'regular' | 'last-resort';
}
type GcFunction = (options?: GcOptions) => void | Promise<void>;

/**
 * V8's gc() without starting Node with --expose-gc: the flag is set for a moment, a fresh context
 * picks the function up, and the flag is cleared again so the global scope stays as it was (the
 * way Jest gets it for --logHeapUsage).
 */
export function exposeGc(): GcFunction | undefined {
  const existing = (globalThis as { gc?: GcFunction }).gc;
  if (typeof existing === 'function') return existing;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as GcFunction) : undefined;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

export interface MemoryReclaimOptions {
  /** How long the worker must stay idle before memory is reclaimed, ms; 0 turns reclaiming off. */
  idleMs: number;
  /** Whether any session is open or being opened. */
  busy: () => boolean;
  /** A count that grows with every session opened: tells activity between two looks. */
  activity: () => number;
  /** Called after each reclaim (metrics). */
  onReclaim?: (seconds: number, freedBytes: number) => void;
}

export class MemoryReclaimer {
  #timer: NodeJS.Timeout | undefined;
  #lastActivity: number;
  /** Whether the worker has done anything since the last reclaim. */
  #dirty = false;
  /** Looks in a row that found the worker idle with nothing new. */
  #idleLooks = 0;
  #running = false;

  constructor(
    private readonly opts: MemoryReclaimOptions,
    private readonly log: Logger,
    private readonly gc: GcFunction | undefined = exposeGc(),
  ) {
    this.#lastActivity = opts.activity();
  }

  start(): void {
    if (this.opts.idleMs <= 0 || !this.gc || this.#timer) return;
    this.#timer = setInterval(() => void this.tick(), this.opts.idleMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /**
   * One look: remember activity; reclaim when two looks in a row (so a whole interval) found the
   * worker idle with nothing new, after some activity. Returns whether it reclaimed.
   */
  async tick(): Promise<boolean> {
    const activity = this.opts.activity();
    if (this.opts.busy() || activity !== this.#lastActivity) {
      this.#lastActivity = activity;
      this.#dirty = true;
      this.#idleLooks = 0;
      return false;
    }
    this.#idleLooks += 1;
    if (!this.#dirty || this.#idleLooks < 2 || this.#running || !this.gc) return false;
    this.#dirty = false;
    this.#running = true;
    const before = process.memoryUsage.rss();
    const started = performance.now();
    try {
      await this.gc({ type: 'major', execution: 'async', flavor: 'last-resort' });
    } catch (err) {
      this.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'memory reclaim failed');
      return false;
    } finally {
      this.#running = false;
    }
    const seconds = (performance.now() - started) / 1000;
    const freed = before - process.memoryUsage.rss();
    this.opts.onReclaim?.(seconds, freed);
    this.log.info(
      {
        ms: Math.round(seconds * 1000),
        rssMiB: Math.round(process.memoryUsage.rss() / 2 ** 20),
        freedMiB: Math.round(freed / 2 ** 20),
      },
      'idle: memory reclaimed',
    );
    return true;
  }
}

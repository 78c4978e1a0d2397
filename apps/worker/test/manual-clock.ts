/**
 * An ExpiryClock that moves only when a test says so: `advance(ms)` fires every timer that falls
 * due on the way, earliest first, each seeing the time it was due at.
 */
import type { ExpiryClock, ExpiryTimer } from '../src/sessions/expiry-clock';

interface Pending {
  due: number;
  seq: number;
  fn: () => void;
}

export class ManualClock implements ExpiryClock {
  #now: number;
  #seq = 0;
  #pending: Pending[] = [];

  constructor(start = Date.UTC(2030, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  after(ms: number, fn: () => void): ExpiryTimer {
    const entry: Pending = { due: this.#now + ms, seq: this.#seq++, fn };
    this.#pending.push(entry);
    return { cancel: () => void (this.#pending = this.#pending.filter((p) => p !== entry)) };
  }

  /** Timers not yet fired or cancelled. */
  get pending(): number {
    return this.#pending.length;
  }

  /** Moves time forward by `ms`, firing the timers that fall due (timers they set fire too, if due). */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const next = this.#pending.filter((p) => p.due <= target).sort((a, b) => a.due - b.due || a.seq - b.seq)[0];
      if (!next) break;
      this.#pending = this.#pending.filter((p) => p !== next);
      this.#now = next.due;
      next.fn();
    }
    this.#now = target;
  }
}

/**
 * The time that session expiry runs on: what time it is, and a one-shot timer. The worker uses
 * the system clock; a test gives the registry a clock it moves by hand, so idle time-outs and
 * maximum ages are checked step by step instead of by waiting for real seconds to pass (which on
 * a loaded machine races the requests meant to keep a session alive).
 */

/** A pending timer of an `ExpiryClock`. */
export interface ExpiryTimer {
  /** Stops it from firing; a no-op once it has fired. */
  cancel(): void;
}

export interface ExpiryClock {
  /** Epoch milliseconds. */
  now(): number;
  /** Runs `fn` once `ms` milliseconds have passed on this clock. */
  after(ms: number, fn: () => void): ExpiryTimer;
}

/**
 * Real time. Its timers are unref'd: a session waiting to expire never keeps the process alive
 * (shutdown closes sessions itself).
 */
export const systemClock: ExpiryClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

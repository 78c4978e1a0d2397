/**
 * Where a job's time goes: each job carries one PhaseClock, the handlers time their steps on it,
 * and the consumer reports the phases once the job is done (the
 * `pagemap_worker_phase_seconds{phase}` histogram and the `phases` field of the 'job served' log
 * line, which the bench reads). Phases are a fixed list so the metric's labels stay bounded.
 */

export const PHASES = [
  /** Enqueued by the gateway until this worker started the job. */
  'queue_pickup',
  /** The identity-provider rule and the resolved-address check of a new session's URL. */
  'target_check',
  /** A fresh context and page: from the pool, or made on demand. */
  'pool_take',
  /** Session directory writes (record on open, touch at the end). */
  'directory',
  /** Telling the gateway who runs the job (a progress event through Redis). */
  'progress',
  /** Navigation until the main document's response arrived. */
  'goto',
  /** From the main document's response to the load event. */
  'load',
  /** In-page extraction round trips (the page script, Markdown when asked). */
  'extract',
  /** Waiting for a loaded page that had nothing yet to finish rendering (script-drawn apps only). */
  'render',
  /** Block detection and tool naming in Node, over what the page script returned. */
  'block_check',
  /** The requested tools, cookie watch included. */
  'tools',
  /** Summarizing the page (offline or by the model). */
  'summary',
  /** Shared page-map cache reads and writes. */
  'cache',
  /** Building the response object. */
  'serialise',
  /** Handing the result back: BullMQ stores it in Redis and publishes the completion. */
  'reply',
] as const;

export type Phase = (typeof PHASES)[number];

export class PhaseClock {
  readonly #spent = new Map<Phase, number>();

  /** extractPageMap's timing hook: its round trips are 'extract', waiting for rendering 'render', its work in Node 'block_check'. */
  readonly extractTiming = (part: 'extract' | 'analyse' | 'render', ms: number): void =>
    this.add(part === 'analyse' ? 'block_check' : part, ms);

  /** Adds `ms` to a phase (phases may be entered more than once in a job). */
  add(phase: Phase, ms: number): void {
    this.#spent.set(phase, (this.#spent.get(phase) ?? 0) + Math.max(0, ms));
  }

  /** Runs `fn`, counting its time (also when it throws) to `phase`. */
  async time<T>(phase: Phase, fn: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      this.add(phase, performance.now() - started);
    }
  }

  /** The same for synchronous work. */
  timeSync<T>(phase: Phase, fn: () => T): T {
    const started = performance.now();
    try {
      return fn();
    } finally {
      this.add(phase, performance.now() - started);
    }
  }

  /** Milliseconds per phase entered, rounded to 0.01 ms. */
  report(): Partial<Record<Phase, number>> {
    const out: Partial<Record<Phase, number>> = {};
    for (const [p, ms] of this.#spent) out[p] = Math.round(ms * 100) / 100;
    return out;
  }
}

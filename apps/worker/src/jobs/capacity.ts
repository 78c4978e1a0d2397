/**
 * The worker's room for sessions: open sessions plus sessions being opened, against
 * PAGEMAP_MAX_SESSIONS. It keeps the shared `open` queue's consumer in step with free room.
 *
 * BullMQ semantics this relies on (5.x Worker): `pause(true)` is a local pause that sets a flag
 * at once and does not wait for active jobs; the fetch loop stops asking for jobs, and exits
 * when the active ones are done. `resume()` clears the flag and restarts the loop if it had
 * exited. The loop fetches while fewer than `concurrency` jobs are in hand, so concurrency is
 * set to the free slots (registry.size counts open sessions; jobs in hand are counted by BullMQ).
 * That alone is not exact: a fetch that was already blocked on the queue when the pause came can
 * still hand over one job. The consumer therefore asks `hasRoom()` itself and gives such a job
 * back to the queue, so a worker never holds more than its maximum.
 */
import type { Worker } from 'bullmq';

export interface CapacityOptions {
  maxSessions: number;
  openConcurrency: number;
  /** Sessions open now (the registry's). */
  openSessions: () => number;
  /** Whether a session id is already open (a session being opened is counted once). */
  isOpen: (sessionId: string) => boolean;
}

export class Capacity {
  /** Sessions being opened by running `open` jobs (counted before they are registered). */
  readonly #opening = new Set<string>();
  #draining = false;

  constructor(private readonly opts: CapacityOptions) {}

  /** Sessions held or being opened: what counts against PAGEMAP_MAX_SESSIONS. */
  get load(): number {
    let opening = 0;
    for (const id of this.#opening) if (!this.opts.isOpen(id)) opening += 1;
    return this.opts.openSessions() + opening;
  }

  get draining(): boolean {
    return this.#draining;
  }

  /** No new sessions from now on (shutdown). */
  drain(): void {
    this.#draining = true;
  }

  hasRoom(): boolean {
    return !this.#draining && this.load < this.opts.maxSessions;
  }

  /** A new session's job started (it holds a slot until `opened`). */
  opening(sessionId: string): void {
    this.#opening.add(sessionId);
  }

  /** A new session's job ended, opened or not. */
  opened(sessionId: string): void {
    this.#opening.delete(sessionId);
  }

  /** How many `open` jobs may run at once right now: free room, at most the configured concurrency. */
  openSlots(): number {
    return Math.max(1, Math.min(this.opts.openConcurrency, this.opts.maxSessions - this.opts.openSessions()));
  }

  /** Pauses or resumes the shared queue's consumer to match the room left. */
  rebalance(open: Worker | undefined): void {
    if (!open) return;
    open.concurrency = this.openSlots();
    const full = !this.hasRoom();
    if (full && !open.isPaused()) void open.pause(true).catch(() => undefined);
    else if (!full && open.isPaused()) open.resume();
  }
}

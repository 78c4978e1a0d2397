/**
 * Sessions this worker holds that the session directory no longer lists. Gateways route a session
 * by its directory entry alone, so such a session can never be reached again: its client was told
 * it is gone, or never learnt of it. That happens when Redis drops writes it had answered — a
 * cluster master paused past the node timeout answers the commands queued on its socket, then
 * discards them as it resyncs from its promoted replica, taking a new session's entry and its
 * job's result with it (the fault matrix's paused master left one such session open). The
 * session would hold a slot and a browser context until it idled out; it is closed instead.
 * A session is judged only after it has been seen for `graceMs` and found unlisted on sweeps at
 * least `graceMs` apart; a sweep that cannot ask Redis judges nothing.
 */
import type { Logger } from '@pagemap/runtime';
import type { CloseReason } from './lifecycle';

export interface SweptSession {
  id: string;
  closed: boolean;
  /** The directory write of its open (its entry exists once this settles). */
  recorded: Promise<void>;
}

export interface UnlistedSweepDeps {
  sessions: () => SweptSession[];
  /** Whether the directory lists the session; throws when Redis cannot say. */
  listed: (sessionId: string) => Promise<boolean>;
  close: (sessionId: string, reason: CloseReason) => Promise<boolean>;
  everyMs: number;
  graceMs: number;
  now?: () => number;
}

export class UnlistedSweep {
  /** When each session was first seen by a sweep, and first found unlisted. */
  readonly #seen = new Map<string, number>();
  readonly #unlisted = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #running = false;

  constructor(
    private readonly deps: UnlistedSweepDeps,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.#timer = setInterval(() => void this.sweep(), this.deps.everyMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** One pass; the ids of the sessions it closed. Never throws. */
  async sweep(): Promise<string[]> {
    if (this.#running) return [];
    this.#running = true;
    try {
      return await this.#pass((this.deps.now ?? Date.now)());
    } finally {
      this.#running = false;
    }
  }

  async #pass(now: number): Promise<string[]> {
    const sessions = this.deps.sessions().filter((s) => !s.closed);
    this.#forgetOthers(new Set(sessions.map((s) => s.id)));
    const closed: string[] = [];
    for (const s of sessions) {
      const seenAt = this.#seen.get(s.id) ?? now;
      this.#seen.set(s.id, seenAt);
      if (now - seenAt < this.deps.graceMs || !(await this.#unlistedLongEnough(s, now))) continue;
      this.log.warn({ sessionId: s.id }, 'session no longer in the directory (a write Redis dropped); closing it');
      if (await this.deps.close(s.id, 'unlisted').catch(() => false)) closed.push(s.id);
    }
    return closed;
  }

  async #unlistedLongEnough(s: SweptSession, now: number): Promise<boolean> {
    let listed: boolean;
    try {
      await s.recorded;
      listed = await this.deps.listed(s.id);
    } catch {
      return false; // Redis could not say: no verdict this time
    }
    if (listed) {
      this.#unlisted.delete(s.id);
      return false;
    }
    const since = this.#unlisted.get(s.id) ?? now;
    this.#unlisted.set(s.id, since);
    return now - since >= this.deps.graceMs;
  }

  #forgetOthers(ids: Set<string>): void {
    for (const id of this.#seen.keys()) if (!ids.has(id)) this.#seen.delete(id);
    for (const id of this.#unlisted.keys()) if (!ids.has(id)) this.#unlisted.delete(id);
  }
}

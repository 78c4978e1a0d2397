/**
 * Sessions this worker holds that the session directory no longer lists. Gateways route a session
 * by its directory entry alone, so such a session can never be reached again: its client was told
 * it is gone, or never learnt of it. That happens when Redis drops writes it had answered — a
 * cluster master paused past the node timeout answers the commands queued on its socket, then
 * discards them as it resyncs from its promoted replica, taking a new session's entry and its
 * job's result with it (the fault matrix's paused master left one such session open). The
 * session would hold a slot and a browser context until it idled out; it is closed instead.
 * A session is judged only after it has been seen for `graceMs` and found unlisted on sweeps at
 * least `graceMs` apart; a sweep that cannot ask Redis judges nothing. A session its tenant was
 * answered is gone (a gateway read the directory while it lacked the entry, or read a replaced
 * master's stale data) is closed at the first sweep that sees it so: gone stays gone.
 */
import type { Logger } from '@pagemap/runtime';
import type { CloseReason } from './lifecycle';

export interface SweptSession {
  id: string;
  tenantId: string;
  closed: boolean;
  /** The directory write of its open (its entry exists once this settles). */
  recorded: Promise<void>;
}

export interface UnlistedSweepDeps {
  sessions: () => SweptSession[];
  /** Where the directory says the session stands; throws when Redis cannot say. */
  standing: (s: SweptSession) => Promise<'listed' | 'unlisted' | 'gone'>;
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
      const verdict = await this.#verdict(s, now, now - seenAt >= this.deps.graceMs);
      if (!verdict) continue;
      this.log.warn(
        { sessionId: s.id },
        verdict === 'declared_gone'
          ? 'session answered as gone to its tenant; closing it'
          : 'session no longer in the directory (a write Redis dropped); closing it',
      );
      if (await this.deps.close(s.id, verdict).catch(() => false)) closed.push(s.id);
    }
    return closed;
  }

  /** Why the session must close now, or undefined. `seenLongEnough`: it has been seen for the grace. */
  async #verdict(s: SweptSession, now: number, seenLongEnough: boolean): Promise<CloseReason | undefined> {
    let standing: 'listed' | 'unlisted' | 'gone';
    try {
      await s.recorded;
      standing = await this.deps.standing(s);
    } catch {
      return undefined; // Redis could not say: no verdict this time
    }
    if (standing === 'gone') return 'declared_gone';
    if (standing === 'listed') {
      this.#unlisted.delete(s.id);
      return undefined;
    }
    if (!seenLongEnough) return undefined;
    const since = this.#unlisted.get(s.id) ?? now;
    this.#unlisted.set(s.id, since);
    return now - since >= this.deps.graceMs ? 'unlisted' : undefined;
  }

  #forgetOthers(ids: Set<string>): void {
    for (const id of this.#seen.keys()) if (!ids.has(id)) this.#seen.delete(id);
    for (const id of this.#unlisted.keys()) if (!ids.has(id)) this.#unlisted.delete(id);
  }
}

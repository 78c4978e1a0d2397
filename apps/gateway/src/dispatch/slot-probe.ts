/**
 * Whether the cluster node holding a key's slot answers, for the dispatcher's waits. On a Redis
 * Cluster the client stays "ready" while one master is dead (the other slots work), so the
 * connection status cannot tell a waiting request that its queue's slot is gone; a cheap read of
 * a key in that slot can. One probe per slot in flight at a time, shared by every waiter, and
 * at most one per `everyMs`: the cost does not grow with the number of waiting requests.
 */
import type { Cluster } from 'ioredis';

/**
 * A probe unanswered for this long counts as down. Longer than the command timeout (2.5 s), so a
 * slow answer is never mistaken for a dead node: a failed probe (a refused connection, a command
 * timed out, CLUSTERDOWN) is what says "down". A 1 s bound here ended requests 503 tens of seconds
 * after a failover on a machine at load average 40: one slow answer marked the wait as having
 * lived through an outage, and a page open slower than the 5 s grace after it then answered 503.
 * This bound is left only for a probe that neither answers nor fails.
 */
const SLOW_MS = 3_000;

interface State {
  ok: boolean;
  at: number;
  /** When the probe in flight started (0: none). */
  pendingSince: number;
}

export class SlotProbe {
  readonly #state = new Map<string, State>();

  constructor(
    /** Only `exists` is used (a Cluster in production; a stand-in in slot-probe.test.ts). */
    private readonly redis: Pick<Cluster, 'exists'>,
    private readonly everyMs: number,
  ) {}

  /** True when the last probe of `key`'s slot failed, or one has been unanswered too long; starts a probe when due. */
  down(key: string): boolean {
    const now = Date.now();
    let s = this.#state.get(key);
    if (!s) {
      s = { ok: true, at: 0, pendingSince: 0 };
      this.#state.set(key, s);
    }
    if (!s.pendingSince && now - s.at >= this.everyMs) this.#run(key, s, now);
    if (s.pendingSince && now - s.pendingSince >= SLOW_MS) return true;
    if (this.#state.size > 1000) this.#state.clear(); // worker queues come and go
    return !s.ok;
  }

  #run(key: string, s: State, now: number): void {
    s.pendingSince = now;
    const settle = (ok: boolean) => Object.assign(s, { ok, at: Date.now(), pendingSince: 0 });
    this.redis.exists(key).then(
      () => settle(true),
      () => settle(false),
    );
  }
}

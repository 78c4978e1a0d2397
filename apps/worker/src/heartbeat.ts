/**
 * The worker's heartbeat: a hash with a TTL, refreshed every PAGEMAP_HEARTBEAT_MS. A worker
 * whose heartbeat key expired is dead to the gateways: its sessions answer SESSION_NOT_FOUND and
 * requests waiting on it end with WORKER_LOST.
 *
 * One truth about sessions: a worker that could not beat for longer than the TTL (it was paused,
 * or Redis refused or lost its writes) finds its key gone when it can act again. Every session it
 * holds has then been answered as gone, and the reaper may have freed their slots: it closes them
 * all before it beats again, so no session answered as gone comes back to life (all but a session
 * still opening: its id has reached no client yet — see the worker's onLapsed).
 */
import type { WorkerFleet } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';

export interface HeartbeatState {
  capacity: number;
  sessions: () => number;
  browserAlive: () => boolean;
  accepting: () => boolean;
  summarizer: () => string;
  /** This worker's listening ports, comma-separated (announced so other workers refuse them). */
  ports: () => string;
  /** Runs after each beat (the worker re-reads the fleet's ports then). */
  afterBeat?: () => Promise<void>;
  /** The heartbeat had lapsed: close every session (the service declared them gone). */
  onLapsed: () => Promise<void>;
}

export class Heartbeat {
  #timer: NodeJS.Timeout | undefined;
  #beating: Promise<void> | undefined;
  #beaten = false;
  #stopped = false;

  constructor(
    private readonly fleet: WorkerFleet,
    private readonly workerId: string,
    private readonly state: HeartbeatState,
    private readonly everyMs: number,
    private readonly ttlMs: number,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.beat();
    this.#timer = setInterval(() => {
      // One beat at a time: while Redis stalls, beats must not pile up behind each other.
      if (this.#beating || this.#stopped) return;
      this.#beating = this.beat()
        .catch((err) => this.log.warn({ err: err.message }, 'heartbeat failed'))
        .finally(() => (this.#beating = undefined));
    }, this.everyMs);
    this.#timer.unref();
  }

  async beat(): Promise<void> {
    if (this.#beaten && !(await this.fleet.isAlive(this.workerId))) {
      this.log.warn({ sessions: this.state.sessions() }, 'heartbeat had lapsed: closing the sessions declared gone');
      await this.state.onLapsed();
    }
    await this.fleet.beat(
      {
        id: this.workerId,
        capacity: this.state.capacity,
        sessions: this.state.sessions(),
        browser: this.state.browserAlive() ? 1 : 0,
        accepting: this.state.accepting() ? 1 : 0,
        summarizer: this.state.summarizer(),
        at: Date.now(),
        pid: process.pid,
        ports: this.state.ports(),
      },
      this.ttlMs,
    );
    this.#beaten = true;
    await this.state.afterBeat?.();
  }

  /** Deregisters at once, so gateways stop routing here without waiting for the TTL. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    // A beat already on its way would list the worker again after it deregistered, and gateways
    // would route to a stopped worker until the TTL ran out. The shutdown's deadline bounds this
    // wait when Redis stalls.
    await this.#beating;
    await this.fleet.deregister(this.workerId);
  }
}

/**
 * The worker's heartbeat: a hash with a TTL, refreshed every PAGEMAP_HEARTBEAT_MS. A worker
 * whose heartbeat key expired is dead to the gateways: its sessions answer SESSION_NOT_FOUND and
 * requests waiting on it end with WORKER_LOST.
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
}

export class Heartbeat {
  #timer: NodeJS.Timeout | undefined;

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
    this.#timer = setInterval(
      () => void this.beat().catch((err) => this.log.warn({ err: err.message }, 'heartbeat failed')),
      this.everyMs,
    );
    this.#timer.unref();
  }

  async beat(): Promise<void> {
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
    await this.state.afterBeat?.();
  }

  /** Deregisters at once, so gateways stop routing here without waiting for the TTL. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.fleet.deregister(this.workerId);
  }
}

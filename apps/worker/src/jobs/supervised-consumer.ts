/**
 * One BullMQ consumer (a `Worker` on one queue) kept running whatever Redis does.
 *
 * BullMQ retries connection errors inside its fetch loop, but some failures end the loop for
 * good — seen on a Redis Cluster failover ("Too many Cluster redirections. Last error:
 * Connection is closed"), and possible whenever a reconnect gives up — and nothing in BullMQ
 * starts it again; a loop can also keep running yet take nothing, its blocking read stuck. This
 * watches the consumer every `checkMs`: a consumer neither running nor paused on purpose (the
 * open queue pauses itself when the worker is full), or one that leaves jobs waiting while it has
 * room (`stuckMs`), is down; it is closed and replaced by a fresh one, at once the first time and
 * then with a doubling backoff until one stays up. A replacement counts as up once it takes the
 * jobs that wait (or none wait). While it is down `up` is false: the worker's readiness, heartbeat
 * and the `pagemap_worker_queue_consumer_up` gauge say so, and gateways route new sessions
 * elsewhere.
 */
import type { Worker } from 'bullmq';
import type { Logger } from '@pagemap/runtime';
import { withTimeout } from '@pagemap/runtime';

export interface ConsumerWatch {
  /** How often the consumer is looked at, ms (its state is known within this). */
  checkMs: number;
  /** First wait before a second restart in a row, ms; doubles up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Called whenever the consumer goes down or comes back up. */
  onChange?: (up: boolean) => void;
  /** Called after each replacement. */
  onRestart?: () => void;
  /**
   * Jobs waiting in the queue now. A consumer whose loop still runs but no longer takes jobs (its
   * blocking connection stuck on a node that failed over) leaves them waiting: one that has room
   * and took nothing for `stuckMs` while jobs waited is stuck, and replaced like a stopped one.
   */
  waiting?: () => Promise<number>;
  stuckMs?: number;
}

/** How long the old consumer's close may take before it is left behind. */
const CLOSE_OLD_MS = 2_000;
/** How long the waiting count may take (a stalled Redis is not the consumer's fault). */
const COUNT_MS = 1_000;

export class SupervisedConsumer {
  #worker: Worker;
  #up = true;
  #closing = false;
  #replacing = false;
  #checking = false;
  #restarts = 0;
  #nextRestartAt = 0;
  #backoffMs: number;
  readonly #timer: NodeJS.Timeout;
  /** Jobs taken since start, jobs in hand now, and since when jobs have waited untaken. */
  #taken = 0;
  #inHand = 0;
  #waitingSince: { at: number; taken: number } | undefined;

  constructor(
    readonly queue: string,
    private readonly create: () => Worker,
    private readonly watch: ConsumerWatch,
    private readonly log: Logger,
  ) {
    this.#backoffMs = watch.backoffMs;
    this.#worker = this.#spawn();
    this.#timer = setInterval(() => void this.check(), watch.checkMs);
    this.#timer.unref();
  }

  /** The BullMQ worker serving the queue now (it changes on each restart). */
  get worker(): Worker {
    return this.#worker;
  }

  /** Whether the consumer fetches jobs (or is paused on purpose). */
  get up(): boolean {
    return this.#up;
  }

  get restarts(): number {
    return this.#restarts;
  }

  /** The consumer took a job (called by the job processor). */
  took(): void {
    this.#taken += 1;
    this.#inHand += 1;
  }

  /** A job the consumer took is done. */
  finished(): void {
    this.#inHand = Math.max(0, this.#inHand - 1);
  }

  /** One look at the consumer; replaces it when it stopped or is stuck. Never throws. */
  async check(): Promise<void> {
    if (this.#closing || this.#replacing || this.#checking) return;
    this.#checking = true;
    try {
      const w = this.#worker;
      const running = w.isRunning() || w.isPaused();
      const state = running ? await this.#judge(w) : 'stuck';
      // A consumer that was up stays up while a job it has not taken yet waits (it takes jobs in
      // ms); a replacement is not up until it takes what waits, so a fault that breaks each new
      // consumer too keeps the worker reported down instead of flickering up after every restart.
      if (state === 'ok' || (state === 'waiting' && this.#up)) {
        // Up again after a restart: the next failure starts the backoff from the beginning.
        if (!this.#up && Date.now() >= this.#nextRestartAt) this.#backoffMs = this.watch.backoffMs;
        this.#set(true);
        return;
      }
      this.#set(false);
      if (state === 'waiting' || Date.now() < this.#nextRestartAt) return;
      await this.#replace();
    } finally {
      this.#checking = false;
    }
  }

  /**
   * How the consumer fares with the jobs that wait for it: `ok` (nothing waits, it took a job
   * since they started waiting, it has no room, or Redis cannot say), `waiting` (jobs wait and it
   * has taken none yet) or `stuck` (that for `stuckMs`).
   */
  async #judge(w: Worker): Promise<'ok' | 'waiting' | 'stuck'> {
    const { waiting, stuckMs } = this.watch;
    if (!waiting || !stuckMs || w.isPaused() || this.#inHand >= w.concurrency) {
      this.#waitingSince = undefined;
      return 'ok';
    }
    const count = await withTimeout(
      waiting().catch(() => 0),
      COUNT_MS,
    );
    const jobsWait = !count.timedOut && count.value > 0;
    if (!jobsWait || (this.#waitingSince && this.#waitingSince.taken !== this.#taken)) {
      this.#waitingSince = jobsWait ? { at: Date.now(), taken: this.#taken } : undefined;
      return 'ok';
    }
    this.#waitingSince ??= { at: Date.now(), taken: this.#taken };
    return Date.now() - this.#waitingSince.at >= stuckMs ? 'stuck' : 'waiting';
  }

  async #replace(): Promise<void> {
    this.#replacing = true;
    const old = this.#worker;
    try {
      this.log.warn({ queue: this.queue, restarts: this.#restarts }, 'queue consumer stopped; starting a new one');
      // Forced: the loop is gone, and a job still in hand finishes on its own.
      await withTimeout(
        old.close(true).catch(() => undefined),
        CLOSE_OLD_MS,
      );
      if (this.#closing) return;
      this.#worker = this.#spawn();
      this.#waitingSince = undefined;
      this.#inHand = 0;
      this.#restarts += 1;
      this.watch.onRestart?.();
    } catch (err) {
      this.log.error(
        { queue: this.queue, err: err instanceof Error ? err.message : String(err) },
        'consumer restart failed',
      );
    } finally {
      this.#nextRestartAt = Date.now() + this.#backoffMs;
      this.#backoffMs = Math.min(this.watch.maxBackoffMs, this.#backoffMs * 2);
      this.#replacing = false;
    }
  }

  #spawn(): Worker {
    const w = this.create();
    w.on('error', (err) => this.log.error({ queue: this.queue, err: err.message }, 'queue consumer error'));
    return w;
  }

  #set(up: boolean): void {
    if (up === this.#up) return;
    this.#up = up;
    if (up) this.log.info({ queue: this.queue }, 'queue consumer running again');
    this.watch.onChange?.(up);
  }

  /** Stops watching and closes the consumer (waiting for its running jobs unless `force`). */
  async close(force = false): Promise<void> {
    this.#closing = true;
    clearInterval(this.#timer);
    await this.#worker.close(force);
  }
}

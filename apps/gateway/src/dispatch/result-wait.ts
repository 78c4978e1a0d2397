/**
 * One request's wait for its job's result, and every way that wait can end besides the result
 * itself — one method each, checked on a timer:
 * - deadline: no result in time → UPSTREAM_TIMEOUT (504). Checked first and without Redis, so it
 *   fires even while a Redis call of an earlier tick still hangs;
 * - datastore: Redis unreachable, or stalled (a check's call unanswered for REDIS_DOWN_GRACE_MS),
 *   for that long → SERVICE_UNAVAILABLE (503); a wait that lived through an outage (a cluster
 *   failover, a restarted Redis) ends 503 if its result has not come shortly after Redis is back;
 * - pickup: a new-session job no worker took in time is withdrawn → NO_CAPACITY (503);
 * - owner: the worker running the job stopped heart-beating (its heartbeat missing for
 *   OWNER_MISSING_MS) → WORKER_LOST (502);
 * - job: the job itself is gone from Redis and no result came → SERVICE_UNAVAILABLE (503).
 * The checks that ask Redis run one at a time: a tick never starts while the last one awaits.
 */
import { PagemapError, type ErrorCode } from '@pagemap/contracts';

export interface ResultWaitDeps {
  deadlineAt: number;
  /** Time a new-session job may wait for a worker to take it, ms. */
  pickupMs: number;
  /** How often the wait is checked, ms. */
  checkMs: number;
  /** The owner already known (follow-ups); new sessions learn it from the announcement. */
  owner?: string;
  /** Whether the queue's datastore is known to be down right now (connection state, slot probe). */
  datastoreDown: () => boolean;
  /**
   * How many times the datastore connection has been lost so far (a count that only grows). An
   * outage shorter than one check — Redis killed and restarted by the launcher in 0.2 s — is
   * never seen as "down" by a check; a changed count tells the wait it lived through one.
   */
  outages?: () => number;
  /** Withdraws the job; resolves 1 when it was still waiting (nobody took it). */
  withdraw: () => Promise<number>;
  /** The worker that took the job, from the job itself (when it never announced itself). */
  takerOf: () => Promise<string | undefined>;
  isAlive: (workerId: string) => Promise<boolean>;
  /** Whether the job is still in Redis (undefined: could not tell). Jobs are removed on completion. */
  jobExists?: () => Promise<boolean | undefined>;
  onPickup?: (seconds: number) => void;
}

/** How long Redis may be unreachable (or a call to it unanswered) during a wait before the request answers 503. */
export const REDIS_DOWN_GRACE_MS = 2_000;

/** After an outage interrupted a wait, how long the result may still take once Redis is back. */
const AFTER_FAILOVER_GRACE_MS = 5_000;

/**
 * How long a job may be missing from Redis, with no result, before the wait ends 503. A finished
 * job is removed as its "completed" event is written, and the event reaches us a moment later: a
 * job missing once is normal; missing this long (past any event reader's lag) it was lost.
 */
export const VANISHED_MS = 3_000;

/**
 * How long the owner's heartbeat must stay missing before the worker counts as lost. A dead
 * worker's key is gone for good; a live worker's is missing only until its next beat when Redis
 * came back empty, or a failed-over master dropped the write: a CI run saw an open answer 502
 * WORKER_LOST right after an emptied Redis returned, the worker alive and running the job.
 */
export const OWNER_MISSING_MS = 2_000;

export const UNAVAILABLE = 'The datastore became unreachable while the request was running; retry shortly.';
export const LOST =
  'The browser process serving this request stopped. Nothing was billed; open a new session and retry.';

export class ResultWait {
  /** Rejects with the error of the way the wait ended; never resolves. */
  readonly ended: Promise<never>;
  /** Set once the datastore was unreachable during this wait: its outcome is then uncertain. */
  disturbed = false;
  #owner: string | undefined;
  #picked: boolean;
  readonly #startedAt = Date.now();
  readonly #outagesAtStart: number;
  #downSince: number | undefined;
  #backSince: number | undefined;
  /** When the Redis checks of the tick still running started. */
  #checkingSince: number | undefined;
  /** When the job was first found missing from Redis (a lost write; see #jobVanished). */
  #missingSince: number | undefined;
  /** When the owner's heartbeat was first found missing (see OWNER_MISSING_MS). */
  #ownerMissingSince: number | undefined;
  #timer: NodeJS.Timeout | undefined;
  #end: (err: PagemapError) => void = () => undefined;

  constructor(private readonly deps: ResultWaitDeps) {
    this.#owner = deps.owner;
    this.#picked = deps.owner !== undefined;
    this.#outagesAtStart = deps.outages?.() ?? 0;
    this.ended = new Promise<never>((_, reject) => (this.#end = reject));
    this.ended.catch(() => undefined); // a wait that ends after the result arrived is moot
  }

  get owner(): string | undefined {
    return this.#owner;
  }

  start(): void {
    this.#timer = setInterval(() => this.#tick(), this.deps.checkMs);
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** The worker announced that it runs the job. */
  announced(workerId: string): void {
    if (!this.#picked) this.deps.onPickup?.((Date.now() - this.#startedAt) / 1000);
    this.#owner = workerId;
    this.#picked = true;
  }

  #tick(): void {
    const now = Date.now();
    if (this.#pastDeadline(now) || this.#datastoreGone(now)) return;
    if (this.#checkingSince !== undefined) return; // the last tick's checks still await Redis
    this.#checkingSince = now;
    void this.#checkWorkers(now).finally(() => (this.#checkingSince = undefined));
  }

  #fail(code: ErrorCode, message: string): true {
    this.stop();
    this.#end(new PagemapError(code, message));
    return true;
  }

  #pastDeadline(now: number): boolean {
    if (now < this.deps.deadlineAt) return false;
    void this.deps.withdraw().catch(() => 0);
    return this.#fail('UPSTREAM_TIMEOUT', 'The browser did not answer in time. Nothing was billed.');
  }

  /** Redis gone or stalled: the result can no longer arrive (it travels through Redis). */
  #datastoreGone(now: number): boolean {
    const stalled = this.#checkingSince !== undefined && now - this.#checkingSince >= REDIS_DOWN_GRACE_MS;
    if (this.deps.datastoreDown() || stalled) {
      this.disturbed = true;
      this.#backSince = undefined;
      this.#downSince ??= stalled ? this.#checkingSince : now;
      return now - this.#downSince! >= REDIS_DOWN_GRACE_MS && this.#fail('SERVICE_UNAVAILABLE', UNAVAILABLE);
    }
    this.#downSince = undefined;
    // An outage between two checks, seen only by its count (the 20 s waits above were of this
    // kind: the embedded Redis was back before the next check could find it down).
    if ((this.deps.outages?.() ?? 0) !== this.#outagesAtStart) this.disturbed = true;
    // The result may have been lost with the outage: on a cluster it went to the master that
    // died; with one Redis killed and restarted, the worker's write of it was refused while Redis
    // was down (its job then sits active until BullMQ's stall check, far past the deadline). Give
    // it a few seconds once Redis answers again, then 503 (retryable) instead of waiting out the
    // deadline: a quiet-machine fault-matrix run saw a tool call and a DELETE wait 20 s for 504.
    if (this.disturbed) {
      this.#backSince ??= now;
      if (now - this.#backSince >= AFTER_FAILOVER_GRACE_MS) return this.#fail('SERVICE_UNAVAILABLE', UNAVAILABLE);
    }
    return false;
  }

  async #checkWorkers(now: number): Promise<void> {
    if (!this.#picked && now - this.#startedAt >= this.deps.pickupMs) {
      // Withdraw the job; if a worker took it meanwhile, removal fails and we keep waiting.
      if ((await this.deps.withdraw().catch(() => 0)) === 1) {
        this.#fail('NO_CAPACITY', 'No browser worker could take a new session in time.');
        return;
      }
      this.#picked = true;
      // Taken, yet its worker never said so: it may have died between taking the job and
      // announcing itself. BullMQ stores the taker's name (our worker id) with the job when it
      // takes it, so the owner is still known and its heartbeat still decides.
      this.#owner ??= await this.deps.takerOf();
    }
    if (await this.#jobVanished(now)) {
      this.#fail('SERVICE_UNAVAILABLE', UNAVAILABLE);
      return;
    }
    if (this.#owner && (await this.#ownerGone(now))) {
      // A follow-up still waiting in the dead worker's queue would carry its sealed params
      // until the queue is reaped: withdraw it now (an active one is reaped with the queue).
      await this.deps.withdraw().catch(() => 0);
      this.#fail('WORKER_LOST', LOST);
    }
  }

  /** The owner's heartbeat has been missing on every check for OWNER_MISSING_MS. */
  async #ownerGone(now: number): Promise<boolean> {
    if (await this.deps.isAlive(this.#owner!)) {
      this.#ownerMissingSince = undefined;
      return false;
    }
    this.#ownerMissingSince ??= now;
    return now - this.#ownerMissingSince >= OWNER_MISSING_MS;
  }

  /**
   * The job is gone and its result never came: its write was dropped. A master paused past the
   * cluster's node timeout answers, once resumed, the commands queued on its socket as the master
   * it no longer is, then discards those writes as it resyncs from the promoted replica. Nothing
   * looked down to this wait (every answer came), so only the job's absence tells (a CI run of the
   * fault matrix saw a DELETE wait its full 20 s for 504 this way).
   */
  async #jobVanished(now: number): Promise<boolean> {
    // Asked only of a wait older than the bound: most results come sooner, and cost no call.
    if (!this.deps.jobExists || now - this.#startedAt < VANISHED_MS) return false;
    const exists = await this.deps.jobExists().catch(() => undefined);
    if (exists !== false) {
      this.#missingSince = undefined;
      return false;
    }
    this.#missingSince ??= now;
    return now - this.#missingSince >= VANISHED_MS;
  }
}

/**
 * New sessions whose request was answered with an error although their worker went on to open
 * them: the wait ended first (Redis stalled, a failover, the pickup or the deadline), the client
 * was told "no session, nothing billed", and the worker's result arrived to nobody. Such a
 * session would hold its slot and a browser context until it idled out. The gateway that gave up
 * remembers the job until its deadline has long passed; if its result then says a session was
 * opened, or the session directory shows it (a result lost in a failover never arrives), that
 * session is closed on its worker (one truth: a session the client never learned of
 * does not live on).
 */
import { BrowseJobResult } from '@pagemap/contracts';
import type { Logger } from '@pagemap/runtime';

export interface AbandonedOpen {
  requestId: string;
  tenantId: string;
  sessionId: string;
  /** Forgotten after this (epoch ms): past its deadline, a worker skips the job. */
  keepUntil: number;
}

/** Closes a session on its worker (the dispatcher's `close` job). */
export type CloseOnWorker = (open: AbandonedOpen, workerId: string) => Promise<unknown>;

/** The live worker owning a session in the directory, or undefined. */
export type FindOwner = (tenantId: string, sessionId: string) => Promise<string | undefined>;

/** How often abandoned opens are looked up in the directory (their result may never arrive). */
const SWEEP_MS = 2_000;

/** How long past an abandoned open's deadline its result is still watched for. */
export const KEEP_AFTER_DEADLINE_MS = 60_000;
const MAX_KEPT = 10_000;
const CLOSE_ATTEMPTS = 5;
const CLOSE_RETRY_MS = 2_000;

export class OrphanOpens {
  readonly #abandoned = new Map<string, AbandonedOpen>();
  readonly #timer: NodeJS.Timeout | undefined;
  #sweeping = false;

  constructor(
    private readonly close: CloseOnWorker,
    private readonly log: Logger,
    /** Without it only results that arrive are acted on. */
    private readonly findOwner?: FindOwner,
  ) {
    if (findOwner) {
      this.#timer = setInterval(() => void this.#sweep(), SWEEP_MS);
      this.#timer.unref();
    }
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /**
   * A result lost with a failed-over master never arrives: the directory still tells whether the
   * session was opened (its worker records it before answering).
   */
  async #sweep(): Promise<void> {
    if (this.#sweeping || !this.findOwner) return;
    this.#sweeping = true;
    try {
      this.#forgetExpired();
      for (const [jobId, open] of [...this.#abandoned]) {
        const owner = await this.findOwner(open.tenantId, open.sessionId).catch(() => undefined);
        if (!owner || !this.#abandoned.delete(jobId)) continue;
        this.#closeOrphan(open, owner);
      }
    } finally {
      this.#sweeping = false;
    }
  }

  /** The wait for this open job ended without its result. */
  abandon(jobId: string, open: AbandonedOpen): void {
    this.#forgetExpired();
    this.#abandoned.set(jobId, open);
    if (this.#abandoned.size > MAX_KEPT) this.#abandoned.delete(this.#abandoned.keys().next().value!);
  }

  /** A result arrived that no request waits for: close the session it opened, if it was ours. */
  resultArrived(jobId: string, raw: unknown): void {
    const open = this.#abandoned.get(jobId);
    if (!open) return;
    this.#abandoned.delete(jobId);
    const result = BrowseJobResult.safeParse(raw);
    if (!result.success || !result.data.ok) return;
    this.#closeOrphan(open, result.data.workerId);
  }

  #closeOrphan(open: AbandonedOpen, workerId: string): void {
    this.log.warn(
      { sessionId: open.sessionId, tenantId: open.tenantId, requestId: open.requestId },
      'session opened after its request had been answered; closing it',
    );
    void this.#closeWithRetries(open, workerId);
  }

  /** The datastore may still be recovering: a few tries, then the session idles out by itself. */
  async #closeWithRetries(open: AbandonedOpen, workerId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.close(open, workerId);
        return;
      } catch (err) {
        if (attempt >= CLOSE_ATTEMPTS) {
          this.log.warn(
            { sessionId: open.sessionId, err: err instanceof Error ? err.message : String(err) },
            'could not close an orphaned session; it will idle out',
          );
          return;
        }
        await new Promise((r) => setTimeout(r, CLOSE_RETRY_MS).unref());
      }
    }
  }

  #forgetExpired(): void {
    const now = Date.now();
    for (const [id, o] of this.#abandoned) if (o.keepUntil < now) this.#abandoned.delete(id);
  }
}

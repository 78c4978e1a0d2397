/**
 * Settlements the datastore has not surely kept yet. A reservation's final bill (the actions it
 * ran; 0 for a request that failed or whose reservation was given up) is set by one idempotent
 * script (AccountStore.settle), and an acknowledgement is not proof that Redis kept it: a cluster
 * master paused past the node timeout answers the commands queued on its socket as a master when
 * it resumes, then learns that its replica took over and drops those writes as it resyncs (the
 * fault matrix's paused-master case billed 290 actions for 289 served: a refund acknowledged so,
 * then lost). A master killed just after answering loses a write not yet replicated the same way.
 * So every reservation's bill is set once more, after CONFIRM_AFTER_MS — past the window in which
 * a deposed master still answers — and a settlement the datastore refused is tried again with
 * backoff until it lands, then confirmed the same way. Usage ends equal to what was served.
 * The outbox lives in the gateway's memory; a gateway that dies with settlements still owed loses
 * them (docs/operations.md).
 */
import type { AccountStore, Period, Tenant } from '@pagemap/accounts';
import type { Logger } from '@pagemap/runtime';

interface Owed {
  tenant: Tenant;
  period: Period;
  /** The reservation's ledger entry. */
  ledgerId: string;
  /** Its final bill, in actions. */
  billed: number;
  /** When a write of this bill was last answered (a reservation or a settlement), 0: never. */
  answeredAt: number;
  attempts: number;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;
/**
 * How long after an answered write its bill is set again. A deposed master answers only until it
 * hears of the new epoch from the other nodes (within half a node timeout); 10 s is past that
 * for node timeouts up to the 2–5 s docs/operations.md recommends, with room to spare.
 */
export const CONFIRM_AFTER_MS = 10_000;

export class SettlementOutbox {
  readonly #owed = new Set<Owed>();
  readonly #timers = new Map<Owed, NodeJS.Timeout>();

  constructor(
    private readonly accounts: Pick<AccountStore, 'settle'>,
    private readonly log?: Logger,
    private readonly confirmAfterMs = CONFIRM_AFTER_MS,
  ) {}

  /** Settlements the datastore has not taken yet (refused, or never tried). */
  get pending(): number {
    return [...this.#owed].filter((o) => o.answeredAt === 0).length;
  }

  /** Settlements waiting for their confirmation or their next try. */
  get size(): number {
    return this.#owed.size;
  }

  /** A bill the datastore refused (or whose reservation's answer was given up): tried again until it lands, then confirmed. */
  owe(tenant: Tenant, period: Period, billed: number, ledgerId: string): void {
    this.#add({ tenant, period, billed, ledgerId, answeredAt: 0, attempts: 0 });
  }

  /** A bill already written (or reserved exactly): set again once a deposed master can no longer answer. */
  confirm(tenant: Tenant, period: Period, billed: number, ledgerId: string): void {
    this.#add({ tenant, period, billed, ledgerId, answeredAt: Date.now(), attempts: 0 });
  }

  /** One more try of everything still owed or unconfirmed, now (shutdown); resolves when each try has ended. */
  async flush(): Promise<void> {
    await Promise.all([...this.#owed].map((o) => this.#try(o, true)));
  }

  #add(owed: Owed): void {
    this.#owed.add(owed);
    this.#schedule(owed, owed.answeredAt > 0 ? this.confirmAfterMs : FIRST_RETRY_MS);
  }

  #schedule(owed: Owed, delay: number): void {
    const timer = setTimeout(() => void this.#try(owed), delay);
    // A stopping gateway does not wait for a datastore that may not come back (it flushes once).
    timer.unref();
    this.#timers.set(owed, timer);
  }

  /** A settlement landed after its confirmation delay is done; one landed the first time is confirmed later. */
  async #try(owed: Owed, last = false): Promise<void> {
    clearTimeout(this.#timers.get(owed));
    this.#timers.delete(owed);
    if (!this.#owed.has(owed)) return;
    const confirming = owed.answeredAt > 0;
    try {
      await this.accounts.settle(owed.tenant, owed.period, owed.billed, owed.ledgerId);
    } catch (err) {
      owed.attempts += 1;
      if (owed.attempts % 20 === 0)
        this.log?.warn(
          { tenantId: owed.tenant.id, attempts: owed.attempts, err: err instanceof Error ? err.message : String(err) },
          'settlement still owed: the datastore does not take it yet',
        );
      const backoff = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** owed.attempts);
      if (!last && !this.#timers.has(owed)) this.#schedule(owed, backoff);
      return;
    }
    if (confirming || last) {
      this.#owed.delete(owed);
      return;
    }
    owed.answeredAt = Date.now();
    if (!this.#timers.has(owed)) this.#schedule(owed, this.confirmAfterMs);
  }
}

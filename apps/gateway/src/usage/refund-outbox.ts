/**
 * Refunds the datastore could not take when they were due (a failover, Redis at `maxmemory`, a
 * stalled or restarting server). A refund owed is never dropped: it waits here and is tried again
 * with backoff until it lands, so usage ends equal to what was served. Refunds name their
 * reservation's ledger entry, so one that landed although its answer was lost is not given twice.
 * The outbox lives in the gateway's memory; a gateway that dies with refunds still owed loses
 * them (docs/operations.md).
 */
import type { AccountStore, Period, Tenant } from '@pagemap/accounts';
import type { Logger } from '@pagemap/runtime';

interface Owed {
  tenant: Tenant;
  period: Period;
  actions: number;
  /** The reservation's ledger entry: a retry of a refund that had landed gives back nothing. */
  ledgerId: string;
  attempts: number;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

export class RefundOutbox {
  readonly #owed = new Set<Owed>();
  readonly #timers = new Map<Owed, NodeJS.Timeout>();

  constructor(
    private readonly accounts: Pick<AccountStore, 'refund'>,
    private readonly log?: Logger,
  ) {}

  /** Refunds still waiting for the datastore. */
  get pending(): number {
    return this.#owed.size;
  }

  /** Keeps a refund that failed and schedules its next try. */
  add(tenant: Tenant, period: Period, actions: number, ledgerId: string): void {
    const owed: Owed = { tenant, period, actions, ledgerId, attempts: 0 };
    this.#owed.add(owed);
    this.#schedule(owed);
  }

  /** One more try of everything still owed, now (shutdown); resolves when each try has ended. */
  async flush(): Promise<void> {
    await Promise.all([...this.#owed].map((o) => this.#try(o)));
  }

  #schedule(owed: Owed): void {
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** owed.attempts);
    const timer = setTimeout(() => void this.#try(owed), delay);
    // A stopping gateway does not wait for a datastore that may not come back (it flushes once).
    timer.unref();
    this.#timers.set(owed, timer);
  }

  async #try(owed: Owed): Promise<void> {
    clearTimeout(this.#timers.get(owed));
    this.#timers.delete(owed);
    if (!this.#owed.has(owed)) return;
    try {
      await this.accounts.refund(owed.tenant, owed.period, owed.actions, owed.ledgerId);
      this.#owed.delete(owed);
    } catch (err) {
      owed.attempts += 1;
      if (owed.attempts % 20 === 0)
        this.log?.warn(
          { tenantId: owed.tenant.id, attempts: owed.attempts, err: err instanceof Error ? err.message : String(err) },
          'refund still owed: the datastore does not take it yet',
        );
      if (!this.#timers.has(owed)) this.#schedule(owed);
    }
  }
}

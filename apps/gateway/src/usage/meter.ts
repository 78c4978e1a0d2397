/**
 * Usage metering on the request path. Actions are reserved atomically before any work (so
 * replicas never let a tenant past its limit) and each reservation is settled after: its bill set
 * to what was performed, the rest given back — and set again a little later, since the datastore
 * may lose a write it acknowledged in a failover (settlement-outbox.ts).
 * The X-Usage-* headers go on every authenticated response, errors included.
 */
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { PagemapError, USAGE_HEADERS } from '@pagemap/contracts';
import type { AccountStore, Period, Tenant } from '@pagemap/accounts';
import type { GatewayMetrics } from '../metrics';
import { SettlementOutbox } from './settlement-outbox';

export interface Reserved {
  tenant: Tenant;
  period: Period;
  /** The action limit the reservation was admitted under. */
  limit: number;
  /** Actions reserved: 1 for a page opened plus one per tool asked for. */
  pages: number;
  tools: number;
  /** The reservation's ledger entry: refunds naming it are idempotent (safe to retry). */
  ledgerId: string;
}

export class UsageMeter {
  /** Settlements the datastore refused, tried again until they land, and every bill's confirmation. */
  readonly outbox: SettlementOutbox;

  constructor(
    private readonly accounts: AccountStore,
    private readonly metrics: GatewayMetrics,
    /** Test seam: the outbox (its confirmation delay). */
    outbox?: SettlementOutbox,
  ) {
    this.outbox = outbox ?? new SettlementOutbox(accounts);
  }

  /** Settlements still waiting for the datastore to take them (tests and shutdown). */
  get pendingRefunds(): number {
    return this.outbox.pending;
  }

  /** Sets the usage headers from the tenant's current count. */
  async writeHeaders(res: Response, tenant: Tenant): Promise<void> {
    const { plan, period } = this.accounts.standing(tenant);
    const used = await this.accounts.used(tenant, period);
    this.#set(res, used, plan.actionLimit, period);
  }

  /** Reserves the request's actions or refuses it with 429 USAGE_LIMIT_EXCEEDED before any work. */
  async reserve(res: Response, tenant: Tenant, pages: number, tools: number): Promise<Reserved> {
    const ledgerId = randomUUID();
    let r: Awaited<ReturnType<AccountStore['reserve']>>;
    try {
      r = await this.accounts.reserve(tenant, pages + tools, ledgerId);
    } catch (err) {
      // Unanswered is not undone: a stalled Redis may still run the reservation after its answer
      // was given up. The request answers "nothing billed", so the reservation is settled at 0 —
      // a no-op if it never happened, and a reservation that runs after it reserves nothing.
      this.outbox.owe(tenant, this.accounts.period(tenant), 0, ledgerId);
      throw err;
    }
    this.#set(res, r.used, r.limit, r.period);
    if (!r.admitted) {
      this.metrics.actionsRejected.inc(pages + tools);
      throw new PagemapError(
        'USAGE_LIMIT_EXCEEDED',
        `This request needs ${pages + tools} action(s) but only ${Math.max(0, r.limit - r.used)} of the plan's ${r.limit} remain until ${r.period.end.toISOString()}. Nothing was run or billed.`,
      );
    }
    return { tenant, period: r.period, limit: r.limit, pages, tools, ledgerId };
  }

  /**
   * Settles a reservation: bills what was performed, gives back the rest. `performed` is null when
   * nothing is billable (blocked site, our failure).
   */
  async settle(
    res: Response,
    reserved: Reserved,
    performed: { pages: number; tools: number } | null,
    reason: string,
  ): Promise<void> {
    const billedPages = performed ? Math.min(performed.pages, reserved.pages) : 0;
    const billedTools = performed ? Math.min(performed.tools, reserved.tools) : 0;
    const billed = billedPages + billedTools;
    const refund = reserved.pages + reserved.tools - billed;
    if (billedPages) this.metrics.actionsBilled.inc({ kind: 'page' }, billedPages);
    if (billedTools) this.metrics.actionsBilled.inc({ kind: 'tool' }, billedTools);
    const { tenant, period, ledgerId } = reserved;
    // Nothing to give back: the headers the reservation set already count this request. The
    // reservation's answer may still have come from a master about to lose it: confirmed later.
    if (refund <= 0) return this.outbox.confirm(tenant, period, billed, ledgerId);
    this.metrics.actionsRefunded.inc({ reason }, refund);
    let used: number;
    try {
      used = await this.accounts.settle(tenant, period, billed, ledgerId);
    } catch {
      // Whatever the datastore said (its node failing over, `maxmemory`, a stall): the actions
      // were reserved but not performed, so the refund is owed — kept and retried, never dropped,
      // and the request's own answer does not change because of it.
      this.outbox.owe(tenant, period, billed, ledgerId);
      return;
    }
    this.outbox.confirm(tenant, period, billed, ledgerId);
    this.#set(res, used, reserved.limit, reserved.period);
  }

  #set(res: Response, used: number, limit: number, period: Period): void {
    if (res.headersSent) return;
    res.setHeader(USAGE_HEADERS.count, String(used));
    res.setHeader(USAGE_HEADERS.limit, String(limit));
    res.setHeader(USAGE_HEADERS.periodStart, period.start.toISOString());
  }
}

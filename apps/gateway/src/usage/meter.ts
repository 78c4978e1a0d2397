/**
 * Usage metering on the request path. Actions are reserved atomically before any work (so
 * replicas never let a tenant past its limit) and what was not performed is given back after.
 * The X-Usage-* headers go on every authenticated response, errors included.
 */
import type { Response } from 'express';
import { PagemapError, USAGE_HEADERS } from '@pagemap/contracts';
import type { AccountStore, Period, Tenant } from '@pagemap/accounts';
import { isDatastoreUnavailable } from '@pagemap/queue';
import type { GatewayMetrics } from '../metrics';

export interface Reserved {
  tenant: Tenant;
  period: Period;
  /** The action limit the reservation was admitted under. */
  limit: number;
  /** Actions reserved: 1 for a page opened plus one per tool asked for. */
  pages: number;
  tools: number;
}

/** How long a refund the datastore could not take is retried (a failover takes seconds). */
const REFUND_RETRY_FOR_MS = 120_000;
const REFUND_RETRY_EVERY_MS = 500;

export class UsageMeter {
  readonly #retrying = new Set<NodeJS.Timeout>();

  constructor(
    private readonly accounts: AccountStore,
    private readonly metrics: GatewayMetrics,
  ) {}

  /** Refunds still waiting for the datastore (tests and shutdown). */
  get pendingRefunds(): number {
    return this.#retrying.size;
  }

  /** Sets the usage headers from the tenant's current count. */
  async writeHeaders(res: Response, tenant: Tenant): Promise<void> {
    const { plan, period } = this.accounts.standing(tenant);
    const used = await this.accounts.used(tenant, period);
    this.#set(res, used, plan.actionLimit, period);
  }

  /** Reserves the request's actions or refuses it with 429 USAGE_LIMIT_EXCEEDED before any work. */
  async reserve(res: Response, tenant: Tenant, pages: number, tools: number): Promise<Reserved> {
    const r = await this.accounts.reserve(tenant, pages + tools);
    this.#set(res, r.used, r.limit, r.period);
    if (!r.admitted) {
      this.metrics.actionsRejected.inc(pages + tools);
      throw new PagemapError(
        'USAGE_LIMIT_EXCEEDED',
        `This request needs ${pages + tools} action(s) but only ${Math.max(0, r.limit - r.used)} of the plan's ${r.limit} remain until ${r.period.end.toISOString()}. Nothing was run or billed.`,
      );
    }
    return { tenant, period: r.period, limit: r.limit, pages, tools };
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
    const refund = reserved.pages + reserved.tools - billedPages - billedTools;
    if (billedPages) this.metrics.actionsBilled.inc({ kind: 'page' }, billedPages);
    if (billedTools) this.metrics.actionsBilled.inc({ kind: 'tool' }, billedTools);
    // Nothing to give back: the headers the reservation set already count this request.
    if (refund <= 0) return;
    this.metrics.actionsRefunded.inc({ reason }, refund);
    let used: number;
    try {
      used = await this.accounts.refund(reserved.tenant, reserved.period, refund);
    } catch (err) {
      if (!isDatastoreUnavailable(err)) throw err;
      // The usage counter's node is down (a failover): the actions were reserved but not
      // performed, so the refund is owed — retried until the slot is back, never dropped.
      this.#retryRefund(reserved, refund);
      return;
    }
    this.#set(res, used, reserved.limit, reserved.period);
  }

  #retryRefund(reserved: Reserved, n: number): void {
    const giveUpAt = Date.now() + REFUND_RETRY_FOR_MS;
    const attempt = () => {
      const t = setTimeout(() => {
        this.#retrying.delete(t);
        this.accounts.refund(reserved.tenant, reserved.period, n).catch(() => {
          if (Date.now() < giveUpAt) attempt();
        });
      }, REFUND_RETRY_EVERY_MS);
      t.unref(); // a gateway that is stopping does not wait two minutes for a dead node
      this.#retrying.add(t);
    };
    attempt();
  }

  #set(res: Response, used: number, limit: number, period: Period): void {
    if (res.headersSent) return;
    res.setHeader(USAGE_HEADERS.count, String(used));
    res.setHeader(USAGE_HEADERS.limit, String(limit));
    res.setHeader(USAGE_HEADERS.periodStart, period.start.toISOString());
  }
}

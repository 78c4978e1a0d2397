/**
 * The service's own listening ports, which the outbound guard refuses on any non-public address
 * even when the operator allows loopback or a private range (PAGEMAP_OUTBOUND_ALLOW=loopback is
 * how the service is tried locally, with sign-up open to anyone). A tenant's page must not reach
 * the gateway, a worker's /metrics or /health, the dashboard, the MCP server, an egress proxy or
 * Redis through its browser.
 *
 * Learnt from: this worker's own HTTP and egress-proxy ports (once listening); the Redis ports in
 * REDIS_URL; every live worker's heartbeat (its HTTP and proxy ports, refreshed each beat); and
 * PAGEMAP_OUTBOUND_DENY_PORTS for processes that publish nothing (gateways, dashboard, MCP), which
 * the launcher fills in.
 */
import type { WorkerFleet } from '@pagemap/queue';
import type { StackPortSet } from './outbound-guard';

export class StackPorts implements StackPortSet {
  readonly #fixed = new Set<number>();
  #fleet = new Set<number>();

  constructor(declared: number[], redisUrl: string) {
    for (const p of [...declared, ...redisPorts(redisUrl)]) this.#fixed.add(p);
  }

  has(port: number): boolean {
    return this.#fixed.has(port) || this.#fleet.has(port);
  }

  /** A port this worker listens on. */
  add(port: number): void {
    if (port > 0) this.#fixed.add(port);
  }

  /** Ports the live workers announced, as last read. */
  get fleetPorts(): number[] {
    return [...this.#fleet].sort((a, b) => a - b);
  }

  /**
   * Takes the ports every live worker announces in its heartbeat; true when the set changed. A
   * failed read keeps the last set (ports of a worker that died stay refused until the next read).
   */
  async refresh(fleet: Pick<WorkerFleet, 'live'>): Promise<boolean> {
    const beats = await fleet.live().catch(() => undefined);
    if (!beats) return false;
    const next = new Set(beats.flatMap((b) => parsePorts(b.ports ?? '')));
    const changed = next.size !== this.#fleet.size || [...next].some((p) => !this.#fleet.has(p));
    this.#fleet = next;
    return changed;
  }
}

/** Ports named in a Redis URL (a cluster's seed list may name several `host:port`). */
export function redisPorts(url: string): number[] {
  const ports = [...url.matchAll(/:(\d{1,5})(?=[/,?]|$)/g)].map((m) => Number(m[1]));
  return ports.length > 0 ? ports : [6379];
}

/** `9101,43211` → [9101, 43211]; anything that is not a port is skipped. */
export function parsePorts(text: string): number[] {
  return text
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((p) => Number.isInteger(p) && p > 0 && p < 65536);
}

/**
 * Which addresses a browser may reach. By default only public http(s) addresses: loopback,
 * private, link-local, CGNAT, multicast, unspecified and metadata addresses are refused, unless
 * an operator allows them (PAGEMAP_OUTBOUND_ALLOW: CIDRs, host names, or `loopback`).
 *
 * The guard judges addresses, never URL text: a host is resolved (every address it resolves
 * to must pass) by the same HostResolver the egress proxy connects with. The egress proxy
 * (egress-proxy.ts) applies `vet()` to every connection Chromium makes; `check()` is the early,
 * friendly answer for a top-level target before any browser work.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Resolves host names for the guard and the egress proxy. PAGEMAP_OUTBOUND_HOST_MAP entries
 * (`host=ip`) answer first — tests map look-alike host names to loopback with it, since
 * Chromium's --host-resolver-rules no longer apply once all traffic goes through the proxy.
 */
export class HostResolver {
  readonly #map = new Map<string, string>();

  constructor(hostMap: Record<string, string> = {}) {
    for (const [host, ip] of Object.entries(hostMap)) {
      if (!isIP(ip)) throw new Error(`host map entry ${host}=${ip}: not an IP address`);
      this.#map.set(normalizeHost(host), ip);
    }
  }

  /** The mapped address of a host, if the host map names it. */
  mapped(host: string): string | undefined {
    return this.#map.get(normalizeHost(host));
  }

  /** Every address of a host (an IP literal is its own address). Throws when it does not resolve. */
  async resolve(host: string): Promise<string[]> {
    const h = normalizeHost(host);
    if (isIP(h)) return [h];
    const m = this.#map.get(h);
    if (m) return [m];
    return (await lookup(h, { all: true, verbatim: true })).map((a) => a.address);
  }
}

/** The IPv4 address carried by an IPv4-mapped IPv6 address, dotted (`::ffff:127.0.0.1`) or hex (`::ffff:7f00:1`). */
function mappedV4(address: string): string | undefined {
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Lower case, without IPv6 brackets or a trailing dot. */
export function normalizeHost(host: string): string {
  return host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** Parses `host=ip,host2=ip2` entries (already split on commas). */
export function parseHostMap(entries: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries) {
    const i = e.indexOf('=');
    const host = i > 0 ? e.slice(0, i).trim() : '';
    const ip = i > 0 ? e.slice(i + 1).trim() : '';
    if (!host || !isIP(ip)) throw new Error(`"${e}" is not host=ip`);
    out[host] = ip;
  }
  return out;
}

export type VetVerdict =
  | { allowed: true; addresses: string[] }
  | { allowed: false; reason: string; unresolved?: boolean };

const NON_PUBLIC_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;
const NON_PUBLIC_V6 = [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const;

export type GuardVerdict = { allowed: true; address: string } | { allowed: false; reason: string };

/** The service's own listening ports (stack-ports.ts): never reachable on an allowed non-public address. */
export interface StackPortSet {
  has(port: number): boolean;
}

const NO_PORTS: StackPortSet = { has: () => false };

export class OutboundGuard {
  // One list per family: node's BlockList matches IPv4 addresses against IPv6 rules through
  // their IPv4-mapped form, so a single list holding ::ffff:0:0/96 would refuse every IPv4
  // address. Mapped IPv6 addresses are judged as the IPv4 address they carry instead.
  readonly #blocked = { ipv4: new BlockList(), ipv6: new BlockList() };
  readonly #allowed = { ipv4: new BlockList(), ipv6: new BlockList() };
  readonly #allowedHosts = new Set<string>();

  constructor(
    allow: string[],
    readonly resolver: HostResolver = new HostResolver(),
    private readonly stackPorts: StackPortSet = NO_PORTS,
  ) {
    for (const [net, bits] of NON_PUBLIC_V4) this.#blocked.ipv4.addSubnet(net, bits, 'ipv4');
    for (const [net, bits] of NON_PUBLIC_V6) this.#blocked.ipv6.addSubnet(net, bits, 'ipv6');
    for (const entry of allow) {
      if (entry === 'loopback') {
        this.#allowed.ipv4.addSubnet('127.0.0.0', 8, 'ipv4');
        this.#allowed.ipv6.addAddress('::1', 'ipv6');
        continue;
      }
      const [net, bits] = entry.split('/');
      const family = net ? isIP(net) : 0;
      if (net && family) {
        const type = family === 4 ? 'ipv4' : 'ipv6';
        this.#allowed[type].addSubnet(net, bits ? Number(bits) : family === 4 ? 32 : 128, type);
      } else {
        this.#allowedHosts.add(entry.toLowerCase());
      }
    }
  }

  /** Whether a literal IP address may be reached. */
  addressAllowed(address: string): boolean {
    const family = isIP(address);
    if (!family) return false;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
    const mapped = type === 'ipv6' ? mappedV4(address) : undefined;
    if (mapped) return this.addressAllowed(mapped);
    if (this.#allowed[type].check(address, type)) return true;
    return !this.#blocked[type].check(address, type);
  }

  /** Whether an address is non-public (whether or not the allow list lets it through). */
  #nonPublic(address: string): boolean {
    const family = isIP(address);
    if (!family) return true;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const mapped = type === 'ipv6' ? mappedV4(address) : undefined;
    if (mapped) return this.#nonPublic(mapped);
    return this.#blocked[type].check(address, type);
  }

  /**
   * Allowing `loopback` (or a private range) lets pages reach local test sites, not the service
   * itself: its own ports (gateway, workers' /metrics and /health, dashboard, MCP, egress proxy,
   * Redis) are refused on any non-public address, whatever the allow list says.
   */
  #stackPortRefusal(host: string, port: number | undefined, addresses: string[]): string | undefined {
    if (port === undefined || !this.stackPorts.has(port)) return undefined;
    if (!this.hostAllowed(host) && !addresses.some((a) => this.#nonPublic(a))) return undefined;
    return `port ${port} of ${host} is one of the service's own`;
  }

  /** Whether a host name is on the allow list by name. */
  hostAllowed(host: string): boolean {
    return this.#allowedHosts.has(normalizeHost(host));
  }

  /**
   * Resolves a host and judges every address it resolves to; on success, the addresses to
   * connect to (connect to these, never re-resolve: that is what makes rebinding harmless).
   */
  async vet(rawHost: string, port?: number): Promise<VetVerdict> {
    const host = normalizeHost(rawHost);
    let addresses: string[];
    try {
      addresses = await this.resolver.resolve(host);
    } catch {
      return { allowed: false, reason: `host ${host} does not resolve`, unresolved: true };
    }
    if (addresses.length === 0) return { allowed: false, reason: `host ${host} does not resolve`, unresolved: true };
    const own = this.#stackPortRefusal(host, port, addresses);
    if (own) return { allowed: false, reason: own };
    if (this.hostAllowed(host)) return { allowed: true, addresses };
    if (addresses.some((a) => !this.addressAllowed(a)))
      return { allowed: false, reason: `${host} resolves to a non-public address` };
    return { allowed: true, addresses };
  }

  /**
   * A synchronous verdict from the URL alone, for hooks that cannot wait (the tool runner's
   * checkUrl): refuses other schemes, non-public IP literals and host-map entries pointing at
   * non-public addresses. Host names are judged later, on connection, by the egress proxy.
   */
  quickCheck(rawUrl: string): { allowed: true } | { allowed: false; reason: string } {
    const url = parseTarget(rawUrl);
    if (!(url instanceof URL)) return url;
    const host = normalizeHost(url.hostname);
    const literal = isIP(host) ? host : this.resolver.mapped(host);
    const own = this.#stackPortRefusal(host, portOf(url), literal === undefined ? [] : [literal]);
    if (own) return { allowed: false, reason: own };
    if (this.hostAllowed(host)) return { allowed: true };
    if (literal !== undefined && !this.addressAllowed(literal))
      return { allowed: false, reason: `${host} is a non-public address` };
    return { allowed: true };
  }

  /** Resolves the URL's host and judges every address it resolves to. */
  async check(rawUrl: string): Promise<GuardVerdict> {
    const url = parseTarget(rawUrl);
    if (!(url instanceof URL)) return url;
    const verdict = await this.vet(url.hostname, portOf(url));
    return verdict.allowed
      ? { allowed: true, address: verdict.addresses[0]! }
      : { allowed: false, reason: verdict.reason };
  }
}

/** The port a URL connects to (its scheme's default when it names none). */
function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Parses a navigation target: only absolute http(s) URLs pass; anything else is a refusal. */
function parseTarget(rawUrl: string): URL | { allowed: false; reason: string } {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { allowed: false, reason: 'not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { allowed: false, reason: `scheme ${url.protocol} is not allowed` };
  return url;
}

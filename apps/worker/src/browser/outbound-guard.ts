/**
 * Which addresses a browser may reach. By default only public http(s) addresses: loopback,
 * private, link-local, CGNAT, multicast, unspecified and metadata addresses are refused, unless
 * an operator allows them (PAGEMAP_OUTBOUND_ALLOW: CIDRs, host names, or `loopback`).
 *
 * This checks the resolved address of a top-level target. Enforcement on every connection
 * (redirects, subresources, rebinding) is layered on top in the session's request handling.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const NON_PUBLIC_V4 = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16],
  ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const;
const NON_PUBLIC_V6 = [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32],
  ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const;

export type GuardVerdict = { allowed: true; address: string } | { allowed: false; reason: string };

export class OutboundGuard {
  readonly #blocked = new BlockList();
  readonly #allowed = new BlockList();
  readonly #allowedHosts = new Set<string>();

  constructor(allow: string[]) {
    for (const [net, bits] of NON_PUBLIC_V4) this.#blocked.addSubnet(net, bits, 'ipv4');
    for (const [net, bits] of NON_PUBLIC_V6) this.#blocked.addSubnet(net, bits, 'ipv6');
    for (const entry of allow) {
      if (entry === 'loopback') {
        this.#allowed.addSubnet('127.0.0.0', 8, 'ipv4');
        this.#allowed.addAddress('::1', 'ipv6');
        continue;
      }
      const [net, bits] = entry.split('/');
      const family = net ? isIP(net) : 0;
      if (net && family) {
        const type = family === 4 ? 'ipv4' : 'ipv6';
        this.#allowed.addSubnet(net, bits ? Number(bits) : family === 4 ? 32 : 128, type);
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
    const mapped = type === 'ipv6' ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
    if (mapped) return this.addressAllowed(mapped);
    if (this.#allowed.check(address, type)) return true;
    return !this.#blocked.check(address, type);
  }

  /** Resolves the URL's host and judges every address it resolves to. */
  async check(rawUrl: string): Promise<GuardVerdict> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return { allowed: false, reason: 'not a URL' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { allowed: false, reason: `scheme ${url.protocol} is not allowed` };
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (this.#allowedHosts.has(host)) return { allowed: true, address: host };
    let addresses: string[];
    if (isIP(host)) addresses = [host];
    else {
      try {
        addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
      } catch {
        return { allowed: false, reason: `host ${host} does not resolve` };
      }
    }
    const bad = addresses.find((a) => !this.addressAllowed(a));
    if (bad !== undefined || addresses.length === 0) return { allowed: false, reason: `${host} resolves to a non-public address` };
    return { allowed: true, address: addresses[0]! };
  }
}

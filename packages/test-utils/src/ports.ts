import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A free TCP port on loopback for a process a test starts later (a server told its port in
 * advance, so that other pieces can be given its URL first).
 *
 * The port is taken from outside the kernel's ephemeral range. A port the kernel chose (listen on
 * port 0) is free only until the kernel hands it out again: to the next process that listens on
 * port 0, or as the local port of any outgoing connection (Redis clients, Chromium, HTTP
 * clients). Between this call and the server's start a test typically starts a whole stack, and
 * on a quiet machine the dashboard then found its port taken (EADDRINUSE). Ports below the
 * ephemeral range are never handed out by the kernel by itself, so only another explicit choice
 * can collide: each candidate is checked by binding it, and none is handed out twice by one
 * process.
 */
export async function freePort(): Promise<number> {
  return (await freePortWithPeer(0)) ?? kernelChosenPort();
}

/**
 * A free port whose peer `offset` above is free too, both outside the ephemeral range: a Redis
 * Cluster node listens on its port and on port + 10000 (its cluster bus). Drawing the node's port
 * alone left the bus port in the ephemeral range, where an outgoing connection took it and the
 * node could not start (seen on a quiet machine: "waiting for cluster node on port 26086").
 */
export async function freePortPair(offset: number): Promise<number> {
  const port = await freePortWithPeer(offset);
  if (port === undefined) throw new Error(`no free port pair ${offset} apart outside the ephemeral range`);
  return port;
}

async function freePortWithPeer(offset: number): Promise<number | undefined> {
  const band = bandOutsideEphemeral();
  if (!band || band[1] - offset < band[0]) return undefined;
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = band[0] + Math.floor(Math.random() * (band[1] - offset - band[0] + 1));
    const peers = offset ? [port, port + offset] : [port];
    if (peers.some((p) => handedOut.has(p))) continue;
    // Reserved before the checks await, so concurrent calls in this process never pick it too.
    for (const p of peers) handedOut.add(p);
    if ((await canListen(port)) && (!offset || (await canListen(port + offset)))) return port;
    for (const p of peers) handedOut.delete(p);
  }
  return undefined;
}

const handedOut = new Set<number>();

/** The kernel's ephemeral range (Linux), or the usual default where it cannot be read. */
export function ephemeralRange(): [number, number] {
  try {
    const [lo, hi] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (lo && hi && lo <= hi) return [lo, hi];
  } catch {
    // not Linux, or /proc is not mounted
  }
  return [32768, 60999];
}

/** Ports at least 1000 wide below (preferred) or above the ephemeral range, past the well-known ones. */
function bandOutsideEphemeral(): [number, number] | undefined {
  const [lo, hi] = ephemeralRange();
  const below: [number, number] = [Math.max(10_000, 1024), lo - 1];
  if (below[1] - below[0] >= 1000) return below;
  const above: [number, number] = [hi + 1, 65_535];
  if (above[1] - above[0] >= 1000) return above;
  return undefined;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

function kernelChosenPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

// The poll helpers live in @pagemap/runtime (the launcher uses them too); tests import them from here.
export { sleep, waitFor } from '@pagemap/runtime';

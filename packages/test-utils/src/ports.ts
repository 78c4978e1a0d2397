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
  const band = bandOutsideEphemeral();
  if (band) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const port = band[0] + Math.floor(Math.random() * (band[1] - band[0] + 1));
      if (handedOut.has(port)) continue;
      if (await canListen(port)) {
        handedOut.add(port);
        return port;
      }
    }
  }
  return kernelChosenPort();
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

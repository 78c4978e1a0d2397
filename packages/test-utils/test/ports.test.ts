/**
 * freePort hands out ports the kernel never hands out by itself (outside its ephemeral range), each
 * free when handed out (it can be listened on) and none twice in one process.
 */
import { createServer, type Server } from 'node:net';
import { ephemeralRange, freePort, freePortPair } from '../src/ports';

test('ports come from outside the ephemeral range, free, and never twice', async () => {
  const [lo, hi] = ephemeralRange();
  const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
  expect(new Set(ports).size).toBe(ports.length);
  for (const port of ports) {
    expect(port < lo || port > hi).toBe(true);
    expect(port).toBeGreaterThanOrEqual(1024);
  }
  // Each can be listened on now.
  const servers: Server[] = [];
  try {
    for (const port of ports.slice(0, 5)) {
      const srv = createServer();
      await new Promise<void>((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(port, '127.0.0.1', () => resolve());
      });
      servers.push(srv);
    }
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
});

test('a port pair (a cluster node and its bus, 10000 above) has both ports outside the ephemeral range and free', async () => {
  const [lo, hi] = ephemeralRange();
  const ports = await Promise.all(Array.from({ length: 12 }, () => freePortPair(10_000)));
  const all = ports.flatMap((p) => [p, p + 10_000]);
  expect(new Set(all).size).toBe(all.length);
  for (const port of all) expect(port < lo || port > hi).toBe(true);
  // And freePort never hands out a port a pair holds.
  const singles = await Promise.all(Array.from({ length: 50 }, () => freePort()));
  for (const port of singles) expect(all).not.toContain(port);
});

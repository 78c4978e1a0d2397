/**
 * The test Redis is a real redis-server: each handle gets its own prefix, `persist` keeps data
 * across a restart (the default does not), and stop() leaves no process behind.
 */
import { Redis } from 'ioredis';
import { alive, processTree, startRedis } from '../src';

test('two handles get different prefixes; a persistent one keeps data across restart, a plain one does not', async () => {
  const plain = await startRedis();
  const kept = await startRedis({ persist: true });
  try {
    expect(plain.prefix).not.toBe(kept.prefix);
    expect(plain.port).not.toBe(kept.port);
    for (const r of [plain, kept]) await r.client.set(`${r.prefix}:k`, 'v');
    await plain.restart(50);
    await kept.restart(50);
    const fresh = new Redis(plain.url, { maxRetriesPerRequest: 3 });
    const persisted = new Redis(kept.url, { maxRetriesPerRequest: 3 });
    try {
      expect(await fresh.get(`${plain.prefix}:k`)).toBeNull();
      expect(await persisted.get(`${kept.prefix}:k`)).toBe('v');
    } finally {
      fresh.disconnect();
      persisted.disconnect();
    }
  } finally {
    await plain.stop();
    await kept.stop();
  }
});

test('stop() ends the server process and is idempotent', async () => {
  const r = await startRedis();
  const before = processTree(process.pid).length;
  await r.stop();
  await r.stop();
  expect(processTree(process.pid).length).toBeLessThan(before);
  const probe = new Redis(r.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  await expect(probe.connect()).rejects.toThrow();
  probe.disconnect();
  expect(alive(process.pid)).toBe(true);
});

import { randomBytes } from 'node:crypto';
import { generatePayloadKey, keySpace, Sealer } from '../src';

test('sealed tool params round-trip, and the sealed text shows nothing of them', () => {
  const sealer = new Sealer(generatePayloadKey());
  const calls = [{ tool: 'login', params: { username: 'alice', password: 'correct-horse-battery-staple' } }];
  const sealed = sealer.seal(calls);
  expect(sealed).not.toContain('correct-horse');
  expect(sealed).not.toContain(Buffer.from('correct-horse').toString('base64'));
  expect(sealer.unseal(sealed)).toEqual(calls);
  expect(sealer.seal(calls)).not.toBe(sealed); // fresh IV each time
});

test('a tampered payload or another key cannot unseal', () => {
  const key = randomBytes(32);
  const sealed = new Sealer(key).seal({ secret: 'x' });
  const parts = sealed.split('.');
  const body = Buffer.from(parts[3]!, 'base64url');
  body[0] = body[0]! ^ 1;
  parts[3] = body.toString('base64url');
  expect(() => new Sealer(key).unseal(parts.join('.'))).toThrow();
  expect(() => new Sealer(randomBytes(32)).unseal(sealed)).toThrow();
  expect(() => new Sealer(randomBytes(16))).toThrow(/32 bytes/);
  expect(new Sealer(key.toString('hex')).unseal(sealed)).toEqual({ secret: 'x' });
});

test('every key carries the prefix and queue names are hash-tagged for Redis Cluster', () => {
  const k = keySpace('t1');
  for (const key of [
    k.session('s'),
    k.worker('w'),
    k.tenant('t'),
    k.apiKey('h'),
    k.usage('t', '2026-01-01'),
    k.pageMapCache('c'),
    k.workers,
    k.tenants,
  ])
    expect(key.startsWith('t1:')).toBe(true);
  expect(k.openQueue).toMatch(/^\{.+\}$/);
  expect(k.workerQueue('w-1')).toMatch(/^\{.+\}$/);
  expect(k.workerQueue('a')).not.toBe(k.workerQueue('b'));
  expect(() => keySpace('bad prefix')).toThrow();
});

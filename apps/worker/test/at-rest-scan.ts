/**
 * Everything Redis holds at rest, as text to search for secrets: every key and every value of
 * every type (live), and the files it persists to (the append-only file and a fresh RDB
 * snapshot). Used by the security tests that prove nothing a page showed is kept.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RedisClient } from '@pagemap/queue';

/** Every key and value, whatever its type (SCAN + TYPE + the type's read command). */
export async function dumpRedis(r: RedisClient): Promise<string[]> {
  const out: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await r.scan(cursor, 'COUNT', 500);
    cursor = next;
    for (const k of keys) {
      out.push(k);
      const type = await r.type(k);
      switch (type) {
        case 'string':
          out.push((await r.get(k)) ?? '');
          break;
        case 'hash':
          out.push(JSON.stringify(await r.hgetall(k)));
          break;
        case 'list':
          out.push(JSON.stringify(await r.lrange(k, 0, -1)));
          break;
        case 'set':
          out.push(JSON.stringify(await r.smembers(k)));
          break;
        case 'zset':
          out.push(JSON.stringify(await r.zrange(k, 0, -1, 'WITHSCORES')));
          break;
        case 'stream':
          out.push(JSON.stringify(await r.xrange(k, '-', '+')));
          break;
        default:
          out.push(`<${type}>`);
      }
    }
  } while (cursor !== '0');
  return out;
}

/**
 * The persistence files of a standalone Redis: its append-only file(s) as they are, and an RDB
 * snapshot taken now without compression (so that a compressed string cannot hide a secret).
 */
export async function persistedFiles(r: RedisClient): Promise<{ aof: string; rdb: string }> {
  const [, dir] = (await r.config('GET', 'dir')) as [string, string];
  await r.config('SET', 'rdbcompression', 'no');
  await r.save();
  const files = (path: string): string[] =>
    statSync(path).isDirectory() ? readdirSync(path).flatMap((f) => files(join(path, f))) : [path];
  const all = files(dir);
  const read = (fs: string[]) => fs.map((f) => readFileSync(f).toString('latin1')).join('\n');
  return { aof: read(all.filter((f) => /\.aof$/.test(f))), rdb: read(all.filter((f) => /\.rdb$/.test(f))) };
}

/** A secret and the encodings it could hide in. */
export function spellings(secret: string): string[] {
  return [
    secret,
    Buffer.from(secret).toString('base64'),
    Buffer.from(secret).toString('base64url'),
    Buffer.from(secret).toString('hex'),
    encodeURIComponent(secret),
  ];
}

/**
 * The shared page-map cache: summaries of pages seen without any authenticated state, keyed by
 * the final URL and a hash of the page's structure, with a TTL. Sessions that logged in or hold
 * cookies set through tools never read or write it (the caller decides; see BrowseHandler).
 */
import { createHash } from 'node:crypto';
import type { KeySpace, RedisClient } from '@pagemap/queue';
import type { PageMap } from '@pagemap/page-map';

export interface CachedPageMap {
  summary: string;
}

export class PageMapCache {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly ttlS: number,
  ) {}

  #key(map: PageMap): string {
    return this.keys.pageMapCache(createHash('sha256').update(`${map.url}\n${map.structureHash}`).digest('base64url'));
  }

  async get(map: PageMap): Promise<CachedPageMap | null> {
    if (this.ttlS <= 0) return null;
    try {
      const raw = await this.redis.get(this.#key(map));
      return raw ? (JSON.parse(raw) as CachedPageMap) : null;
    } catch {
      return null; // the cache is an optimisation: a Redis hiccup must not fail a browse
    }
  }

  async put(map: PageMap, value: CachedPageMap): Promise<void> {
    if (this.ttlS <= 0) return;
    await this.redis.set(this.#key(map), JSON.stringify(value), 'EX', this.ttlS).catch(() => undefined);
  }
}

/**
 * The shared page-map cache: summaries of pages, shared between tenants, with a TTL.
 *
 * What may be shared is decided from first principles (docs/security.md, "Shared page-map cache"):
 * - Only what a stranger would see: the first page map of a fresh open, in a new incognito
 *   context, with no tool run in the session (in that request or any earlier one). The caller
 *   decides that (see `shareable`); a session that has acted bypasses the cache both ways.
 * - Only for URLs without a query or fragment: that is where per-user secrets travel (tokens,
 *   magic links, tracking numbers, OAuth codes), and where the page is most likely to show them.
 * - Keyed by everything the summary is made from (final URL, title, the page's whole text) and
 *   the structure hash: a hit can only return the summary of byte-identical input, which the
 *   reader's own page already shows. Nobody can plant a summary for a page others see differently,
 *   and a page whose text changed is never answered with its old summary.
 */
import { createHash } from 'node:crypto';
import type { KeySpace, RedisClient } from '@pagemap/queue';
import type { PageMap } from '@pagemap/page-map';
import type { Session } from '../sessions/session';

export interface CachedPageMap {
  summary: string;
}

/**
 * Whether this answer may be read from or written to the shared cache: a fresh open that ran no
 * tool, in a session that never acted, of a URL without a query or fragment (requested and final).
 */
export function shareable(
  session: Pick<Session, 'acted' | 'authenticated'>,
  requestedUrl: string | undefined,
  toolsRequested: number,
  finalUrl: string,
): boolean {
  if (requestedUrl === undefined || toolsRequested > 0) return false;
  if (session.acted || session.authenticated) return false;
  return plainUrl(requestedUrl) && plainUrl(finalUrl);
}

function plainUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.search === '' && url.hash === '' && !raw.includes('#') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export class PageMapCache {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly ttlS: number,
  ) {}

  #key(map: PageMap): string {
    const input = JSON.stringify([map.url, map.title, map.text, map.structureHash]);
    return this.keys.pageMapCache(createHash('sha256').update(input).digest('base64url'));
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

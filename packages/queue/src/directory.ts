/**
 * The session directory: which worker owns which session, each tenant's open-session slots, and
 * the clean-up after a dead worker. The one owner of these keys — workers record, touch and
 * remove their sessions here, gateways ask who owns a session and take slots for new ones, the
 * reaper clears a dead worker's entries, the admin CLI counts open sessions.
 *
 * Layout (key names in names.ts):
 * - `session(id)`: hash {tenant, worker, created_at, last_seen_at, expires_at}, gone by itself
 *   shortly after expiry even if its worker dies;
 * - `tenantSessions(tenant)`: sorted set of session ids scored by expiry (ms) — the slots; a new
 *   session holds one until its worker records the real expiry;
 * - `workerSessions(worker)`: hash sessionId → tenantId, so a dead worker's entries can be found
 *   without scanning the keyspace;
 * - `goneSession(tenant, id)`: set when the tenant is answered that a session is gone, for a while.
 *   Gone stays gone: a session Redis lost the entry of during a failover may have its entry
 *   written back by its worker's next touch, and must not come back to a client told it is gone.
 *
 * On a Redis Cluster these three live in different slots (the entry alone, the slots under the
 * tenant's tag, the index under the worker's), so no command here spans two of them: each change
 * is a few single-slot steps, ordered so that one left half-done is harmless — the worker index
 * is written first and cleared last (the reaper can always find the session), and the entry and
 * the slot both expire on their own.
 */
import { z } from 'zod';
import { PagemapError, SessionId } from '@pagemap/contracts';
import type { KeySpace } from './names';
import type { RedisClient } from './redis';
import { WorkerFleet } from './fleet';

export const SessionEntry = z.object({
  tenant: z.string(),
  worker: z.string(),
  created_at: z.coerce.number(),
  last_seen_at: z.coerce.number(),
  expires_at: z.coerce.number(),
});
export type SessionEntry = z.infer<typeof SessionEntry>;

export interface SessionSlot {
  admitted: boolean;
  open: number;
  limit: number;
  /** Seconds until the earliest open session expires (when refused). */
  retryAfterS: number;
}

/**
 * Per-tenant cap on open sessions. KEYS[1] is the tenant's sorted set of session ids scored by
 * expiry (ms) — the workers keep it current. A new session is admitted only when fewer than `max`
 * members are still unexpired, and is then added at once with a provisional score (`hold` ms from
 * now) so concurrent opens on other replicas count it; the worker overwrites the score with the
 * real expiry when the session opens, the gateway removes it when the open fails.
 * ARGV: session id, max, hold ms.
 * Returns {admitted 0|1, open count (before adding), ms until the earliest member expires}.
 */
const SESSION_SLOT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local open = redis.call('ZCARD', KEYS[1])
if open >= tonumber(ARGV[2]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local wait = 0
  if first[2] then wait = math.max(0, tonumber(first[2]) - now) end
  return {0, open, wait}
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
return {1, open, 0}
`;

/**
 * Deletes a session entry only if it still names the given worker (or is already gone).
 * KEYS[1] the entry. ARGV: worker id. One key: any slot.
 */
const DELETE_IF_OWNED_SCRIPT = `
local owner = redis.call('HGET', KEYS[1], 'worker')
if owner == false or owner == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** How long a session answered as gone stays gone for its tenant: far past its worker's next sweep. */
const GONE_FOR_MS = 10 * 60_000;

/**
 * A lookup that finds no live entry reads again this long after. Just after a cluster failover a
 * read can reach the replaced master, which answers what queued on its socket from its old data
 * before it learns that it is a replica (a live session was once answered as gone that way); by
 * then it redirects, and the second read reaches the new master.
 */
const RECHECK_MISS_AFTER_MS = 250;

/** A lookup's answer: the owner, or why not (`foreign`: another tenant's id, never declared gone). */
type Route = { owner: string; refused?: undefined } | { owner?: undefined; refused: 'gone' | 'miss' | 'foreign' };

const sessionNotFound = () => new PagemapError('SESSION_NOT_FOUND', 'Session not found or expired.');

export class SessionDirectory {
  readonly #now: () => number;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly fleet: WorkerFleet = new WorkerFleet(redis, keys),
    now: () => number = Date.now,
  ) {
    this.#now = now;
  }

  /** A worker opened the session: from now on gateways route its follow-ups to `entry.worker`. */
  async record(sessionId: string, entry: SessionEntry): Promise<void> {
    await this.#write(sessionId, entry);
  }

  /**
   * The session saw a request: its new expiry. The whole entry is written again, so an entry
   * that left Redis (a flush, a failover) while its worker still holds the session comes back
   * complete. False when the tenant was meanwhile answered that the session is gone: its worker
   * must close it rather than bring it back.
   */
  async touch(sessionId: string, entry: SessionEntry): Promise<boolean> {
    const [gone] = await Promise.all([this.#isGone(entry.tenant, sessionId), this.#write(sessionId, entry)]);
    return !gone;
  }

  /**
   * Where the session stands for its worker: `listed` (gateways route to it), `unlisted` (its
   * entry is missing: a write Redis dropped, or one still on its way) or `gone` (its tenant was
   * answered SESSION_NOT_FOUND for it).
   */
  async standing(tenantId: string, sessionId: string): Promise<'listed' | 'unlisted' | 'gone'> {
    const [listed, gone] = await Promise.all([
      this.redis.exists(this.keys.session(sessionId)),
      this.#isGone(tenantId, sessionId),
    ]);
    return gone ? 'gone' : listed === 1 ? 'listed' : 'unlisted';
  }

  /**
   * The tenant is being answered that the session is gone: from now on it is, wherever it still
   * lives (its worker's next touch or sweep closes it), even if its entry comes back.
   */
  async declareGone(tenantId: string, sessionId: string): Promise<void> {
    await this.redis.set(this.keys.goneSession(tenantId, sessionId), '1', 'PX', GONE_FOR_MS);
  }

  /** The session closed: from this moment gateways answer SESSION_NOT_FOUND; its slot is free. */
  async remove(sessionId: string, tenantId: string, workerId: string): Promise<void> {
    await Promise.all([
      this.redis.del(this.keys.session(sessionId)),
      this.redis.zrem(this.keys.tenantSessions(tenantId), sessionId),
    ]);
    await this.redis.hdel(this.keys.workerSessions(workerId), sessionId);
  }

  /**
   * The worker that owns the tenant's session, or SESSION_NOT_FOUND. Malformed, unknown, other
   * tenant's, expired and dead-owner sessions all answer the same, after the same recheck: no
   * oracle for other tenants' ids. A refusal for the tenant's own id is final (declareGone).
   */
  async ownerOf(tenantId: string, sessionId: string): Promise<string> {
    if (!SessionId.safeParse(sessionId).success) throw sessionNotFound();
    let route = await this.#route(tenantId, sessionId);
    if (route.refused && route.refused !== 'gone') {
      await new Promise((r) => setTimeout(r, RECHECK_MISS_AFTER_MS));
      route = await this.#route(tenantId, sessionId);
    }
    if (route.owner) return route.owner;
    if (route.refused === 'miss') await this.declareGone(tenantId, sessionId);
    throw sessionNotFound();
  }

  /** The live owner by one read and with no side effect (a gateway's own bookkeeping), or undefined. */
  async currentOwner(tenantId: string, sessionId: string): Promise<string | undefined> {
    return SessionId.safeParse(sessionId).success ? (await this.#route(tenantId, sessionId)).owner : undefined;
  }

  async #route(tenantId: string, sessionId: string): Promise<Route> {
    const [entry, gone] = await Promise.all([this.#read(sessionId), this.#isGone(tenantId, sessionId)]);
    if (gone) return { refused: 'gone' };
    if (entry && entry.tenant !== tenantId) return { refused: 'foreign' };
    if (!entry || entry.expires_at <= this.#now() || !(await this.fleet.isAlive(entry.worker))) {
      return { refused: 'miss' };
    }
    return { owner: entry.worker };
  }

  async #isGone(tenantId: string, sessionId: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.goneSession(tenantId, sessionId))) === 1;
  }

  /**
   * Takes one of the tenant's `limit` open-session slots for a new session, held for `holdMs`
   * (atomic across gateway replicas). Before refusing, slots of sessions whose worker is dead are
   * given back (their entry outlives the worker until the session's own expiry), so a crashed
   * worker does not lock a tenant out.
   */
  async takeSlot(tenantId: string, sessionId: string, limit: number, holdMs: number): Promise<SessionSlot> {
    const slot = await this.#reserve(tenantId, sessionId, limit, holdMs);
    if (slot.admitted) return slot;
    let freed = 0;
    for (const { sessionId: id } of await this.openSessions(tenantId)) {
      const entry = await this.#read(id);
      // No entry: a slot held for an open in progress (or already closed) — leave it.
      if (entry && !(await this.fleet.isAlive(entry.worker))) {
        await this.releaseSlot(tenantId, id);
        freed += 1;
      }
    }
    return freed > 0 ? this.#reserve(tenantId, sessionId, limit, holdMs) : slot;
  }

  /** Gives a slot back when the session did not open. */
  async releaseSlot(tenantId: string, sessionId: string): Promise<void> {
    await this.redis.zrem(this.keys.tenantSessions(tenantId), sessionId);
  }

  /** Session ids the tenant holds open (score > now), with their expiry in ms. */
  async openSessions(tenantId: string): Promise<Array<{ sessionId: string; expiresAt: number }>> {
    const raw = await this.redis.zrangebyscore(this.keys.tenantSessions(tenantId), this.#now(), '+inf', 'WITHSCORES');
    const out: Array<{ sessionId: string; expiresAt: number }> = [];
    for (let i = 0; i + 1 < raw.length; i += 2) out.push({ sessionId: raw[i]!, expiresAt: Number(raw[i + 1]) });
    return out;
  }

  /**
   * Removes a dead worker's sessions from the directory and the tenants' slots; returns how many.
   * The caller makes sure the worker is dead (and that only one process reaps it).
   */
  async reapWorker(workerId: string): Promise<number> {
    const owned = await this.redis.hgetall(this.keys.workerSessions(workerId));
    let removed = 0;
    for (const [sessionId, tenantId] of Object.entries(owned)) {
      // Only entries that still name the dead worker (ids are random, but be exact).
      await this.redis.eval(DELETE_IF_OWNED_SCRIPT, 1, this.keys.session(sessionId), workerId);
      await this.redis.zrem(this.keys.tenantSessions(tenantId), sessionId);
      removed += 1;
    }
    await this.redis.del(this.keys.workerSessions(workerId));
    return removed;
  }

  async #write(sessionId: string, e: SessionEntry): Promise<void> {
    // The worker index first: a session that exists anywhere can be found by the reaper.
    await this.redis.hset(this.keys.workerSessions(e.worker), sessionId, e.tenant);
    await Promise.all([
      // The entry disappears by itself at expiry even if its worker dies (one key, one slot).
      this.redis
        .multi()
        .hset(this.keys.session(sessionId), e)
        .pexpireat(this.keys.session(sessionId), e.expires_at + 1000)
        .exec(),
      this.redis.zadd(this.keys.tenantSessions(e.tenant), e.expires_at, sessionId),
    ]);
  }

  async #read(sessionId: string): Promise<SessionEntry | null> {
    const raw = await this.redis.hgetall(this.keys.session(sessionId));
    if (!raw || Object.keys(raw).length === 0) return null;
    const parsed = SessionEntry.safeParse(raw);
    return parsed.success ? parsed.data : null;
  }

  async #reserve(tenantId: string, sessionId: string, limit: number, holdMs: number): Promise<SessionSlot> {
    const [admitted, open, waitMs] = (await this.redis.eval(
      SESSION_SLOT_SCRIPT,
      1,
      this.keys.tenantSessions(tenantId),
      sessionId,
      limit,
      holdMs,
    )) as [number, number, number];
    return { admitted: admitted === 1, open, limit, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}

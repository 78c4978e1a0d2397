/**
 * Every BullMQ queue name and Redis key Pagemap uses, in one place. All keys start with a
 * configurable prefix (tests use a unique one per file).
 *
 * The slot rule (Redis Cluster; docs/architecture.md): keys that one operation touches together
 * share a hash tag, so they live in one slot —
 * - `{t.<tenant>}`: the tenant's record, key index and last uses, usage counters (period and
 *   day, reserved together by one script), rate bucket, session slots, verification;
 * - `{w.<worker>}`: a worker's heartbeat, its session index, the lock of its reaper;
 * - queue names `{open}` / `{worker.<id>}`: every BullMQ key of one queue (BullMQ requires it);
 * - everything else (session entries, API keys, the tenant and worker lists, the page-map cache)
 *   is only ever touched one key per command, so it may land anywhere.
 * An operation that needs keys of two tags is written as separate single-slot steps, in an
 * order that is safe when it stops half-way (see SessionDirectory, WorkerFleet, AccountStore).
 */
export interface KeySpace {
  readonly prefix: string;
  /** Prefix passed to BullMQ (`prefix` option of Queue/Worker/QueueEvents). */
  readonly bullPrefix: string;
  /** The shared queue of new-session jobs; any worker with free capacity takes them. */
  readonly openQueue: string;
  /** A worker's own queue: follow-ups and closes for the sessions it owns. */
  workerQueue(workerId: string): string;
  /** Hash: the session directory entry (tenant, worker, created_at, last_seen_at, expires_at). */
  session(sessionId: string): string;
  /** Sorted set of a tenant's open session ids, scored by expiry (ms). */
  tenantSessions(tenantId: string): string;
  /** String with a TTL: the tenant was answered that this session is gone (it must not live on). */
  goneSession(tenantId: string, sessionId: string): string;
  /** Hash with a TTL: a worker's heartbeat (capacity, load, browser). Gone = worker dead. */
  worker(workerId: string): string;
  /** Sorted set of worker ids scored by last heartbeat (ms): discovery for health and routing. */
  readonly workers: string;
  /**
   * Hash sessionId → tenantId of the sessions a worker owns. Lets a live worker clean up after a
   * dead one (directory entries, tenant session sets) without scanning the keyspace.
   */
  workerSessions(workerId: string): string;
  /** String with a short TTL: held by the live worker that is cleaning up after `workerId`. */
  reaperLock(workerId: string): string;
  /** Hash: a tenant's plan and flags. */
  tenant(tenantId: string): string;
  /** Set of all tenant ids (admin listing). */
  readonly tenants: string;
  /** String: tenant id of the API key whose SHA-256 is `keyHash`. */
  apiKey(keyHash: string): string;
  /** Hash: key hash → JSON metadata of the tenant's keys (for listing and revocation). */
  tenantKeys(tenantId: string): string;
  /** Counter: actions used by a tenant in the period starting at `periodStartIso`. */
  usage(tenantId: string, periodStartIso: string): string;
  /** Counter with a TTL: actions one request's reservation still holds (idempotent refunds). */
  reservation(tenantId: string, ledgerId: string): string;
  /** Counter with a short TTL: requests of a tenant in one rate-limit window. */
  rate(tenantId: string, window: number): string;
  /** String: a cached page map (anonymous pages only). */
  pageMapCache(cacheKey: string): string;
  /** Hash: key id → ISO time the key last authenticated a request. */
  keyLastUsed(tenantId: string): string;
  /** Counter: actions used by a tenant on one UTC day (YYYY-MM-DD), for the dashboard's chart. */
  usageDaily(tenantId: string, day: string): string;
  /** Hash: a dashboard account owner (email, tenant, password hash). */
  owner(ownerId: string): string;
  /** Hash: lower-cased email → owner id. */
  readonly ownersByEmail: string;
  /** Hash: a tenant's login-automation verification (card check, attestation). */
  tenantVerification(tenantId: string): string;
  /** Prefix of the dashboard's own keys (sessions, sign-in failure counters, rate limits). */
  readonly dashboard: string;
  /** String with a short TTL: one process's write probe (readiness and deep health). */
  probe(processId: string): string;
}

export function keySpace(prefix = 'pm'): KeySpace {
  if (!/^[A-Za-z0-9_.-]+$/.test(prefix)) throw new Error(`invalid key prefix ${JSON.stringify(prefix)}`);
  return {
    prefix,
    bullPrefix: `${prefix}:bull`,
    openQueue: '{open}',
    workerQueue: (workerId) => `{worker.${workerId}}`,
    session: (id) => `${prefix}:session:${id}`,
    tenantSessions: (t) => `${prefix}:{t.${t}}:sessions`,
    goneSession: (t, id) => `${prefix}:{t.${t}}:gone:${id}`,
    worker: (id) => `${prefix}:{w.${id}}:heartbeat`,
    workers: `${prefix}:workers`,
    workerSessions: (id) => `${prefix}:{w.${id}}:sessions`,
    reaperLock: (id) => `${prefix}:{w.${id}}:reaper-lock`,
    tenant: (t) => `${prefix}:{t.${t}}:tenant`,
    tenants: `${prefix}:tenants`,
    apiKey: (h) => `${prefix}:apikey:${h}`,
    tenantKeys: (t) => `${prefix}:{t.${t}}:keys`,
    usage: (t, start) => `${prefix}:{t.${t}}:usage:${start}`,
    rate: (t, w) => `${prefix}:{t.${t}}:rate:${w}`,
    reservation: (t, id) => `${prefix}:{t.${t}}:reservation:${id}`,
    pageMapCache: (k) => `${prefix}:pagemap:${k}`,
    keyLastUsed: (t) => `${prefix}:{t.${t}}:key-last-used`,
    usageDaily: (t, day) => `${prefix}:{t.${t}}:usage-daily:${day}`,
    owner: (id) => `${prefix}:owner:${id}`,
    ownersByEmail: `${prefix}:owners-by-email`,
    tenantVerification: (t) => `${prefix}:{t.${t}}:verification`,
    dashboard: `${prefix}:dash`,
    probe: (id) => `${prefix}:probe:${id}`,
  };
}

/**
 * The parts a worker process is made of, built in the order createWorker (worker.ts) wires them:
 * the browser behind its egress guard, the sessions (context pool and registry), the summarizer,
 * and the job handlers and queue consumers. Each builder takes what it needs and nothing it
 * would have to reach back for: what is only known later (the consumers, for the pool) comes as
 * a function.
 */
import { findChromium } from '@pagemap/chromium';
import { LoginAbuseStore, type LoginAbuseThresholds } from '@pagemap/accounts';
import {
  ClaudeSummarizer,
  loadLight,
  OfflineSummarizer,
  preparePage,
  warmPage,
  type Summarizer,
} from '@pagemap/page-map';
import type { createRedis, KeySpace, Sealer, SessionDirectory } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { WorkerEnv } from './env';
import type { WorkerMetrics } from './metrics';
import { BrowserHost } from './browser/browser-host';
import { HostResolver, OutboundGuard } from './browser/outbound-guard';
import { EgressProxy } from './browser/egress-proxy';
import { StackPorts } from './browser/stack-ports';
import { IdpPolicy } from './browser/idp-domains';
import { UnlistedSweep } from './sessions/unlisted-sweep';
import { SessionRegistry } from './sessions/registry';
import { ContextPool } from './sessions/context-pool';
import { BrowseHandler } from './jobs/browse';
import { BatchRunner } from './jobs/batch-runner';
import { LoginGuard } from './jobs/login-guard';
import { CloseHandler } from './jobs/close';
import { JobConsumers } from './jobs/consumers';
import { PageMapCache } from './jobs/page-map-cache';
import { PageSummaries } from './jobs/page-answer';
import { TargetPolicy } from './jobs/target-policy';

type RedisClient = ReturnType<typeof createRedis>;

/** What every builder may use: the worker's id, config, log, metrics and Redis. */
export interface WorkerBase {
  id: string;
  env: WorkerEnv;
  log: Logger;
  metrics: WorkerMetrics;
  keys: KeySpace;
  redis: RedisClient;
}

/**
 * The browser and its egress: every browser connection goes through the egress proxy, which
 * applies the outbound guard to the resolved address of each one. Its flags come last so operator
 * flags cannot replace them.
 */
export function browserParts({ env, log, metrics }: WorkerBase) {
  const stackPorts = new StackPorts(env.PAGEMAP_OUTBOUND_DENY_PORTS, env.REDIS_URL);
  const guard = new OutboundGuard(
    env.PAGEMAP_OUTBOUND_ALLOW,
    new HostResolver(env.PAGEMAP_OUTBOUND_HOST_MAP),
    stackPorts,
  );
  const egress = new EgressProxy(guard, log, () => metrics.blocks.inc({ kind: 'outbound' }));
  const chromiumArgs = env.PAGEMAP_CHROMIUM_ARGS.split(/\s+/).filter(Boolean);
  const host = new BrowserHost(
    findChromium(env.PAGEMAP_CHROMIUM_PATH),
    () => [...chromiumArgs, ...egress.chromiumArgs()],
    log,
    () => metrics.browserRestarts.inc(),
  );
  return { stackPorts, guard, egress, host };
}

/** The context pool and the session registry; `jobsRunning` says whether any job runs now. */
export function sessionParts(
  { id, env, log, metrics }: WorkerBase,
  host: BrowserHost,
  directory: SessionDirectory,
  jobsRunning: () => boolean,
) {
  // The pool never holds more than the worker's free capacity (sessions + pool ≤ capacity + pool size
  // would waste memory on a full worker). `registry` is assigned right below; the pool only asks later.
  const pool: ContextPool = new ContextPool(
    host,
    async (page) => {
      await preparePage(page);
      if (env.PAGEMAP_LOAD_LIGHT) await loadLight(page);
    },
    // It refills only while no job runs (the consumers say when the last one ends).
    {
      size: env.PAGEMAP_CONTEXT_POOL_SIZE,
      room: () => env.PAGEMAP_MAX_SESSIONS - registry.size,
      onChange: () => registry.updateContextGauge(),
      busy: jobsRunning,
      warm: warmPage,
    },
    log,
  );
  const registry: SessionRegistry = new SessionRegistry(host, pool, directory, log, metrics, {
    workerId: id,
    idleMs: env.PAGEMAP_SESSION_IDLE_S * 1000,
    maxAgeMs: env.PAGEMAP_SESSION_MAX_AGE_S * 1000,
  });
  // Sessions the directory lost are looked for every 5 s, and closed once unlisted for 10 s (at
  // once when their tenant was answered that they are gone).
  const unlisted = new UnlistedSweep(
    {
      sessions: () => registry.all(),
      standing: (s) => directory.standing(s.tenantId, s.id),
      close: (s, r) => registry.close(s, r),
      everyMs: 5_000,
      graceMs: 10_000,
    },
    log,
  );
  return { pool, registry, unlisted };
}

/** The model's summarizer when an Anthropic key is set (falling back to the offline one), else the offline one. */
export function summarizerOf(env: WorkerEnv): Summarizer {
  const offline = new OfflineSummarizer();
  return env.ANTHROPIC_API_KEY
    ? new ClaudeSummarizer({
        apiKey: env.ANTHROPIC_API_KEY,
        ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
        model: env.PAGEMAP_SUMMARY_MODEL,
        timeoutMs: env.PAGEMAP_SUMMARY_TIMEOUT_MS,
        maxTokens: env.PAGEMAP_SUMMARY_MAX_TOKENS,
        fallback: offline,
      })
    : offline;
}

/** The handler of open and resume jobs. */
export function browseHandler(
  { id, env, log, metrics, keys, redis }: WorkerBase,
  parts: { registry: SessionRegistry; guard: OutboundGuard; sealer: Sealer; summarizer: Summarizer },
): BrowseHandler {
  const { registry, guard, sealer, summarizer } = parts;
  return new BrowseHandler({
    workerId: id,
    registry,
    policy: new TargetPolicy(guard, new IdpPolicy(env.PAGEMAP_IDP_DOMAINS), metrics),
    sealer,
    batch: new BatchRunner({ toolMs: env.PAGEMAP_TOOL_TIMEOUT_MS, batchMs: env.PAGEMAP_BATCH_TIMEOUT_MS }, metrics),
    loginGuard: new LoginGuard(new LoginAbuseStore(redis, keys), loginAbuseThresholds(env), metrics, log),
    summaries: new PageSummaries(new PageMapCache(redis, keys, env.PAGEMAP_CACHE_TTL_S), summarizer, metrics),
    metrics,
    log,
    navigationMs: env.PAGEMAP_NAVIGATION_TIMEOUT_MS,
    renderWaitMs: env.PAGEMAP_RENDER_WAIT_MS,
    screenshots: { maxHeight: env.PAGEMAP_SCREENSHOT_MAX_HEIGHT, maxBytes: env.PAGEMAP_SCREENSHOT_MAX_BYTES },
  });
}

/** The queue consumers, with a handler for every job of the catalog. */
export function jobConsumers(
  { id, env, log, metrics, keys, redis }: WorkerBase,
  parts: { registry: SessionRegistry; pool: ContextPool; sealer: Sealer; browse: BrowseHandler },
): JobConsumers {
  const { registry, pool, sealer, browse } = parts;
  const closer = new CloseHandler(registry, id, log);
  return new JobConsumers(
    {
      workerId: id,
      keys,
      connection: redis,
      maxSessions: env.PAGEMAP_MAX_SESSIONS,
      openConcurrency: env.PAGEMAP_OPEN_CONCURRENCY,
      logJobs: env.PAGEMAP_LOG_JOBS,
      sealer,
      onIdle: () => pool.refill(),
    },
    // Keyed by the catalog's job names: leaving one out is a type error.
    {
      open: (job, ctx) => browse.open(job, ctx),
      resume: (job, ctx) => browse.resume(job, ctx),
      close: (job) => closer.close(job),
    },
    registry,
    metrics,
    log,
  );
}

function loginAbuseThresholds(env: WorkerEnv): LoginAbuseThresholds {
  return {
    usernames: env.PAGEMAP_LOGIN_ABUSE_USERNAMES,
    rejectedShare: env.PAGEMAP_LOGIN_ABUSE_REJECTED_SHARE,
    minAttempts: env.PAGEMAP_LOGIN_ABUSE_MIN_ATTEMPTS,
    blockHits: env.PAGEMAP_LOGIN_ABUSE_BLOCK_HITS,
    maxAttempts: env.PAGEMAP_LOGIN_ABUSE_MAX_ATTEMPTS,
  };
}

/**
 * Composition root of a worker process: wires config, logger, metrics, Redis, the browser, the
 * session registry and the queue consumers, and owns the order of start-up and shutdown.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Server } from 'node:http';
import { findChromium } from '@pagemap/chromium';
import { createRedis, keySpace, Sealer, SessionDirectory, WorkerFleet } from '@pagemap/queue';
import { createLogger, once, runShutdown, type Logger } from '@pagemap/runtime';
import { ClaudeSummarizer, loadLight, OfflineSummarizer, preparePage, type Summarizer } from '@pagemap/page-map';
import type { WorkerEnv } from './env';
import { createWorkerMetrics } from './metrics';
import { BrowserHost } from './browser/browser-host';
import { HostResolver, OutboundGuard } from './browser/outbound-guard';
import { EgressProxy } from './browser/egress-proxy';
import { StackPorts } from './browser/stack-ports';
import { IdpPolicy } from './browser/idp-domains';
import { SessionRegistry } from './sessions/registry';
import { ContextPool } from './sessions/context-pool';
import { Reaper } from './reaper';
import { MemoryReclaimer } from './memory-reclaim';
import { BrowseHandler } from './jobs/browse';
import { BatchRunner } from './jobs/batch-runner';
import { LoginGuard } from './jobs/login-guard';
import { LoginAbuseStore, type LoginAbuseThresholds } from '@pagemap/accounts';
import { CloseHandler } from './jobs/close';
import { JobConsumers } from './jobs/consumers';
import { PageMapCache } from './jobs/page-map-cache';
import { PageSummaries } from './jobs/page-answer';
import { TargetPolicy } from './jobs/target-policy';
import { Heartbeat } from './heartbeat';
import { portOf, startWorkerHttp } from './http';
import { workerProbes } from './probes';
import { workerShutdownSteps } from './shutdown';

export interface WorkerApp {
  id: string;
  log: Logger;
  start(): Promise<{ port: number }>;
  /** Graceful: stop taking sessions, finish running jobs, close contexts and browser, deregister. */
  close(): Promise<boolean>;
}

export function createWorker(
  env: WorkerEnv,
  log: Logger = createLogger({ name: 'worker', level: env.LOG_LEVEL }),
): WorkerApp {
  const id = env.PAGEMAP_WORKER_ID ?? `${hostname().replace(/[^A-Za-z0-9_.-]/g, '')}-${randomBytes(4).toString('hex')}`;
  log = log.child({ worker: id });
  const keys = keySpace(env.PAGEMAP_REDIS_PREFIX);
  const metrics = createWorkerMetrics();
  metrics.capacity.set(env.PAGEMAP_MAX_SESSIONS);
  const redis = createRedis({ url: env.REDIS_URL, mode: env.PAGEMAP_REDIS_MODE }, 'blocking');
  const fleet = new WorkerFleet(redis, keys);
  const directory = new SessionDirectory(redis, keys, fleet);
  // Every browser connection goes through the egress proxy, which applies the outbound guard to
  // the resolved address of each one. Its flags come last so operator flags cannot replace them.
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
  // The pool never holds more than the worker's free capacity (sessions + pool ≤ capacity + pool size
  // would waste memory on a full worker). `registry` is assigned right below; the pool only asks later.
  const pool: ContextPool = new ContextPool(
    host,
    async (page) => {
      await preparePage(page);
      if (env.PAGEMAP_LOAD_LIGHT) await loadLight(page);
    },
    // It refills only while no job runs (consumers, assigned below, say when the last one ends).
    {
      size: env.PAGEMAP_CONTEXT_POOL_SIZE,
      room: () => env.PAGEMAP_MAX_SESSIONS - registry.size,
      onChange: () => registry.updateContextGauge(),
      busy: () => consumers.running > 0,
    },
    log,
  );
  const registry: SessionRegistry = new SessionRegistry(host, pool, directory, log, metrics, {
    workerId: id,
    idleMs: env.PAGEMAP_SESSION_IDLE_S * 1000,
    maxAgeMs: env.PAGEMAP_SESSION_MAX_AGE_S * 1000,
  });
  const offline = new OfflineSummarizer();
  const summarizer: Summarizer = env.ANTHROPIC_API_KEY
    ? new ClaudeSummarizer({
        apiKey: env.ANTHROPIC_API_KEY,
        ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
        model: env.PAGEMAP_SUMMARY_MODEL,
        timeoutMs: env.PAGEMAP_SUMMARY_TIMEOUT_MS,
        maxTokens: env.PAGEMAP_SUMMARY_MAX_TOKENS,
        fallback: offline,
      })
    : offline;
  const sealer = new Sealer(env.PAGEMAP_PAYLOAD_KEY);
  const browse = new BrowseHandler({
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
  const closer = new CloseHandler(registry, id);
  const consumers: JobConsumers = new JobConsumers(
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
  const heartbeat = new Heartbeat(
    fleet,
    id,
    {
      capacity: env.PAGEMAP_MAX_SESSIONS,
      sessions: () => registry.size,
      browserAlive: () => host.alive,
      // A stopped queue consumer takes no new sessions until it is restarted.
      accepting: () => consumers.accepting && consumers.up,
      summarizer: () => summarizerStatus,
      ports: () => (server ? `${portOf(server)},${egress.port}` : String(egress.port)),
      afterBeat: async () => {
        if (await stackPorts.refresh(fleet)) log.info({ ports: stackPorts.fleetPorts }, 'fleet ports learnt');
      },
      onLapsed: async () => {
        const gone = registry.size;
        await registry.closeAll('declared_gone');
        metrics.sessionsDeclaredGone.inc(gone);
      },
    },
    env.PAGEMAP_HEARTBEAT_MS,
    env.PAGEMAP_HEARTBEAT_TTL_MS,
    log,
  );
  const reaper = new Reaper(redis, keys, fleet, directory, id, env.PAGEMAP_REAPER_MS, metrics, log);
  const reclaimer = new MemoryReclaimer(
    {
      idleMs: env.PAGEMAP_IDLE_RECLAIM_S * 1000,
      busy: () => consumers.load > 0,
      activity: () => registry.opened,
      onReclaim: () => metrics.memoryReclaims.inc(),
    },
    log,
  );
  let server: Server | undefined;
  // Checked in the background and carried in the heartbeat, so /health?deep=true on a gateway
  // can report the model without calling it on every probe.
  let summarizerStatus = 'ok';
  const checkSummarizer = () =>
    summarizer.check().then(
      (s) => (summarizerStatus = s),
      (err) => (summarizerStatus = String(err)),
    );
  const summarizerTimer = setInterval(checkSummarizer, 30_000);
  summarizerTimer.unref();

  const probes = workerProbes({
    workerId: id,
    fleet,
    redisReady: () => redis.status === 'ready',
    browserAlive: () => host.alive,
    consumersUp: () => consumers.up,
    accepting: () => consumers.accepting,
    sessions: () => registry.size,
    capacity: env.PAGEMAP_MAX_SESSIONS,
  });

  const close = once(async () => {
    log.info({ sessions: registry.size }, 'worker draining');
    const steps = workerShutdownSteps(
      {
        stopTimers: async () => {
          clearInterval(summarizerTimer);
          await Promise.all([reaper.stop(), reclaimer.stop()]);
        },
        stopTakingSessions: () => consumers.stopTakingSessions(),
        finishJobs: () => consumers.close(),
        abandonJobs: () => consumers.forceClose(),
        closeSessions: () => registry.closeAll('shutdown'),
        closePool: () => pool.close(),
        deregister: () => heartbeat.stop(),
        removeOwnQueue: () => consumers.removeOwnQueue(),
        closeBrowser: () => host.close(),
        closeEgress: () => egress.close(),
        closeHttp: () => new Promise<void>((r) => (server ? server.close(() => r()) : r())),
        quitRedis: () => redis.quit(),
        disconnectRedis: () => redis.disconnect(),
      },
      env.PAGEMAP_DRAIN_TIMEOUT_MS,
    );
    const clean = await runShutdown(steps, (step, err) =>
      log.error({ step, err: err instanceof Error ? err.message : String(err) }, 'shutdown step failed'),
    );
    log.info({ clean }, 'worker stopped');
    return clean;
  });

  return {
    id,
    log,
    async start() {
      // The port first: a taken one ends start-up before the browser or any queue is touched.
      server = await startWorkerHttp(env.PAGEMAP_WORKER_HOST, env.PAGEMAP_WORKER_PORT, metrics.registry, probes);
      stackPorts.add(portOf(server));
      stackPorts.add(await egress.start());
      await Promise.all([host.start(), checkSummarizer()]);
      pool.refill();
      consumers.start();
      await heartbeat.start();
      reaper.start();
      reclaimer.start();
      const port = portOf(server);
      log.info({ port, capacity: env.PAGEMAP_MAX_SESSIONS }, 'worker ready');
      return { port };
    },
    close,
  };
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

/**
 * Composition root of a worker process: wires config, logger, metrics, Redis, the browser, the
 * session registry and the queue consumers, and owns the order of start-up and shutdown. The
 * parts are built in worker-parts.ts.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Server } from 'node:http';
import { createRedis, keySpace, Sealer, SessionDirectory, WorkerFleet } from '@pagemap/queue';
import { createLogger, once, runShutdown, type Logger } from '@pagemap/runtime';
import type { Summarizer } from '@pagemap/page-map';
import type { WorkerEnv } from './env';
import { createWorkerMetrics } from './metrics';
import type { BrowserHost } from './browser/browser-host';
import type { EgressProxy } from './browser/egress-proxy';
import type { StackPorts } from './browser/stack-ports';
import type { SessionRegistry } from './sessions/registry';
import type { ContextPool } from './sessions/context-pool';
import { Reaper } from './reaper';
import type { UnlistedSweep } from './sessions/unlisted-sweep';
import { MemoryReclaimer } from './memory-reclaim';
import type { JobConsumers } from './jobs/consumers';
import { Heartbeat } from './heartbeat';
import { portOf, startWorkerHttp } from './http';
import { workerProbes } from './probes';
import { workerShutdownSteps } from './shutdown';
import { browseHandler, browserParts, jobConsumers, sessionParts, summarizerOf, type WorkerBase } from './worker-parts';

export interface WorkerApp {
  id: string;
  log: Logger;
  start(): Promise<{ port: number }>;
  /** Graceful: stop taking sessions, finish running jobs, close contexts and browser, deregister. */
  close(): Promise<boolean>;
}

/** What start-up sets and the heartbeat reads: the HTTP server, the summarizer's last check. */
interface WorkerState {
  server: Server | undefined;
  summarizerStatus: string;
}

/** Everything start-up and shutdown act on. */
interface WorkerParts {
  base: WorkerBase;
  state: WorkerState;
  stackPorts: StackPorts;
  egress: EgressProxy;
  host: BrowserHost;
  pool: ContextPool;
  registry: SessionRegistry;
  consumers: JobConsumers;
  heartbeat: Heartbeat;
  reaper: Reaper;
  unlisted: UnlistedSweep;
  reclaimer: MemoryReclaimer;
  probes: ReturnType<typeof workerProbes>;
  summarizerTimer: NodeJS.Timeout;
  checkSummarizer: () => Promise<unknown>;
}

export function createWorker(
  env: WorkerEnv,
  log: Logger = createLogger({ name: 'worker', level: env.LOG_LEVEL }),
): WorkerApp {
  const base = workerBase(env, log);
  const { id, keys, metrics, redis } = base;
  log = base.log;
  const fleet = new WorkerFleet(redis, keys);
  const directory = new SessionDirectory(redis, keys, fleet);
  const { stackPorts, guard, egress, host } = browserParts(base);
  const { pool, registry, unlisted } = sessionParts(base, host, directory, () => consumers.running > 0);
  const summarizer = summarizerOf(env);
  const sealer = new Sealer(env.PAGEMAP_PAYLOAD_KEY);
  const browse = browseHandler(base, { registry, guard, sealer, summarizer });
  const consumers = jobConsumers(base, { registry, pool, sealer, browse });
  const state: WorkerState = { server: undefined, summarizerStatus: 'ok' };
  const heartbeat = heartbeatOf(base, { fleet, registry, host, consumers, egress, stackPorts, state });
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
  const { summarizerTimer, checkSummarizer } = summarizerChecks(summarizer, state);
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

  const parts: WorkerParts = {
    base,
    state,
    stackPorts,
    egress,
    host,
    pool,
    registry,
    consumers,
    heartbeat,
    reaper,
    unlisted,
    reclaimer,
    probes,
    summarizerTimer,
    checkSummarizer,
  };
  return { id, log, start: () => startWorker(parts), close: once(() => closeWorker(parts)) };
}

/** The worker's id (PAGEMAP_WORKER_ID, or the host name and a random suffix), its log, metrics and Redis. */
function workerBase(env: WorkerEnv, parentLog: Logger): WorkerBase {
  const id = env.PAGEMAP_WORKER_ID ?? `${hostname().replace(/[^A-Za-z0-9_.-]/g, '')}-${randomBytes(4).toString('hex')}`;
  const log = parentLog.child({ worker: id });
  const keys = keySpace(env.PAGEMAP_REDIS_PREFIX);
  const metrics = createWorkerMetrics();
  metrics.capacity.set(env.PAGEMAP_MAX_SESSIONS);
  const redis = createRedis({ url: env.REDIS_URL, mode: env.PAGEMAP_REDIS_MODE }, 'blocking');
  return { id, env, log, metrics, keys, redis };
}

/**
 * Checked in the background and carried in the heartbeat, so /health?deep=true on a gateway
 * can report the model without calling it on every probe.
 */
function summarizerChecks(summarizer: Summarizer, state: WorkerState) {
  const checkSummarizer = () =>
    summarizer.check().then(
      (s) => (state.summarizerStatus = s),
      (err) => (state.summarizerStatus = String(err)),
    );
  const summarizerTimer = setInterval(checkSummarizer, 30_000);
  summarizerTimer.unref();
  return { summarizerTimer, checkSummarizer };
}

/** The worker's heartbeat: capacity, sessions, browser, whether it takes sessions, its ports. */
function heartbeatOf(
  { id, env, log, metrics }: WorkerBase,
  parts: {
    fleet: WorkerFleet;
    registry: SessionRegistry;
    host: BrowserHost;
    consumers: JobConsumers;
    egress: EgressProxy;
    stackPorts: StackPorts;
    state: WorkerState;
  },
): Heartbeat {
  const { fleet, registry, host, consumers, egress, stackPorts, state } = parts;
  return new Heartbeat(
    fleet,
    id,
    {
      capacity: env.PAGEMAP_MAX_SESSIONS,
      sessions: () => registry.size,
      browserAlive: () => host.alive,
      // A stopped queue consumer takes no new sessions until it is restarted.
      accepting: () => consumers.accepting && consumers.up,
      summarizer: () => state.summarizerStatus,
      ports: () => (state.server ? `${portOf(state.server)},${egress.port}` : String(egress.port)),
      afterBeat: async () => {
        if (await stackPorts.refresh(fleet)) log.info({ ports: stackPorts.fleetPorts }, 'fleet ports learnt');
      },
      onLapsed: async () => {
        // A session whose opening job has not answered yet was never handed out, so never
        // answered as gone: it lives on (if its gateway gave up meanwhile, that gateway closes it).
        metrics.sessionsDeclaredGone.inc(await registry.closeAll('declared_gone', (s) => !s.opening));
      },
    },
    env.PAGEMAP_HEARTBEAT_MS,
    env.PAGEMAP_HEARTBEAT_TTL_MS,
    log,
  );
}

async function startWorker(parts: WorkerParts): Promise<{ port: number }> {
  const { base, state, stackPorts, egress, host, pool, consumers, heartbeat, reaper, reclaimer, probes } = parts;
  const { env, log, metrics } = base;
  const checkSummarizer = parts.checkSummarizer;
  // The port first: a taken one ends start-up before the browser or any queue is touched.
  const server = await startWorkerHttp(env.PAGEMAP_WORKER_HOST, env.PAGEMAP_WORKER_PORT, metrics.registry, probes);
  state.server = server;
  stackPorts.add(portOf(server));
  stackPorts.add(await egress.start());
  await Promise.all([host.start(), checkSummarizer()]);
  pool.refill();
  consumers.start();
  await heartbeat.start();
  reaper.start();
  parts.unlisted.start();
  reclaimer.start();
  const port = portOf(server);
  log.info({ port, capacity: env.PAGEMAP_MAX_SESSIONS }, 'worker ready');
  return { port };
}

async function closeWorker(parts: WorkerParts): Promise<boolean> {
  const { base, state, egress, host, pool, registry, consumers, heartbeat, reaper, reclaimer, summarizerTimer } = parts;
  const { env, log, redis } = base;
  log.info({ sessions: registry.size }, 'worker draining');
  const steps = workerShutdownSteps(
    {
      stopTimers: async () => {
        clearInterval(summarizerTimer);
        parts.unlisted.stop();
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
      closeHttp: () => new Promise<void>((r) => (state.server ? state.server.close(() => r()) : r())),
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
}

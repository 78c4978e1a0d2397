/**
 * Composition root of a gateway process: wires config, logger, metrics, Redis, accounts, the
 * dispatcher and the HTTP app; owns start-up and graceful shutdown (stop accepting, drain
 * in-flight requests, close queues and Redis).
 */
import { createServer, type Server } from 'node:http';
import { AccountStore } from '@pagemap/accounts';
import { createRedis, keySpace, Sealer, SessionDirectory, WorkerFleet } from '@pagemap/queue';
import { createLogger, listen, once, runShutdown, withTimeout, type Logger } from '@pagemap/runtime';
import type { GatewayEnv } from './env';
import { createGatewayMetrics } from './metrics';
import { Authenticator } from './auth/authenticate';
import { Dispatcher } from './dispatch/dispatcher';
import { UsageMeter } from './usage/meter';
import { BrowseFlow } from './browse/flow';
import { createApp } from './app';
import type { GatewayServices } from './services';

export interface GatewayApp {
  log: Logger;
  services: GatewayServices;
  start(): Promise<{ port: number }>;
  close(): Promise<boolean>;
}

/** The most a shutdown step that talks to Redis may take. */
const REDIS_STEP_MS = 3_000;

export function createGateway(
  env: GatewayEnv,
  log: Logger = createLogger({ name: 'gateway', level: env.LOG_LEVEL }),
): GatewayApp {
  const { services, redis } = wireServices(env, log);
  const app = createApp(services);
  let server: Server | undefined;

  const close = once(() => drainAndClose({ env, log, redis, services, server: () => server }));

  return {
    log,
    services,
    start: async () => {
      await awaitRedisAtStart(redis, env, log);
      server = createServer(app);
      server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
      const port = await listen(server, env.HOST, env.PORT, 'PORT');
      log.info({ port }, 'gateway listening');
      return { port };
    },
    close,
  };
}

type RedisClient = ReturnType<typeof createRedis>;

/** Redis, the stores, the dispatcher, the meter and the browse flow of one gateway process. */
function wireServices(env: GatewayEnv, log: Logger): { services: GatewayServices; redis: RedisClient } {
  const keys = keySpace(env.PAGEMAP_REDIS_PREFIX);
  const redisTarget = { url: env.REDIS_URL, mode: env.PAGEMAP_REDIS_MODE };
  const redis = createRedis(redisTarget, 'command');
  redis.on('error', () => undefined); // reconnects by itself; requests meanwhile answer 503
  const metrics = createGatewayMetrics();
  const accounts = new AccountStore(redis, keys);
  const fleet = new WorkerFleet(redis, keys);
  const directory = new SessionDirectory(redis, keys, fleet);
  const sealer = new Sealer(env.PAGEMAP_PAYLOAD_KEY);
  const dispatcher = new Dispatcher(
    redis,
    {
      redis: redisTarget,
      keys,
      fleet,
      sealer,
      deadlineMs: env.PAGEMAP_REQUEST_TIMEOUT_MS,
      pickupMs: env.PAGEMAP_PICKUP_TIMEOUT_MS,
      ownerCheckMs: env.PAGEMAP_OWNER_CHECK_MS,
      onPickup: (s) => metrics.queueWaitSeconds.observe(s),
      findOwner: (tenantId, sessionId) => directory.currentOwner(tenantId, sessionId).catch(() => undefined),
    },
    log,
  );
  const meter = new UsageMeter(accounts, metrics);
  const services: GatewayServices = {
    env,
    log,
    directory,
    fleet,
    accounts,
    authenticator: new Authenticator(accounts, env.PAGEMAP_JWT_SECRET),
    dispatcher,
    meter,
    browse: new BrowseFlow({ env, accounts, directory, dispatcher, meter, sealer, metrics }),
    sealer,
    metrics,
    startedAt: Date.now(),
  };
  return { services, redis };
}

/**
 * Graceful shutdown: stop accepting and drain in-flight requests, then the steps that talk to
 * Redis, each bounded. Resolves with whether every step finished cleanly.
 */
async function drainAndClose(c: {
  env: GatewayEnv;
  log: Logger;
  redis: RedisClient;
  services: GatewayServices;
  server: () => Server | undefined;
}): Promise<boolean> {
  const { env, log, redis, services } = c;
  log.info('gateway draining');
  const clean = await runShutdown(
    [
      {
        name: 'drain http',
        run: () =>
          new Promise<void>((resolve) => {
            const server = c.server();
            if (!server) return resolve();
            // Stop accepting; idle keep-alive connections go now, in-flight requests finish.
            server.close(() => resolve());
            server.closeIdleConnections();
            setTimeout(() => {
              server.closeAllConnections();
              resolve();
            }, env.PAGEMAP_DRAIN_TIMEOUT_MS).unref();
          }),
      },
      // Each step that talks to Redis is bounded: a stopping gateway does not wait on a datastore
      // that is down or stalled (its refunds still owed are lost with it; docs/operations.md).
      { name: 'flush owed refunds', run: () => withTimeout(services.meter.outbox.flush(), REDIS_STEP_MS) },
      { name: 'close dispatcher', run: () => withTimeout(services.dispatcher.close(), REDIS_STEP_MS) },
      {
        name: 'close redis',
        // QUIT needs an open connection: one that never opened (or is reconnecting) is just dropped.
        run: async () => {
          if (redis.status !== 'ready') redis.disconnect();
          else if ((await withTimeout(redis.quit(), REDIS_STEP_MS)).timedOut) redis.disconnect();
        },
      },
    ],
    (step, err) => log.error({ step, err: err instanceof Error ? err.message : String(err) }, 'shutdown step failed'),
  );
  log.info({ clean }, 'gateway stopped');
  return clean;
}

/**
 * The command connection refuses commands until it is connected (no offline queue), so the
 * gateway listens only once it is ready — or after a bound, so /health can report a Redis that is
 * down at start-up instead of the process never coming up.
 */
async function awaitRedisAtStart(redis: RedisClient, env: GatewayEnv, log: Logger): Promise<void> {
  if (redis.status !== 'ready') {
    const ready = await new Promise<boolean>((resolve) => {
      const t = setTimeout(() => resolve(false), env.PAGEMAP_REDIS_STARTUP_WAIT_MS);
      redis.once('ready', () => {
        clearTimeout(t);
        resolve(true);
      });
    });
    if (!ready)
      log.warn(
        { waitedMs: env.PAGEMAP_REDIS_STARTUP_WAIT_MS },
        'Redis not reachable yet; listening anyway (requests answer 503 until it is)',
      );
  }
}

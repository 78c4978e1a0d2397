#!/usr/bin/env node
/**
 * `pnpm start`: the whole service on its embedded default — a Redis it starts itself (data under
 * .data/, unless REDIS_URL is set), one gateway and one worker on the system's Chromium with the
 * offline summarizer. Prints a development key and a ready-to-paste curl. A gateway or worker that
 * crashes is restarted (src/supervisor.ts), and so is the embedded Redis (src/redis.ts), on the same
 * port and data directory. Ctrl-C stops all of it.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AccountStore } from '@pagemap/accounts';
import { createRedis, keySpace } from '@pagemap/queue';
import { startFixtureServer, type FixtureServer } from '@pagemap/demo-site';
import { exitOnEnvError, waitFor } from '@pagemap/runtime';
import { loadStackEnv, type StackEnv } from './env';
import { loadOrCreateSecrets } from './secrets';
import { ensureDevKey } from './dev-tenant';
import { dashboardEnv, dashboardUrl, gatewayDashboardEnv, seedDevOwner, startStandin } from './dashboard';
import type { StripeStandin } from '@pagemap/stripe-standin';
import { Supervisor } from './supervisor';
import { REDIS_BACKOFF, redisSpec } from './redis';

const ROOT = resolve(__dirname, '..', '..', '..');
const say = (msg: string) => process.stdout.write(`\x1b[36m[pagemap]\x1b[0m ${msg}\n`);

/** The running stack's parts that stopping needs, and stopping itself (once, in order). */
interface StackRuntime {
  supervisor: Supervisor;
  /** Its own supervisor: Redis stops last, after the services that drain through it. */
  redisSupervisor: Supervisor;
  demo?: FixtureServer;
  standin?: StripeStandin;
  stop(code: number): Promise<void>;
}

function stackRuntime(env: StackEnv): StackRuntime {
  let stopping = false;
  const rt: StackRuntime = {
    supervisor: new Supervisor({ say, onGiveUp: () => void rt.stop(1) }),
    redisSupervisor: new Supervisor(
      {
        say,
        onGiveUp: () => {
          say(
            `redis-server keeps exiting; is port ${env.PAGEMAP_REDIS_PORT} taken? Set PAGEMAP_REDIS_PORT or REDIS_URL.`,
          );
          void rt.stop(1);
        },
      },
      REDIS_BACKOFF,
    ),
    async stop(code: number) {
      if (stopping) return;
      stopping = true;
      say('stopping…');
      // Gateways and workers first (they drain, and need Redis while they do), Redis last.
      await rt.supervisor.stop();
      await rt.redisSupervisor.stop(10_000);
      await rt.demo?.close();
      await rt.standin?.close();
      say('stopped');
      process.exit(code);
    },
  };
  return rt;
}

async function main(): Promise<void> {
  let env: StackEnv;
  try {
    env = loadStackEnv();
  } catch (err) {
    exitOnEnvError(err);
  }
  const rt = stackRuntime(env);
  process.on('SIGINT', () => void rt.stop(0));
  process.on('SIGTERM', () => void rt.stop(0));

  try {
    const dataDir = resolve(ROOT, env.PAGEMAP_DATA_DIR);
    const secrets = loadOrCreateSecrets(dataDir);
    const redisUrl = embeddedRedis(env, dataDir, rt.redisSupervisor);
    const { key, devOwner } = await seedDevAccounts(env, redisUrl);
    const base = await launchServices(env, rt, redisUrl, secrets);
    await waitUntilReady(env, base);
    const target = await startDemo(env, rt);
    welcome(env, { base, key, devOwner, target });
  } catch (err) {
    say(`could not start: ${err instanceof Error ? err.message : String(err)}`);
    await rt.stop(1);
  }
}

/** REDIS_URL when set; otherwise a redis-server this stack starts (data under the data directory). */
function embeddedRedis(env: StackEnv, dataDir: string, redisSupervisor: Supervisor): string {
  if (env.REDIS_URL) return env.REDIS_URL;
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  redisSupervisor.add(redisSpec(env.PAGEMAP_REDIS_PORT, dir));
  const redisUrl = `redis://127.0.0.1:${env.PAGEMAP_REDIS_PORT}`;
  say(`redis-server on ${redisUrl} (data in ${dir})`);
  return redisUrl;
}

/** The development tenant's key and the dashboard's development owner, created once. */
async function seedDevAccounts(env: StackEnv, redisUrl: string) {
  const redis = createRedis({ url: redisUrl, mode: env.REDIS_URL ? env.PAGEMAP_REDIS_MODE : 'standalone' }, 'command', {
    enableOfflineQueue: true,
    maxRetriesPerRequest: 3,
  });
  redis.on('error', () => undefined); // refused until redis-server is up; waitFor retries
  await waitFor(() => redis.ping().then((p) => p === 'PONG'), 10_000, 'Redis');
  const { key } = await ensureDevKey(new AccountStore(redis, keySpace('pm')), env.PAGEMAP_DEV_API_KEY);
  const devOwner = await seedDevOwner(redis, keySpace('pm'), env);
  await redis.quit();
  return { key, devOwner };
}

/** Starts the workers, the gateway, the payments stand-in (without Stripe keys) and the dashboard; returns the gateway's base URL. */
async function launchServices(
  env: StackEnv,
  rt: StackRuntime,
  redisUrl: string,
  secrets: ReturnType<typeof loadOrCreateSecrets>,
): Promise<string> {
  const common = {
    ...process.env,
    REDIS_URL: redisUrl,
    PAGEMAP_REDIS_MODE: env.REDIS_URL ? env.PAGEMAP_REDIS_MODE : 'standalone',
    PAGEMAP_REDIS_PREFIX: 'pm',
    PAGEMAP_PAYLOAD_KEY: secrets.payloadKey,
    PAGEMAP_JWT_SECRET: secrets.jwtSecret,
    LOG_LEVEL: env.LOG_LEVEL,
  };
  const launch = (name: string, main: string, extra: Record<string, string>) =>
    rt.supervisor.add({ name, command: process.execPath, args: [join(ROOT, main)], env: { ...common, ...extra } });
  // PAGEMAP_WORKER_BASE_PORT=0: each worker picks a free port for its /health and /metrics.
  const workerPort = (i: number) => String(env.PAGEMAP_WORKER_BASE_PORT === 0 ? 0 : env.PAGEMAP_WORKER_BASE_PORT + i);
  // The stack's own ports that no worker can learn by itself (workers announce theirs, Redis's is
  // in REDIS_URL): refused to the browsers even though the demo needs loopback (docs/security.md).
  // 8765: the MCP server's default HTTP port (it is started apart from the stack).
  const ownPorts = [env.PORT, env.PAGEMAP_DASHBOARD_PORT, 8765].join(',');
  for (let i = 0; i < env.PAGEMAP_WORKERS; i++)
    launch(`worker ${i + 1}`, 'apps/worker/dist/main.js', {
      PAGEMAP_WORKER_PORT: workerPort(i),
      PAGEMAP_WORKER_HOST: '127.0.0.1',
      PAGEMAP_OUTBOUND_DENY_PORTS: ownPorts,
    });
  launch('gateway', 'apps/gateway/dist/main.js', {
    PORT: String(env.PORT),
    HOST: env.HOST,
    ...gatewayDashboardEnv(env),
  });

  const base = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`;
  let payments: Record<string, string> = {};
  if (!env.STRIPE_SECRET_KEY) {
    const started = await startStandin(env, secrets);
    rt.standin = started.standin;
    payments = started.env;
    say(`payments: TEST MODE, local Stripe stand-in at ${started.standin.url} (card 4242 4242 4242 4242)`);
  }
  launch('dashboard', 'apps/dashboard/dist/main.js', { ...dashboardEnv(env, secrets, base), ...payments });
  return base;
}

/** Resolves once the gateway answers a deep health check (a worker is up) and the dashboard answers. */
async function waitUntilReady(env: StackEnv, base: string): Promise<void> {
  await waitFor(
    async () => {
      const res = await fetch(`${base}/health?deep=true`);
      return res.status === 200;
    },
    60_000,
    'the gateway and a worker to be ready',
    200,
  );
  await waitFor(
    () => fetch(`${dashboardUrl(env)}/healthz`).then((r) => r.ok),
    30_000,
    'the dashboard to be ready',
    200,
  );
}

/** The demo site when loopback targets are allowed; returns the URL the welcome's curl opens. */
async function startDemo(env: StackEnv, rt: StackRuntime): Promise<string> {
  let target = 'https://example.com/';
  if (env.PAGEMAP_OUTBOUND_ALLOW.includes('loopback')) {
    rt.demo = await startFixtureServer({ port: env.PAGEMAP_DEMO_PORT });
    target = rt.demo.url('/login.html');
    say(`demo site (loopback fixtures) at ${rt.demo.origin}`);
  }
  return target;
}

/** Where everything is, the development key and a curl to paste. */
function welcome(
  env: StackEnv,
  {
    base,
    key,
    devOwner,
    target,
  }: { base: string; key: string; devOwner: Awaited<ReturnType<typeof seedDevOwner>>; target: string },
): void {
  say(`Pagemap is running at ${base}`);
  say(`development API key (tenant "dev"): ${key}`);
  say(`dashboard and docs at ${dashboardUrl(env)} (playground: ${dashboardUrl(env)}/docs/playground.html)`);
  say(
    `dashboard sign-in: ${devOwner.email} / ${devOwner.generated ? `${devOwner.password} (generated; set PAGEMAP_DEV_OWNER_PASSWORD to choose one)` : 'the password in PAGEMAP_DEV_OWNER_PASSWORD'}`,
  );
  say('try it:');
  process.stdout.write(
    `\n  curl -s ${base}/v1/browse \\\n    -H "Authorization: Bearer ${key}" \\\n    -H "Content-Type: application/json" \\\n    -d '{"url": "${target}"}'\n\n`,
  );
  say('health: ' + `${base}/health?deep=true` + ' · metrics: ' + `${base}/metrics` + ' · Ctrl-C stops everything');
}

main().catch((err) => {
  process.stderr.write(`pagemap: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

/**
 * A real redis-server on a random loopback port, no persistence (unless `persist`), for one test file. Each test
 * file also gets a unique key prefix so nothing leaks between files even on a shared server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, waitFor } from './ports';

export interface RedisHandle {
  mode: 'standalone';
  url: string;
  port: number;
  /** A key prefix unique to this handle. */
  prefix: string;
  /** A command connection for assertions (closed by stop()). */
  client: Redis;
  /** Stops the server (SIGKILL after 2 s). Idempotent. */
  stop(): Promise<void>;
  /** Kills the server and starts it again on the same port (data is lost unless started with `persist`). */
  restart(downMs?: number): Promise<void>;
}

export function redisServerBinary(): string {
  return process.env.REDIS_SERVER_BIN ?? 'redis-server';
}

export interface StartRedisOptions {
  port?: number;
  /**
   * Keep data across restart(): an append-only file (fsync on every write) in a temporary
   * directory, removed by stop(). Without it the server restarts empty.
   */
  persist?: boolean;
}

export async function startRedis(opts: StartRedisOptions = {}): Promise<RedisHandle> {
  const port = opts.port ?? (await freePort());
  const dir = opts.persist ? mkdtempSync(join(tmpdir(), 'pagemap-redis-')) : undefined;
  const persistence = dir
    ? ['--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always']
    : ['--save', '', '--appendonly', 'no'];
  let proc: ChildProcess | undefined;
  const launch = async () => {
    proc = spawnRedis(port, persistence);
    await waitUntilServing(port);
  };
  const kill = async () => {
    const p = proc;
    proc = undefined;
    await stopGently(p);
  };
  await launch();
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { maxRetriesPerRequest: 3, retryStrategy: (n) => Math.min(n * 50, 500) });
  let stopped = false;
  return {
    mode: 'standalone',
    url,
    port,
    prefix: `t${randomBytes(5).toString('hex')}`,
    client,
    async stop() {
      if (stopped) return;
      stopped = true;
      client.disconnect();
      await kill();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
    async restart(downMs = 0) {
      await kill();
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      await launch();
    },
  };
}

/** Starts `redis-server` on a loopback port with the given persistence flags. */
function spawnRedis(port: number, persistence: string[]): ChildProcess {
  return spawn(
    redisServerBinary(),
    ['--port', String(port), '--bind', '127.0.0.1', ...persistence, '--protected-mode', 'yes', '--loglevel', 'warning'],
    {
      stdio: 'ignore',
    },
  );
}

/** Resolves once the server on `port` answers PING (10 s at most). */
async function waitUntilServing(port: number): Promise<void> {
  const probe = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    // disconnect() ends the socket and arms a timer (2 s by default) that the socket's 'close'
    // clears. A refused attempt's socket has closed already, so each refused probe left a 2 s
    // timer behind: a short test file outlived its tests by it ("Jest did not exit one second
    // after the test run has completed"). A probe has nothing to flush: destroy at once.
    disconnectTimeout: 0,
  });
  probe.on('error', () => undefined); // refused until the server listens; waitFor retries
  try {
    await waitFor(
      async () => {
        try {
          await probe.connect();
        } catch {
          probe.disconnect();
          return false;
        }
        return (await probe.ping()) === 'PONG';
      },
      10_000,
      `redis-server on port ${port}`,
      25,
    );
  } finally {
    probe.disconnect();
  }
}

/** SIGTERM, then SIGKILL after 2 s; resolves when the process has exited. */
async function stopGently(p: ChildProcess | undefined): Promise<void> {
  if (!p || p.exitCode !== null) return;
  const exited = new Promise<void>((r) => p.once('exit', () => r()));
  p.kill('SIGTERM');
  const timer = setTimeout(() => p.kill('SIGKILL'), 2000);
  await exited;
  clearTimeout(timer);
}

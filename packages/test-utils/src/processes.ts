/**
 * Real gateway, worker and dashboard processes for integration tests: `node apps/{gateway,worker,dashboard}/dist/main.js` as child
 * processes against a real Redis, several of each when asked. Their JSON log lines are kept so
 * tests can assert on them (which worker served a job, that no secret was logged).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { AccountStore, type LimitOverrides, type PlanId, type Tenant } from '@pagemap/accounts';
import { keySpace, SessionDirectory, type KeySpace } from '@pagemap/queue';
import { startDatastore, type Datastore } from './datastore';
import { waitFor } from './ports';
import { childEnv } from './child-env';

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const GATEWAY_MAIN = join(REPO_ROOT, 'apps', 'gateway', 'dist', 'main.js');
export const WORKER_MAIN = join(REPO_ROOT, 'apps', 'worker', 'dist', 'main.js');
export const DASHBOARD_MAIN = join(REPO_ROOT, 'apps', 'dashboard', 'dist', 'main.js');

export type ProcKind = 'gateway' | 'worker' | 'dashboard';
export const PROCESS_MAINS: Record<ProcKind, string> = {
  gateway: GATEWAY_MAIN,
  worker: WORKER_MAIN,
  dashboard: DASHBOARD_MAIN,
};
const READY: Record<ProcKind, string> = {
  gateway: 'gateway listening',
  worker: 'worker ready',
  dashboard: 'dashboard listening',
};

export type LogLine = Record<string, unknown> & { msg?: string; level?: string };

export interface ProcHandle {
  kind: ProcKind;
  proc: ChildProcess;
  pid: number;
  port: number;
  /** http://127.0.0.1:port */
  url: string;
  /** Worker id (workers only). */
  id?: string;
  /** Every line written to stdout/stderr, raw. */
  output(): string;
  /** Parsed JSON log lines. */
  logs(): LogLine[];
  exitCode(): number | null;
  /** Waits for exit; resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
  /** SIGTERM and wait (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<number | string>;
  kill9(): Promise<number | string>;
}

/** Collects a child's stdout and stderr: all of the text, and the JSON log lines among it. */
function collectOutput(proc: ChildProcess): { text: () => string; lines: LogLine[] } {
  let out = '';
  const lines: LogLine[] = [];
  let partial = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    out += text;
    partial += text;
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      if (!line.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(line) as LogLine);
      } catch {
        /* not a log line */
      }
    }
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  return { text: () => out, lines };
}

export async function startProcess(
  kind: ProcKind,
  env: Record<string, string>,
  // A guard against a process that never comes up, not a measure of start-up time: on a loaded
  // machine a worker (Chromium and its context pool) took over 30 s to say it was ready.
  readyTimeoutMs = 90_000,
): Promise<ProcHandle> {
  const main = PROCESS_MAINS[kind];
  const proc = spawn(process.execPath, [main], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collectOutput(proc);
  const lines = output.lines;
  const exited = new Promise<number | string>((r) => proc.once('exit', (code, signal) => r(code ?? signal ?? -1)));
  const gone = () => proc.exitCode !== null || proc.signalCode !== null;
  const readyMsg = READY[kind];
  let ready: LogLine;
  try {
    ready = await Promise.race([
      // Stops looking once the process has exited (the race has failed by then): a poll left
      // running until its bound kept the test process alive long after a failed start.
      waitFor(
        () => lines.find((l) => l.msg === readyMsg) ?? (gone() ? ({} as LogLine) : undefined),
        readyTimeoutMs,
        `${kind} to start`,
        20,
      ),
      exited.then((code) => {
        throw new Error(`${kind} exited with ${code} before it was ready:\n${output.text().slice(-4000)}`);
      }),
    ]);
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  }
  const port = Number(ready.port);
  const stop = async (graceMs = 20_000) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return exited;
    proc.kill('SIGTERM');
    const t = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    const code = await exited;
    clearTimeout(t);
    return code;
  };
  return {
    kind,
    proc,
    pid: proc.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    ...(typeof ready.worker === 'string' ? { id: ready.worker } : {}),
    output: output.text,
    logs: () => lines,
    exitCode: () => proc.exitCode,
    exited,
    stop,
    kill9: async () => {
      proc.kill('SIGKILL');
      return exited;
    },
  };
}

export interface StackOptions {
  gateways?: number;
  workers?: number;
  /** Env for both kinds. */
  env?: Record<string, string>;
  gatewayEnv?: Record<string, string>;
  workerEnv?: Record<string, string>;
  /**
   * Reuse a Redis or a Redis Cluster (otherwise one is started and stopped with the stack: a
   * single Redis, or a cluster when PAGEMAP_TEST_REDIS_MODE=cluster).
   */
  redis?: Datastore;
}

export interface Stack {
  redis: Datastore;
  keys: KeySpace;
  accounts: AccountStore;
  /** The session directory (open sessions, owners) as the gateways see it. */
  directory: SessionDirectory;
  gateways: ProcHandle[];
  workers: ProcHandle[];
  /** URL of the first gateway. */
  url: string;
  /** Env shared by the stack's processes (for starting more). */
  env: Record<string, string>;
  addWorker(extra?: Record<string, string>): Promise<ProcHandle>;
  addGateway(extra?: Record<string, string>): Promise<ProcHandle>;
  /** A tenant with a fresh API key. */
  tenant(opts?: {
    plan?: PlanId;
    anchor?: Date;
    loginAutomation?: boolean;
    /** Explicit limits instead of the plan's, e.g. a request rate no test's burst can reach. */
    limits?: LimitOverrides;
  }): Promise<{ tenant: Tenant; apiKey: string }>;
  stop(): Promise<void>;
}

/** Test defaults: loopback only, fast heartbeats, random secrets, logs at info. */
export function defaultTestEnv(redis: Datastore): Record<string, string> {
  return {
    REDIS_URL: redis.url,
    PAGEMAP_REDIS_MODE: redis.mode,
    PAGEMAP_REDIS_PREFIX: redis.prefix,
    PAGEMAP_PAYLOAD_KEY: randomBytes(32).toString('base64url'),
    PAGEMAP_JWT_SECRET: randomBytes(32).toString('base64url'),
    PAGEMAP_OUTBOUND_ALLOW: 'loopback',
    PAGEMAP_HEARTBEAT_MS: '250',
    PAGEMAP_HEARTBEAT_TTL_MS: '1500',
    PAGEMAP_OWNER_CHECK_MS: '200',
    PORT: '0',
    HOST: '127.0.0.1',
    PAGEMAP_WORKER_PORT: '0',
    PAGEMAP_WORKER_HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const redis = opts.redis ?? (await startDatastore());
  const env = { ...defaultTestEnv(redis), ...opts.env };
  const keys = keySpace(redis.prefix);
  const accounts = new AccountStore(redis.client, keys);
  const directory = new SessionDirectory(redis.client, keys);
  const gateways: ProcHandle[] = [];
  const workers: ProcHandle[] = [];
  const addWorker = async (extra: Record<string, string> = {}) => {
    const w = await startProcess('worker', { ...env, ...opts.workerEnv, ...extra });
    workers.push(w);
    return w;
  };
  const addGateway = async (extra: Record<string, string> = {}) => {
    const g = await startProcess('gateway', { ...env, ...opts.gatewayEnv, ...extra });
    gateways.push(g);
    return g;
  };
  const stopAll = async () => {
    await Promise.all([...gateways, ...workers].map((p) => p.stop(10_000)));
    if (!opts.redis) await redis.stop();
  };
  try {
    await Promise.all(Array.from({ length: opts.workers ?? 1 }, () => addWorker()));
    await Promise.all(Array.from({ length: opts.gateways ?? 1 }, () => addGateway()));
  } catch (err) {
    await stopAll();
    throw err;
  }
  return {
    redis,
    keys,
    accounts,
    directory,
    gateways,
    workers,
    get url() {
      return gateways[0]!.url;
    },
    env,
    addWorker,
    addGateway,
    async tenant(t = {}) {
      const tenant = await accounts.createTenant({
        name: `test-${randomBytes(3).toString('hex')}`,
        ...(t.plan ? { plan: t.plan } : {}),
        ...(t.anchor ? { anchor: t.anchor } : {}),
      });
      if (t.loginAutomation) await accounts.setLoginAutomation(tenant.id, true);
      if (t.limits) await accounts.setLimits(tenant.id, t.limits);
      const { key } = await accounts.issueKey(tenant.id);
      return { tenant: (await accounts.getTenant(tenant.id))!, apiKey: key };
    },
    stop: stopAll,
  };
}

/** fetch with a JSON body and bearer key; returns status, headers and parsed body. */
export async function api(
  baseUrl: string,
  method: string,
  path: string,
  opts: {
    key?: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** Rejects with a TimeoutError past this: for polls that must not hang on a stalled service. */
    timeoutMs?: number;
  } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    ...(opts.body !== undefined ? { body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) } : {}),
    ...(opts.timeoutMs !== undefined ? { signal: AbortSignal.timeout(opts.timeoutMs) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}

/**
 * `npm start` as an operator runs it, for the embedded-Redis fault cases: the launcher as a real
 * process (two workers, the supervised redis-server), its output read for pids and the dev key.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { childEnv, freePort, waitFor } from '@pagemap/test-utils';

const MAIN = resolve(__dirname, '..', '..', 'apps', 'stack', 'dist', 'main.js');

export interface Launcher {
  base: string;
  key: string;
  redisPort: number;
  /** The workers' /health and /metrics. */
  workers: string[];
  output(): string;
  /** The pid of a supervised process now (its last start or restart). */
  pidOf(name: string): number;
  stop(): Promise<void>;
}

export async function startLauncher(env: Record<string, string> = {}): Promise<Launcher> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pagemap-faults-'));
  const [port, redisPort, workerBase] = [await freePort(), await freePort(), await freePort()];
  const proc: ChildProcess = spawn(process.execPath, [MAIN], {
    env: childEnv({
      PORT: String(port),
      PAGEMAP_REDIS_PORT: String(redisPort),
      PAGEMAP_WORKERS: '2',
      PAGEMAP_WORKER_BASE_PORT: String(workerBase),
      PAGEMAP_DATA_DIR: dataDir,
      PAGEMAP_OUTBOUND_ALLOW: 'loopback',
      PAGEMAP_DASHBOARD_PORT: String(await freePort()),
      PAGEMAP_DEMO_PORT: String(await freePort()),
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGINT');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      () => out.includes('Ctrl-C stops everything') || proc.exitCode !== null,
      120_000,
      'the launcher to print its banner',
    );
    if (proc.exitCode !== null) throw new Error(`the launcher exited:\n${out}`);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    base: `http://127.0.0.1:${port}`,
    key: /Bearer (pm_[A-Za-z0-9_-]{32})/.exec(out)![1]!,
    redisPort,
    workers: [0, 1].map((i) => `http://127.0.0.1:${workerBase + i}`),
    output: () => out,
    pidOf(name: string) {
      const m = new RegExp(`(?:started ${name} \\(pid|${name} is back \\(pid) (\\d+)`, 'g');
      const all = [...out.matchAll(m)];
      if (!all.length) throw new Error(`no pid for ${name} in the launcher's output`);
      return Number(all[all.length - 1]![1]);
    },
    stop,
  };
}

/** Runs a gateway, worker or dashboard process that is expected to stop by itself; returns its exit code and output. */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { defaultTestEnv, PROCESS_MAINS, type ProcKind } from './processes';
import { startRedis } from './redis-server';
import { childEnv } from './child-env';

export async function runToExit(
  kind: ProcKind,
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | string; output: string }> {
  const proc = spawn(process.execPath, [PROCESS_MAINS[kind]], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  // A process that does not stop is killed, and the test sees the signal instead of a code.
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | string>((r) => proc.once('close', (c, signal) => r(c ?? signal ?? -1)));
  clearTimeout(timer);
  return { code, output };
}

/**
 * Starts a gateway, worker or dashboard whose port is already held by another listener (on a real
 * Redis, with the usual test env plus `extraEnv`) and returns how it ended. `portEnv` names the
 * port setting.
 */
export async function runWithTakenPort(
  kind: ProcKind,
  portEnv: string,
  extraEnv: Record<string, string> = {},
): Promise<{ port: number; code: number | string; output: string }> {
  const redis = await startRedis();
  const holder = createServer();
  try {
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', () => r()));
    const port = (holder.address() as AddressInfo).port;
    return { port, ...(await runToExit(kind, { ...defaultTestEnv(redis), ...extraEnv, [portEnv]: String(port) })) };
  } finally {
    await new Promise((r) => holder.close(r));
    await redis.stop();
  }
}

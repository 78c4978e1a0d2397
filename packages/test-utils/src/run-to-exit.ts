/** Runs a gateway or worker process that is expected to stop by itself; returns its exit code and output. */
import { spawn } from 'node:child_process';
import { GATEWAY_MAIN, WORKER_MAIN } from './processes';
import { childEnv } from './child-env';

export async function runToExit(kind: 'gateway' | 'worker', env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | string; output: string }> {
  const proc = spawn(process.execPath, [kind === 'gateway' ? GATEWAY_MAIN : WORKER_MAIN], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  // A process that does not stop is killed, and the test sees the signal instead of a code.
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | string>((r) => proc.once('close', (c, signal) => r(c ?? signal ?? -1)));
  clearTimeout(timer);
  return { code, output };
}

/** What the numbers were measured on. */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem, release } from 'node:os';
import { findChromium } from '@pagemap/chromium';

function version(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', timeout: 10_000 }).trim().split('\n')[0] ?? '';
  } catch {
    return 'unknown';
  }
}

export function machine() {
  const chromium = findChromium();
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    // Other work on the machine when the run started (the numbers are only as quiet as this).
    loadAverage1m: Math.round(loadavg()[0]! * 10) / 10,
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    kernel: release(),
    node: process.version,
    chromium: `${chromium.path} — ${version(chromium.path, ['--version'])}`,
    redis: version('redis-server', ['--version']),
    date: new Date().toISOString(),
  };
}

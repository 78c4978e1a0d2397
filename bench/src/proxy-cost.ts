/**
 * What the egress proxy costs a browse: raw puppeteer with and without it (the proxy in its own
 * process, so its CPU is measured directly), in alternating rounds.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser } from 'puppeteer-core';
import { launchLimitBrowser, limitAtConcurrency, rawBrowse } from './limit';
import { perOp, processCpuMs, snapshot, treeCpuMs, type CpuParts } from './cpu';
import { median } from './agent';
import { runConcurrent, type Stats } from './stats';

export interface ProxyCost {
  /** Median over rounds of the p50 of back-to-back browses, ms. */
  plain_p50: number;
  proxied_p50: number;
  plain_throughput: number;
  proxied_throughput: number;
  /** CPU ms per browse at the concurrency level, by process (median over rounds). */
  plain_cpu: CpuParts;
  proxied_cpu: CpuParts;
}

/** A command the worker package publishes (its package.json `bin`), as a path to run with node. */
function workerCommand(name: string): string {
  const pkg = require.resolve('@pagemap/worker/package.json');
  const bin = (JSON.parse(readFileSync(pkg, 'utf8')) as { bin: Record<string, string> }).bin[name];
  if (!bin) throw new Error(`@pagemap/worker publishes no command ${name}`);
  return join(dirname(pkg), bin);
}

async function startProxy(): Promise<{ pid: number; args: string[]; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [workerCommand('pagemap-egress-proxy')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`proxy process exited (${code})`)));
  });
  const { args } = JSON.parse(line) as { args: string[] };
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return { pid: child.pid!, args, stop: async () => void (child.kill('SIGTERM'), await exited) };
}

async function cpuOf(
  browser: Browser,
  proxyPid: number | undefined,
  run: () => Promise<Stats>,
): Promise<{ stats: Stats; cpu: CpuParts }> {
  const chromiumPid = browser.process()!.pid!;
  const parts: Record<string, () => number> = {
    'bench (puppeteer client + fixture site)': () => processCpuMs(process.pid),
    chromium: () => treeCpuMs(chromiumPid),
  };
  if (proxyPid !== undefined) parts['egress proxy'] = () => processCpuMs(proxyPid);
  const before = snapshot(parts);
  const stats = await run();
  return { stats, cpu: perOp(before, snapshot(parts), stats.n) };
}

export async function proxyCost(
  url: string,
  opts: { rounds: number; n: number; concurrency: number; total: number },
): Promise<ProxyCost> {
  const proxy = await startProxy();
  const plain = await launchLimitBrowser();
  const proxied = await launchLimitBrowser(proxy.args);
  const acc = {
    plain_p50: [] as number[],
    proxied_p50: [] as number[],
    plain_tp: [] as number[],
    proxied_tp: [] as number[],
    plain_cpu: [] as CpuParts[],
    proxied_cpu: [] as CpuParts[],
  };
  try {
    for (let i = 0; i < 3; i++) await Promise.all([rawBrowse(plain, url), rawBrowse(proxied, url)]);
    for (let r = 0; r < opts.rounds; r++) {
      acc.plain_p50.push((await runConcurrent(1, opts.n, () => rawBrowse(plain, url))).p50);
      acc.proxied_p50.push((await runConcurrent(1, opts.n, () => rawBrowse(proxied, url))).p50);
      const a = await cpuOf(plain, undefined, () => limitAtConcurrency(plain, url, opts.concurrency, opts.total));
      const b = await cpuOf(proxied, proxy.pid, () => limitAtConcurrency(proxied, url, opts.concurrency, opts.total));
      acc.plain_tp.push(a.stats.throughput);
      acc.proxied_tp.push(b.stats.throughput);
      acc.plain_cpu.push(a.cpu);
      acc.proxied_cpu.push(b.cpu);
    }
  } finally {
    await Promise.all([plain.close(), proxied.close()]);
    await proxy.stop();
  }
  return {
    plain_p50: median(acc.plain_p50),
    proxied_p50: median(acc.proxied_p50),
    plain_throughput: median(acc.plain_tp),
    proxied_throughput: median(acc.proxied_tp),
    plain_cpu: medianParts(acc.plain_cpu),
    proxied_cpu: medianParts(acc.proxied_cpu),
  };
}

export function medianParts(list: CpuParts[]): CpuParts {
  const out: CpuParts = {};
  for (const k of Object.keys(list[0] ?? {})) out[k] = median(list.map((p) => p[k]!));
  return out;
}

/**
 * What open idle sessions cost the next one (issue 30): new-session latency with think time and
 * pages/s at high concurrency, with 0, 50, 200 … idle sessions held open by another tenant on
 * the same worker. The idle sessions are opened before each level and kept until the end.
 *
 * A session just opened is not idle yet: 20–40 s after its page loads, V8's memory reducer runs a
 * garbage collection in its renderer (≈ 17 ms of CPU per renderer on the form page; gone with
 * `--js-flags=--no-memory-reducer`), so opening 200 at once makes a wave of them. Each level
 * that opened sessions is measured twice: right after opening them ("just opened", as the issue
 * measured) and once they have settled: `settleS` seconds after the last one opened, then until
 * the workers' process trees are quiet ("settled"). Neither was consistently the slower in the
 * runs of 2026-11-28: the wave costs CPU, the latency moves with the machine.
 */
import type { Stack } from '@pagemap/test-utils';
import { treeCpuMs } from './cpu';
import * as svc from './service';
import { summarize, type Stats } from './stats';

export type IdleCost = Record<number, { think: Stats; concurrent: Stats; justOpened?: Stats; settledS?: number }>;

export interface IdlePlan {
  url: string;
  /** Idle session counts, ascending. */
  levels: number[];
  n: number;
  thinkMs: number;
  concurrency: number;
  concurrentTotal: number;
  /** Seconds to wait after opening idle sessions before the settled measurement (0: none). */
  settleS: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** New sessions one at a time with think time before each (the POST alone timed); the last one is closed during it. */
async function withThinkTime(c: svc.Client, plan: IdlePlan): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  let last: string | undefined;
  for (let i = 0; i < plan.n; i++) {
    if (last) await svc.close(c, last).catch(() => undefined);
    last = undefined;
    await sleep(plan.thinkMs);
    const t = performance.now();
    try {
      last = await svc.open(c, plan.url);
      latencies.push(performance.now() - t);
    } catch {
      errors += 1;
    }
  }
  if (last) await svc.close(c, last).catch(() => undefined);
  return summarize(
    latencies,
    errors,
    Math.max(
      1,
      latencies.reduce((a, b) => a + b, 0),
    ),
  );
}

/** CPU ms/s of the workers' process trees (Node and Chromium) over `windowMs`. */
async function treeCpuRate(pids: number[], windowMs: number): Promise<number> {
  const cpu = () => pids.reduce((sum, pid) => sum + treeCpuMs(pid), 0);
  const before = cpu();
  await sleep(windowMs);
  return ((cpu() - before) * 1000) / windowMs;
}

/**
 * Waits `settleS`, then until the workers' trees spend under 5 % of a core (at most another
 * `settleS`): the renderers' post-load collections are over. Returns the seconds waited.
 */
async function settle(pids: number[], settleS: number): Promise<number> {
  const start = performance.now();
  await sleep(settleS * 1000);
  while (performance.now() - start < 2 * settleS * 1000 && (await treeCpuRate(pids, 2000)) > 50) {
    // still collecting
  }
  return (performance.now() - start) / 1000;
}

export async function idleCost(stack: Stack, c: svc.Client, plan: IdlePlan): Promise<IdleCost> {
  const { apiKey } = await stack.tenant({ plan: 'scale' });
  const idle: svc.Client = { base: stack.url, key: apiKey };
  const held: string[] = [];
  const out: IdleCost = {};
  const pids = stack.workers.map((w) => w.pid);
  try {
    for (const level of plan.levels) {
      const opened = level > held.length;
      if (opened) held.push(...(await svc.openMany(idle, plan.url, level - held.length)));
      const justOpened = opened && plan.settleS > 0 ? await withThinkTime(c, plan) : undefined;
      const settledS = justOpened ? await settle(pids, plan.settleS) : undefined;
      out[level] = {
        think: await withThinkTime(c, plan),
        concurrent: await svc.newSessionBrowse(c, plan.url, plan.concurrency, plan.concurrentTotal),
        ...(justOpened ? { justOpened, settledS } : {}),
      };
    }
  } finally {
    await svc.closeMany(idle, held);
  }
  return out;
}

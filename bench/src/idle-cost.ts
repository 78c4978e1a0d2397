/**
 * What open idle sessions cost the next one (issue 30): new-session latency with think time and
 * pages/s at high concurrency, with 0, 50, 200 … idle sessions held open by another tenant on
 * the same worker. The idle sessions are opened before each level and kept until the end.
 */
import type { Stack } from '@pagemap/test-utils';
import * as svc from './service';
import { summarize, type Stats } from './stats';

export type IdleCost = Record<number, { think: Stats; concurrent: Stats }>;

export interface IdlePlan {
  url: string;
  /** Idle session counts, ascending. */
  levels: number[];
  n: number;
  thinkMs: number;
  concurrency: number;
  concurrentTotal: number;
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

export async function idleCost(stack: Stack, c: svc.Client, plan: IdlePlan): Promise<IdleCost> {
  const { apiKey } = await stack.tenant({ plan: 'scale' });
  const idle: svc.Client = { base: stack.url, key: apiKey };
  const held: string[] = [];
  const out: IdleCost = {};
  try {
    for (const level of plan.levels) {
      if (level > held.length) held.push(...(await svc.openMany(idle, plan.url, level - held.length)));
      const think = await withThinkTime(c, plan);
      out[level] = {
        think,
        concurrent: await svc.newSessionBrowse(c, plan.url, plan.concurrency, plan.concurrentTotal),
      };
    }
  } finally {
    await svc.closeMany(idle, held);
  }
  return out;
}

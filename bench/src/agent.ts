/**
 * What an agent feels, raw and service side by side in the same rounds: new sessions back to back,
 * new sessions with the agent's "think time" between requests, throughput at high concurrency,
 * and one in-page tool that does not navigate. Each round runs raw then service then the next
 * mode, so load from other processes on the machine falls on both alike; the report gives the
 * median of the rounds' p50s (and throughputs).
 */
import type { Browser } from 'puppeteer-core';
import { api } from '@pagemap/test-utils';
import { rawBrowse } from './limit';
import * as svc from './service';
import { runConcurrent, summarize, type Stats } from './stats';
import { perOp, snapshot, type CpuParts } from './cpu';
import { withPhases } from './phases';

export interface AgentRound {
  raw_back_to_back: Stats;
  service_back_to_back: Stats;
  raw_think: Stats;
  service_think: Stats;
  raw_concurrent: Stats;
  service_concurrent: Stats;
  /** The worker's phases, mean ms per job, for the service's new sessions back to back and with think time. */
  phases_back_to_back: Record<string, number>;
  phases_think: Record<string, number>;
  /** CPU ms per browse by process during the concurrent runs. */
  raw_cpu: CpuParts;
  service_cpu: CpuParts;
}

/** Where the processes are, to read their CPU. */
export interface AgentProcesses {
  workerUrl: string;
  raw: Record<string, () => number>;
  service: Record<string, () => number>;
}

export interface AgentPlan {
  url: string;
  /** Requests per latency sample (back to back, think time). */
  n: number;
  thinkMs: number;
  concurrency: number;
  /** Requests per throughput sample. */
  concurrentTotal: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `n` operations one after another, `thinkMs` of idle before each. The pause is not timed, and
 * the throughput is over the time spent in operations only.
 */
async function thinkingLane(
  n: number,
  thinkMs: number,
  op: () => Promise<void>,
  between?: () => Promise<unknown>,
): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  let busyMs = 0;
  for (let i = 0; i < n; i++) {
    await between?.(); // the agent's own work between requests (closing the last session): untimed
    await sleep(thinkMs);
    const t = performance.now();
    try {
      await op();
      latencies.push(performance.now() - t);
    } catch {
      errors += 1;
    }
    busyMs += performance.now() - t;
  }
  return summarize(latencies, errors, Math.max(1, busyMs));
}

/** One round of every mode, raw then service for each. */
export async function agentRound(
  browser: Browser,
  c: svc.Client,
  plan: AgentPlan,
  procs: AgentProcesses,
): Promise<AgentRound> {
  const raw = () => rawBrowse(browser, plan.url);
  // The service's latency is the POST alone; closing the session is the agent's own business
  // between requests (or after the run), not timed.
  const ids: string[] = [];
  const timedOpen = async () => {
    ids.push(await svc.open(c, plan.url));
  };
  const closeAll = () => Promise.all(ids.splice(0).map((id) => svc.close(c, id).catch(() => undefined)));
  const raw_back_to_back = await runConcurrent(1, plan.n, raw);
  const b2b = await withPhases(procs.workerUrl, () => runConcurrent(1, plan.n, timedOpen));
  await closeAll();
  const raw_think = await thinkingLane(plan.n, plan.thinkMs, raw);
  const think = await withPhases(procs.workerUrl, () => thinkingLane(plan.n, plan.thinkMs, timedOpen, closeAll));
  await closeAll();
  let before = snapshot(procs.raw);
  const raw_concurrent = await runConcurrent(plan.concurrency, plan.concurrentTotal, raw);
  const raw_cpu = perOp(before, snapshot(procs.raw), raw_concurrent.n);
  before = snapshot(procs.service);
  const service_concurrent = await runConcurrent(plan.concurrency, plan.concurrentTotal, timedOpen);
  // Raw closes its context inside each browse: the service's CPU includes closing its sessions.
  await closeAll();
  const service_cpu = perOp(before, snapshot(procs.service), service_concurrent.n);
  return {
    raw_back_to_back,
    service_back_to_back: b2b.result,
    raw_think,
    service_think: think.result,
    raw_concurrent,
    service_concurrent,
    phases_back_to_back: b2b.phases,
    phases_think: think.phases,
    raw_cpu,
    service_cpu,
  };
}

/**
 * One in-page tool that does not navigate (a click on the counter page), one per request on an
 * open session, with think time between: the HTTP round trip an agent sees for it.
 */
export async function inPageTool(c: svc.Client, url: string, tool: string, n: number, thinkMs: number): Promise<Stats> {
  const id = await svc.open(c, url);
  try {
    return await thinkingLane(n, thinkMs, async () => {
      const res = await api(c.base, 'POST', '/v1/browse', { key: c.key, body: { session_id: id, tool } });
      if (res.status !== 200 || !res.body.results?.[0]?.success)
        throw new Error(`tool: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    });
  } finally {
    await svc.close(c, id).catch(() => undefined);
  }
}

/** Median of a list (NaN when empty). */
export function median(values: number[]): number {
  const s = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

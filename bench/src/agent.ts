/**
 * What an agent feels, raw and service side by side in the same rounds: new sessions back to back,
 * new sessions with the agent's "think time" between requests, throughput at high concurrency,
 * and one in-page tool that does not navigate. Two raw baselines: the minimal browse a person's
 * script does (issue 30's) and raw puppeteer with the service's own extractor (issue 14's). The
 * latency modes alternate request by request (minimal, extractor, service), so load from other
 * processes on the machine falls on all alike; the report gives the median of the rounds' p50s
 * (and throughputs).
 */
import type { Browser } from 'puppeteer-core';
import { api } from '@pagemap/test-utils';
import { rawBrowse, rawMinimalBrowse } from './limit';
import * as svc from './service';
import { runConcurrent, summarize, type Stats } from './stats';
import { perOp, snapshot, type CpuParts } from './cpu';
import { withPhases } from './phases';

export interface AgentRound {
  /** The minimal raw browse (rawMinimalBrowse): the baseline of issue 30's targets. */
  raw_min_back_to_back: Stats;
  /** Raw puppeteer with the service's own extractor (rawBrowse): the baseline of issue 14. */
  raw_back_to_back: Stats;
  service_back_to_back: Stats;
  raw_min_think: Stats;
  raw_think: Stats;
  service_think: Stats;
  raw_min_concurrent: Stats;
  raw_concurrent: Stats;
  service_concurrent: Stats;
  /** The worker's phases, mean ms per job, for the service's new sessions back to back and with think time. */
  phases_back_to_back: Record<string, number>;
  phases_think: Record<string, number>;
  /** CPU ms per browse by process during the concurrent runs. */
  raw_min_cpu: CpuParts;
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

type Ops = Record<string, { op: () => Promise<void>; between?: () => Promise<unknown> }>;

/**
 * `n` steps; each step runs every op once, in turn (request by request, so load from other work
 * falls on each alike), with `thinkMs` of idle before each op. Each op's own work between its
 * requests (`between`, e.g. closing the last session) and the pauses are not timed; the
 * throughput is over the time spent in that op only.
 */
async function interleaved(n: number, thinkMs: number, ops: Ops): Promise<Record<string, Stats>> {
  const lat: Record<string, number[]> = {};
  const errors: Record<string, number> = {};
  const busy: Record<string, number> = {};
  for (const k of Object.keys(ops)) [lat[k], errors[k], busy[k]] = [[], 0, 0];
  for (let i = 0; i < n; i++) {
    for (const [k, { op, between }] of Object.entries(ops)) {
      await between?.();
      if (thinkMs > 0) await sleep(thinkMs);
      const t = performance.now();
      try {
        await op();
        lat[k]!.push(performance.now() - t);
      } catch {
        errors[k]! += 1;
      }
      busy[k]! += performance.now() - t;
    }
  }
  const out: Record<string, Stats> = {};
  for (const k of Object.keys(ops)) out[k] = summarize(lat[k]!, errors[k]!, Math.max(1, busy[k]!));
  return out;
}

/** `n` operations one after another, `thinkMs` of idle before each (see interleaved). */
function thinkingLane(
  n: number,
  thinkMs: number,
  op: () => Promise<void>,
  between?: () => Promise<unknown>,
): Promise<Stats> {
  return interleaved(n, thinkMs, { op: { op, ...(between ? { between } : {}) } }).then((r) => r.op!);
}

/** Throughput and CPU per browse of one op at `plan.concurrency` in flight. */
async function concurrent(
  plan: AgentPlan,
  counters: Record<string, () => number>,
  op: () => Promise<void>,
  after?: () => Promise<unknown>,
): Promise<{ stats: Stats; cpu: CpuParts }> {
  const before = snapshot(counters);
  const stats = await runConcurrent(plan.concurrency, plan.concurrentTotal, op);
  await after?.();
  return { stats, cpu: perOp(before, snapshot(counters), stats.n) };
}

/** The worker's jobs in an interleaved run: the service's requests. */
const serviceJobs = (r: Record<string, Stats>) => r.svc?.n ?? 0;

/** One round of every mode: minimal raw, raw with the extractor and the service, request by request. */
export async function agentRound(
  browser: Browser,
  c: svc.Client,
  plan: AgentPlan,
  procs: AgentProcesses,
): Promise<AgentRound> {
  const rawMin = () => rawMinimalBrowse(browser, plan.url);
  const raw = () => rawBrowse(browser, plan.url);
  // The service's latency is the POST alone; closing the session is the agent's own business
  // between requests (or after the run), not timed.
  const ids: string[] = [];
  const timedOpen = async () => {
    ids.push(await svc.open(c, plan.url));
  };
  const closeAll = () => svc.closeMany(c, ids.splice(0));
  const b2b = await withPhases(
    procs.workerUrl,
    () => interleaved(plan.n, 0, { min: { op: rawMin }, raw: { op: raw }, svc: { op: timedOpen } }),
    serviceJobs,
  );
  await closeAll();
  const think = await withPhases(
    procs.workerUrl,
    () =>
      interleaved(plan.n, plan.thinkMs, {
        min: { op: rawMin },
        raw: { op: raw },
        svc: { op: timedOpen, between: closeAll },
      }),
    serviceJobs,
  );
  await closeAll();
  const cMin = await concurrent(plan, procs.raw, rawMin);
  const cRaw = await concurrent(plan, procs.raw, raw);
  // Raw closes its context inside each browse: the service's CPU includes closing its sessions.
  const cSvc = await concurrent(plan, procs.service, timedOpen, closeAll);
  return {
    raw_min_back_to_back: b2b.result.min!,
    raw_back_to_back: b2b.result.raw!,
    service_back_to_back: b2b.result.svc!,
    raw_min_think: think.result.min!,
    raw_think: think.result.raw!,
    service_think: think.result.svc!,
    raw_min_concurrent: cMin.stats,
    raw_concurrent: cRaw.stats,
    service_concurrent: cSvc.stats,
    phases_back_to_back: b2b.phases,
    phases_think: think.phases,
    raw_min_cpu: cMin.cpu,
    raw_cpu: cRaw.cpu,
    service_cpu: cSvc.cpu,
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

/**
 * Issue 30's part of docs/benchmarks.md: every target against the minimal raw browse (a person's
 * script: new context, new page, goto(load), one small in-page read, close), with the
 * same-extractor baseline beside it, and what open sessions and a second worker cost.
 */
import type { BenchResults } from './results';
import { median, type AgentRound } from './agent';
import { medianParts } from './proxy-cost';
import type { CpuParts } from './cpu';
import type { PageWork } from './page-work';

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const verdict = (ok: boolean | undefined) => (ok === undefined ? 'not measured' : ok ? '**met**' : '**not met**');
const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || !(b > 0) ? undefined : a / b;
const x = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : `${v.toFixed(2)}×`);

/** CPU ms per browse summed over processes; `withBench` counts the bench's own process (client + fixture site). */
export function cpuTotal(parts: CpuParts, withBench: boolean): number {
  return Object.entries(parts)
    .filter(([k]) => withBench || !k.startsWith('bench'))
    .reduce((a, [, v]) => a + (Number.isNaN(v) ? 0 : v), 0);
}

interface Row {
  measure: string;
  min?: number;
  raw?: number;
  svc?: number;
  /** Service / minimal raw, or the measure itself when there is no raw side. */
  value?: number;
  target: string;
  ok?: boolean;
}

function rows(r: BenchResults): Row[] {
  const R: AgentRound[] = r.agent?.rounds ?? [];
  const med = (pick: (x: AgentRound) => number) => (R.length ? median(R.map(pick)) : undefined);
  const b2b = [
    med((x) => x.raw_min_back_to_back.p50),
    med((x) => x.raw_back_to_back.p50),
    med((x) => x.service_back_to_back.p50),
  ];
  const think = [med((x) => x.raw_min_think.p50), med((x) => x.raw_think.p50), med((x) => x.service_think.p50)];
  const conc = [
    med((x) => x.raw_min_concurrent.throughput),
    med((x) => x.raw_concurrent.throughput),
    med((x) => x.service_concurrent.throughput),
  ];
  const cpu = (pick: (x: AgentRound) => CpuParts) => (R.length ? cpuTotal(medianParts(R.map(pick)), true) : undefined);
  const cpus = [cpu((x) => x.raw_min_cpu), cpu((x) => x.raw_cpu), cpu((x) => x.service_cpu)];
  const tool = r.agent?.in_page_tool?.p50;
  const idle0 = r.idle?.[0]?.think.p50;
  const idleTop = Object.keys(r.idle ?? {})
    .map(Number)
    .sort((a, b) => b - a)[0];
  const idleN = idleTop ? r.idle?.[idleTop]?.think.p50 : undefined;
  const idleJust = idleTop ? r.idle?.[idleTop]?.justOpened?.p50 : undefined;
  const le = (v: number | undefined, t: number) => (v === undefined ? undefined : v <= t);
  const ge = (v: number | undefined, t: number) => (v === undefined ? undefined : v >= t);
  const vs = (
    a: (number | undefined)[],
    measure: string,
    target: string,
    ok: (v?: number) => boolean | undefined,
  ): Row => {
    const value = ratio(a[2], a[0]);
    return { measure, min: a[0], raw: a[1], svc: a[2], value, target, ok: ok(value) };
  };
  return [
    vs(b2b, 'new-session p50, back to back', '≤ 0.7×', (v) => le(v, 0.7)),
    vs(think, `new-session p50, ${r.agent?.thinkMs ?? 400} ms think time`, '≤ 0.5×', (v) => le(v, 0.5)),
    vs(conc, `pages/s, ${r.agent?.concurrency ?? 16} in flight`, '≥ 1.2×', (v) => ge(v, 1.2)),
    vs(cpus, 'CPU per page, all processes (ms)', '≤ 0.8×', (v) => le(v, 0.8)),
    { measure: 'one in-page click, HTTP round trip p50', svc: tool, value: tool, target: '≤ 25 ms', ok: le(tool, 25) },
    {
      measure: `new-session p50 (think time) with ${idleTop ?? '–'} idle sessions open, settled (service column) vs none (${ms(idle0)} ms)`,
      svc: idleN,
      value: ratio(idleN, idle0),
      target: '≤ 1.1×',
      ok: le(ratio(idleN, idle0), 1.1),
    },
    {
      measure: `the same, right after opening the ${idleTop ?? '–'} (their renderers' post-load collections to come)`,
      svc: idleJust,
      value: ratio(idleJust, idle0),
      target: '≤ 1.1×',
      ok: le(ratio(idleJust, idle0), 1.1),
    },
  ];
}

export function renderSpeed(r: BenchResults): string {
  if (!r.agent?.rounds.length) return '';
  let out = `## Against a bare browser (issue 30)\n\nThree sides in the same ${r.agent.rounds.length} round(s), one request of each in turn: **minimal raw** (a person's script: new context, new page, \`goto(load)\`, one small in-page read of the title, the forms' fields and the links, close), **raw + extractor** (the same with the service's own extractor instead of the small read: issue 14's baseline) and **the service** (POST /v1/browse, new session). Same Chromium binary and flags. Every ratio is service / minimal raw. "Back to back" means the client does not pause: each side's next request follows the other sides' (as in the issue's measurement), so the service's worker has the time of two raw browses to refill its context pool between two of its requests — without the raw sides it would not (the issue-14 phases below show \`pool_take\`). CPU per page counts every process of each side from /proc, before and after the run at concurrency ${r.agent.concurrency}: raw's Chromium tree and the bench process (its puppeteer client and the fixture site); the service's Chromium tree, worker, gateway, Redis and the bench process (its HTTP client and the fixture site).\n\n`;
  const load = Number(r.machine.loadAverage1m);
  out +=
    Number.isFinite(load) && load < 0.5
      ? `Taken on a quiet machine (1-minute load average ${load} at the start), as the issue's targets ask.\n\n`
      : `**Not a quiet-machine run**: the 1-minute load average was ${Number.isFinite(load) ? load : 'not recorded'} at the start; the issue's targets are judged on a quiet machine (load average under 0.5 at the start). Latency and throughput ratios here are only indicative; the counts in "One page's work" barely depend on load.\n\n`;
  out += `| measure | minimal raw | raw + extractor | service | service / minimal raw | target | verdict |\n| --- | --- | --- | --- | --- | --- | --- |\n`;
  for (const row of rows(r)) {
    const v = row.measure.startsWith('one in-page') ? `${ms(row.value)} ms` : x(row.value);
    out += `| ${row.measure} | ${ms(row.min)} | ${ms(row.raw)} | ${ms(row.svc)} | ${v} | ${row.target} | ${verdict(row.ok)} |\n`;
  }
  out += '\n' + renderIdle(r) + renderCpuSides(r) + renderPageWork(r.pageWork);
  return out;
}

function renderCpuSides(r: BenchResults): string {
  const R = r.agent!.rounds;
  const min = medianParts(R.map((x) => x.raw_min_cpu));
  let out = `CPU ms per page of the minimal raw browse, by process (median of rounds): ${Object.entries(min)
    .map(([k, v]) => `${k} ${ms(v)}`)
    .join(', ')}. The service's and raw + extractor's by process are in the issue-14 table below.\n\n`;
  const one = r.scale.one_worker?.throughput;
  const two = r.scale.two_workers?.throughput;
  const per50 = r.memory.per_session?.[50]?.per_session_bytes;
  out += `Pages/s at ${r.levels[r.levels.length - 1]} in flight with 1 worker: ${one?.toFixed(1) ?? '–'}, with 2 workers on the same cores: ${two?.toFixed(1) ?? '–'} (section Scale). Memory per open idle session at 50 sessions: ${per50 === undefined ? '–' : (per50 / 2 ** 20).toFixed(1)} MB PSS (section Memory).\n\n`;
  return out;
}

function renderIdle(r: BenchResults): string {
  if (!r.idle) return '';
  let out = `### Idle sessions held open (another tenant's, on the same worker)\n\nEach count of idle sessions is measured once they have settled (the seconds waited after the last one opened are given; bench/src/idle-cost.ts says why) and, where sessions were opened for it, also right after opening them, as the issue measured: a session just opened is not idle yet (its renderer runs V8's memory reducer 20–40 s after its page loads, ≈ 17 ms of CPU each).\n\n| idle sessions | new-session p50, think time, ms | p95 ms | pages/s at ${r.agent?.concurrency ?? 16} in flight | right after opening them: p50 / p95 ms | settled after, s |\n| --- | --- | --- | --- | --- | --- |\n`;
  for (const [n, v] of Object.entries(r.idle)) {
    const just = v.justOpened ? `${ms(v.justOpened.p50)} / ${ms(v.justOpened.p95)}` : '–';
    out += `| ${n} | ${ms(v.think.p50)} | ${ms(v.think.p95)} | ${v.concurrent.throughput.toFixed(1)} | ${just} | ${v.settledS?.toFixed(0) ?? '–'} |\n`;
  }
  return out + '\n';
}

/** Protocol messages, bytes and Chromium CPU per page (page-work.ts): counts that barely depend on load. */
export function renderPageWork(work: Record<string, PageWork> | undefined): string {
  if (!work) return '';
  const kb = (v: number | undefined) => (v === undefined ? '–' : (v / 1024).toFixed(1));
  let out = `### One page's work, load-independent (bench/src/page-work.ts)\n\nOne Chromium, same binary and flags, driven through a counting DevTools transport; ${Object.values(work)[0]?.pages ?? '–'} pages per row after 2 warm-up pages. "Worker page work" is what the worker does with Chromium for a new session (the pooled page's preparation, light loading unless "in full", goto(load), the page map), run in the bench's process without the gateway and queue; "then a second page" adds a second document to the session; the click row counts per click (the tool, its settling and the page map after it) on an open session. The photo page has eight 180×180 photos, a video poster and a web font (bench/src/heavy-page.ts).\n\n`;
  out += `| scenario | protocol messages sent per page | KB sent | KB received | Chromium CPU ms per page | KB served by the site per page |\n| --- | --- | --- | --- | --- | --- |\n`;
  for (const [k, w] of Object.entries(work))
    out += `| ${k} | ${w.messagesSent.toFixed(1)} | ${kb(w.bytesSent)} | ${kb(w.bytesReceived)} | ${ms(w.chromiumCpuMs)} | ${kb(w.siteBytes)} |\n`;
  return out + '\n';
}

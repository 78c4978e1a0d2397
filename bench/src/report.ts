/** Renders a run's results as docs/benchmarks.md, with the targets of the benchmark issue checked. */

import type { Stats } from './stats';
import type { DatastoreComparison } from './datastore';
import type { BenchResults } from './results';
import { renderAgent } from './report-agent';
import { renderSpeed } from './report-speed';

/** One sentence on how busy the machine was when the run started: the numbers are only as quiet as that. */
export function loadNote(m: Record<string, unknown>): string {
  const load = Number(m.loadAverage1m);
  const cores = Number(m.cores);
  if (!Number.isFinite(load) || !Number.isFinite(cores) || cores <= 0) return 'Load at the start: not recorded.';
  const busy = Math.round((Math.min(load, cores) / cores) * 100);
  const verdict =
    busy < 25
      ? 'a quiet machine'
      : `a busy machine: other work already kept about ${busy}% of the cores busy, and shared them with the benchmark, so every latency here is higher and every throughput lower than on a quiet machine of the same kind`;
  return `Load at the start: a 1-minute load average of ${load} on ${cores} cores — ${verdict}.`;
}

type ByLevel = Record<number, Stats>;

export type { BenchResults };

/** The single Redis vs Redis Cluster rows (also pasted by hand from `node bench/dist/datastore.js`). */
export function renderDatastore(d: DatastoreComparison | undefined): string {
  let out = `\n## Single Redis vs Redis Cluster\n\nThe same stack (one gateway, one worker) on one \`redis-server\` and on a Redis Cluster of 3 masters + 3 replicas (\`PAGEMAP_REDIS_MODE=cluster\`), in the same run. New session: form page, concurrency 1. Hop: a follow-up's client latency minus the worker's own job time.\n\n| datastore | new-session p50 ms | new-session p95 ms | gateway + queue hop p50 ms | hop p95 ms |\n| --- | --- | --- | --- | --- |\n`;
  for (const [mode, row] of Object.entries(d ?? {})) {
    if (row)
      out += `| ${mode === 'cluster' ? 'Redis Cluster (3+3)' : 'single Redis'} | ${ms(row.new_session_p50.p50)} | ${ms(row.new_session_p50.p95)} | ${ms(row.gateway_and_queue_hop.p50)} | ${ms(row.gateway_and_queue_hop.p95)} |\n`;
  }
  return out;
}

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const mb = (b: number | undefined) => (b === undefined ? '–' : (b / 2 ** 20).toFixed(1));
const x = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');

function levelTable(title: string, rows: Array<[string, ByLevel | undefined]>, levels: number[]): string {
  let out = `### ${title}\n\n| scenario | concurrency | p50 ms | p95 ms | throughput /s | errors |\n| --- | --- | --- | --- | --- | --- |\n`;
  for (const [name, by] of rows)
    for (const l of levels) {
      const s = by?.[l];
      if (s) out += `| ${name} | ${l} | ${ms(s.p50)} | ${ms(s.p95)} | ${s.throughput.toFixed(1)} | ${s.errors} |\n`;
    }
  return out + '\n';
}

export function renderReport(r: BenchResults): string {
  const L = r.levels;
  const top = L[L.length - 1]!;
  const lim = r.limit.form?.[1];
  const svc = r.service.new_session_form?.[1];
  const limTop = r.limit.form?.[top];
  const svcTop = r.service.new_session_form?.[top];
  const hop = r.overhead.gateway_and_queue_hop;
  const per50 = r.memory.per_session?.[50]?.per_session_bytes;
  const verdict = (ok: boolean | undefined) => (ok === undefined ? 'not measured' : ok ? '**met**' : '**not met**');
  let out = `# Benchmarks\n\nProduced by \`npm run bench\` (bench/src/main.ts) in one run on one machine; raw numbers in \`bench/results/latest.json\`.\nLoopback only: a local fixture site, a local Redis, the gateway and worker as real processes. Re-run it to check any number here.\n\n`;
  out += `## Machine\n\n${Object.entries(r.machine)
    .map(([k, v]) => `- ${k}: ${String(v)}`)
    .join('\n')}\n\n${loadNote(r.machine)}\n\n`;
  out += `## Targets\n\n| target | measured | verdict |\n| --- | --- | --- |\n`;
  out += `| new-session browse p50 ≤ 1.0× raw puppeteer (form page, concurrency 1) | service ${ms(svc?.p50)} ms vs raw ${ms(lim?.p50)} ms = ${svc && lim ? x(svc.p50, lim.p50) : '–'}× | ${verdict(svc && lim ? svc.p50 <= lim.p50 : undefined)} |\n`;
  out += `| throughput at concurrency ${top} ≥ 0.9× raw puppeteer's | service ${svcTop?.throughput.toFixed(1)}/s vs raw ${limTop?.throughput.toFixed(1)}/s = ${svcTop && limTop ? x(svcTop.throughput, limTop.throughput) : '–'}× | ${verdict(svcTop && limTop ? svcTop.throughput >= 0.9 * limTop.throughput : undefined)} |\n`;
  out += `| gateway + queue hop ≤ 5 ms p50 | ${ms(hop?.p50)} ms | ${verdict(hop ? hop.p50 <= 5 : undefined)} |\n`;
  out += `| ≤ 17 MB PSS per open idle session at 50 sessions | ${mb(per50)} MB | ${verdict(per50 === undefined ? undefined : per50 <= 17 * 2 ** 20)} |\n\n`;
  out += renderSpeed(r);
  out += renderAgent(r);
  out += `## The limit and the service\n\nThe limit is raw puppeteer in one process on the same Chromium binary and flags: new context, new page, navigate, extract the page map with the same extractor. The service is HTTP → gateway → BullMQ → worker.\n\n`;
  out += levelTable(
    'Raw puppeteer (the limit)',
    [
      ['form page', r.limit.form],
      ['60 KB article', r.limit.article],
    ],
    L,
  );
  out += levelTable(
    'Service',
    [
      ['new-session browse, form page', r.service.new_session_form],
      ['new-session browse, 60 KB article', r.service.new_session_article],
      ['follow-up browse', r.service.follow_up],
      ['one tool (login)', r.service.login_tool],
      ['5-tool batch', r.service.batch_5],
      ['DELETE session', r.service.delete],
    ],
    L,
  );
  out += `### Ratio service / limit (new-session browse)\n\n| page | concurrency | p50 ratio | throughput ratio |\n| --- | --- | --- | --- |\n`;
  for (const page of ['form', 'article'])
    for (const l of L) {
      const a = r.service[`new_session_${page}`]?.[l];
      const b = r.limit[page]?.[l];
      if (a && b) out += `| ${page} | ${l} | ${x(a.p50, b.p50)} | ${x(a.throughput, b.throughput)} |\n`;
    }
  out += `\n## Overheads\n\n| piece | p50 ms | p95 ms |\n| --- | --- | --- |\n`;
  out += `| follow-up browse, client end to end | ${ms(r.overhead.follow_up_e2e?.p50)} | ${ms(r.overhead.follow_up_e2e?.p95)} |\n`;
  out += `| of which the worker's job (its own clock) | ${ms(r.overhead.worker_job?.p50)} | ${ms(r.overhead.worker_job?.p95)} |\n`;
  out += `| of which gateway + queue hop + HTTP (the difference) | ${ms(hop?.p50)} | ${ms(hop?.p95)} |\n`;
  out += `| gateway alone: GET /v1/usage (auth + usage read, no queue) | ${ms(r.overhead.gateway_only_usage_get?.p50)} | ${ms(r.overhead.gateway_only_usage_get?.p95)} |\n`;
  for (const [page, p] of Object.entries(r.pieces)) {
    out += `| worker extraction, ${page} page (in-process) | ${ms(p.extract.p50)} | ${ms(p.extract.p95)} |\n`;
    out += `| offline summarizer, ${page} page | ${ms(p.summarize.p50)} | ${ms(p.summarize.p95)} |\n`;
    out += `| response encoding (JSON), ${page} page | ${ms(p.encode.p50)} | ${ms(p.encode.p95)} |\n`;
  }
  out += `\n## Memory (PSS)\n\n- gateway idle: ${mb(r.memory.gateway_idle_bytes)} MB\n- worker idle right after start (Node + Chromium, ${r.memory.worker_idle_processes} processes): ${mb(r.memory.worker_idle_bytes)} MB\n- worker with no session open, after the load phases (the baseline below; includes the context pool): ${mb(r.memory.zero_sessions_bytes)} MB\n\nPer session = (tree with N sessions − baseline) / N; each session is one BrowserContext with one page (its own renderer process).\n\n| open idle sessions | worker tree MB | processes | per session MB |\n| --- | --- | --- | --- |\n`;
  for (const [n, m] of Object.entries(r.memory.per_session ?? {}))
    out += `| ${n} | ${mb(m.tree_bytes)} | ${m.processes} | ${mb(m.per_session_bytes)} |\n`;
  out += `\n## Page-map cache\n\nThe same anonymous 60 KB article opened in a new session, with the cache emptied first (cold) and right after (warm); X-Cache was ${r.cache.headers ?? '–'}.\n\n| | p50 ms | p95 ms |\n| --- | --- | --- |\n| cold | ${ms(r.cache.cold?.p50)} | ${ms(r.cache.cold?.p95)} |\n| warm | ${ms(r.cache.warm?.p50)} | ${ms(r.cache.warm?.p95)} |\n`;
  out += `\n## Scale\n\nNew-session browses of the form page at concurrency ${top}.\n\n| workers | p50 ms | throughput /s |\n| --- | --- | --- |\n| 1 | ${ms(r.scale.one_worker?.p50)} | ${r.scale.one_worker?.throughput.toFixed(1)} |\n| 2 | ${ms(r.scale.two_workers?.p50)} | ${r.scale.two_workers?.throughput.toFixed(1)} |\n`;
  out += renderDatastore(r.datastore);
  return out;
}

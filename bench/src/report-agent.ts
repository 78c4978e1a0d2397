/** The issue-14 part of docs/benchmarks.md: what an agent feels, raw and service in the same rounds. */
import type { BenchResults } from './results';
import { median, type AgentRound } from './agent';
import { medianParts } from './proxy-cost';
import type { CpuParts } from './cpu';

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const verdict = (ok: boolean | undefined) => (ok === undefined ? 'not measured' : ok ? '**met**' : '**not met**');

function med(rounds: AgentRound[], pick: (r: AgentRound) => number): number {
  return median(rounds.map(pick));
}

function phaseTable(rounds: AgentRound[]): string {
  const b2b = medianParts(rounds.map((r) => r.phases_back_to_back));
  const think = medianParts(rounds.map((r) => r.phases_think));
  const names = [...new Set([...Object.keys(b2b), ...Object.keys(think)])];
  let out = `### Where a new session's time goes (the worker's \`pagemap_worker_phase_seconds\`, mean ms per job, median of rounds)\n\n| phase | back to back | with think time |\n| --- | --- | --- |\n`;
  for (const p of names) out += `| ${p} | ${ms(b2b[p])} | ${ms(think[p])} |\n`;
  const sum = (x: CpuParts) => Object.values(x).reduce((a, b) => a + (Number.isNaN(b) ? 0 : b), 0);
  out += `| **sum** | ${ms(sum(b2b))} | ${ms(sum(think))} |\n\n`;
  return out;
}

function cpuTable(r: BenchResults): string {
  const rounds = r.agent!.rounds;
  const raw = medianParts(rounds.map((x) => x.raw_cpu));
  const service = medianParts(rounds.map((x) => x.service_cpu));
  let out = `### CPU per browse by process (concurrency ${r.agent!.concurrency}, ms of CPU per new-session browse, median of rounds)\n\n`;
  out += `From /proc (utime+stime; Chromium's exited renderers through their parent's cutime/cstime). The service's figures include closing each session (raw closes its context inside each browse).\n\n| process | raw puppeteer | service |\n| --- | --- | --- |\n`;
  const rows = new Set([...Object.keys(raw), ...Object.keys(service)]);
  for (const k of rows) out += `| ${k} | ${ms(raw[k])} | ${ms(service[k])} |\n`;
  const total = (x: CpuParts) =>
    Object.entries(x)
      .filter(([k]) => !k.startsWith('bench'))
      .reduce((a, [, v]) => a + v, 0);
  out += `| **total, bench process excluded** | ${ms(total(raw))} | ${ms(total(service))} |\n\n`;
  if (r.proxy) {
    const p = r.proxy;
    out += `### The egress proxy's cost\n\nRaw puppeteer with and without the worker's egress proxy (the proxy alone in its own process, loopback allowed as in the bench's stack), rounds alternating.\n\n`;
    out += `| | without proxy | through the proxy |\n| --- | --- | --- |\n| new-session p50, back to back, ms | ${ms(p.plain_p50)} | ${ms(p.proxied_p50)} |\n| pages/s at concurrency ${r.agent!.concurrency} | ${p.plain_throughput.toFixed(1)} | ${p.proxied_throughput.toFixed(1)} |\n`;
    for (const k of new Set([...Object.keys(p.plain_cpu), ...Object.keys(p.proxied_cpu)]))
      out += `| CPU ms per browse: ${k} | ${ms(p.plain_cpu[k])} | ${ms(p.proxied_cpu[k])} |\n`;
    out += '\n';
  }
  return out;
}

export function renderAgent(r: BenchResults): string {
  const a = r.agent;
  if (!a || a.rounds.length === 0) return '';
  const R = a.rounds;
  const b2b = { raw: med(R, (x) => x.raw_back_to_back.p50), svc: med(R, (x) => x.service_back_to_back.p50) };
  const think = { raw: med(R, (x) => x.raw_think.p50), svc: med(R, (x) => x.service_think.p50) };
  const conc = { raw: med(R, (x) => x.raw_concurrent.throughput), svc: med(R, (x) => x.service_concurrent.throughput) };
  const tool = a.in_page_tool?.p50;
  const batch = r.service.batch_5?.[1]?.p50;
  const login = r.service.login_tool?.[1]?.p50;
  const ratio = (s: number, l: number) => s / l;
  let out = `## What an agent feels (issue 14)\n\n`;
  out += `Raw puppeteer and the service in the same ${R.length} round(s), interleaved (raw, then service, for each mode), so load from other processes falls on both alike; each figure is the median over rounds. Form page; think time ${a.thinkMs} ms (not timed). The service's new-session latency is the POST alone; the agent closes its last session during its think time. What the numbers mean, the targets not met and why (with profiles): [performance.md](performance.md).\n\n`;
  out += `| measure | raw | service | ratio | target | verdict |\n| --- | --- | --- | --- | --- | --- |\n`;
  out += `| new-session p50, back to back | ${ms(b2b.raw)} ms | ${ms(b2b.svc)} ms | ${ratio(b2b.svc, b2b.raw).toFixed(2)}× | ≤ 0.9× raw | ${verdict(ratio(b2b.svc, b2b.raw) <= 0.9)} |\n`;
  out += `| new-session p50, ${a.thinkMs} ms think time | ${ms(think.raw)} ms | ${ms(think.svc)} ms | ${ratio(think.svc, think.raw).toFixed(2)}× | ≤ 0.6× raw | ${verdict(ratio(think.svc, think.raw) <= 0.6)} |\n`;
  out += `| pages/s at concurrency ${a.concurrency} | ${conc.raw.toFixed(1)} | ${conc.svc.toFixed(1)} | ${ratio(conc.svc, conc.raw).toFixed(2)}× | ≥ 0.95× raw | ${verdict(ratio(conc.svc, conc.raw) >= 0.95)} |\n`;
  out += `| one in-page tool that does not navigate (a click), HTTP round trip, p50 | – | ${ms(tool)} ms | – | ≤ 60 ms | ${verdict(tool === undefined ? undefined : tool <= 60)} |\n`;
  out += `| 5-tool batch on the counter page, p50 (concurrency 1) | – | ${ms(batch)} ms | – | ≤ 350 ms | ${verdict(batch === undefined ? undefined : batch <= 350)} |\n`;
  out += `| login tool on the fixture, p50 (concurrency 1) | – | ${ms(login)} ms | – | ≤ 150 ms | ${verdict(login === undefined ? undefined : login <= 150)} |\n\n`;
  out += `Per round (p50 ms raw/service back to back; raw/service with think time; pages/s raw/service at concurrency ${a.concurrency}):\n\n| round | back to back | think time | concurrency ${a.concurrency} |\n| --- | --- | --- | --- |\n`;
  R.forEach((x, i) => {
    out += `| ${i + 1} | ${ms(x.raw_back_to_back.p50)} / ${ms(x.service_back_to_back.p50)} | ${ms(x.raw_think.p50)} / ${ms(x.service_think.p50)} | ${x.raw_concurrent.throughput.toFixed(1)} / ${x.service_concurrent.throughput.toFixed(1)} |\n`;
  });
  out += '\n' + phaseTable(R) + cpuTable(r);
  return out;
}

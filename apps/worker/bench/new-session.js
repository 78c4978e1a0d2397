#!/usr/bin/env node
/**
 * New-session latency with and without the context pool, and memory per open context.
 * Real gateway + worker processes, real Chromium, loopback fixture site.
 *
 *   node apps/worker/bench/new-session.js [sessions=20] [gapMs=250]
 *
 * For each pool size (0, then 2) it opens `sessions` sessions one after another, `gapMs` apart
 * (time for the pool to refill, as with real arrivals), and reports the end-to-end POST /v1/browse
 * latency, the worker's job run time, and the time to get a context+page. Then it sums the PSS
 * of the worker's Chromium process tree before and after, per open context.
 */
const { readFileSync } = require('node:fs');
const { execFileSync } = require('node:child_process');
const tu = require('@pagemap/test-utils');

const N = Number(process.argv[2] ?? 20);
const GAP = Number(process.argv[3] ?? 250);

function tree(pid) {
  let kids = [];
  try {
    kids = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {}
  return [pid, ...kids.flatMap(tree)];
}
function pssKb(pids) {
  let sum = 0;
  for (const p of pids) {
    // PSS: shared pages split among the processes sharing them, so the sum is not inflated.
    try {
      sum += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {}
  }
  return sum;
}
const pct = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const fmt = (xs) => `median ${pct(xs, 0.5).toFixed(1)} ms, p90 ${pct(xs, 0.9).toFixed(1)} ms`;

async function run(poolSize, site) {
  const stack = await tu.startStack({
    workers: 1,
    gateways: 1,
    workerEnv: { PAGEMAP_CONTEXT_POOL_SIZE: String(poolSize), PAGEMAP_MAX_SESSIONS: '50' },
  });
  try {
    const { apiKey: key } = await stack.tenant({ plan: 'scale' });
    const w = stack.workers[0];
    for (;;) {
      const h = await tu.api(stack.url, 'GET', '/health?deep=true');
      if (h.status === 200) break;
      await tu.sleep(50);
    }
    // Warm-up: first page load, summary cache, pool filled.
    for (let i = 0; i < 3; i++)
      await tu.api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/article.html') } });
    await tu.sleep(1000);
    const chromium = w.logs().find((l) => l.msg === 'browser started').chromiumPid;
    const before = pssKb(tree(chromium));
    const e2e = [];
    const ids = [];
    for (let i = 0; i < N; i++) {
      await tu.sleep(GAP);
      const t = performance.now();
      const r = await tu.api(stack.url, 'POST', '/v1/browse', { key, body: { url: site.url('/article.html') } });
      e2e.push(performance.now() - t);
      if (r.status !== 200) throw new Error(`open failed: ${r.status} ${JSON.stringify(r.body)}`);
      ids.push(r.body.session_id);
    }
    await tu.sleep(1500);
    const after = pssKb(tree(chromium));
    const served = w
      .logs()
      .filter((l) => l.msg === 'job served' && ids.includes(l.sessionId))
      .map((l) => Number(l.ms));
    const metrics = await (await fetch(`${w.url}/metrics`)).text();
    const acq = (src) => {
      const m = [
        ...metrics.matchAll(
          new RegExp(
            `pagemap_worker_context_acquire_seconds_(sum|count)\\{[^}]*source="${src}"[^}]*\\}\\s+(\\S+)`,
            'g',
          ),
        ),
      ];
      const o = Object.fromEntries(m.map((x) => [x[1], Number(x[2])]));
      return o.count ? `${o.count} × avg ${((o.sum / o.count) * 1000).toFixed(2)} ms` : 'none';
    };
    console.log(
      `pool=${poolSize}: POST /v1/browse (new session) ${fmt(e2e)}; worker job ${fmt(served)}; context+page from pool: ${acq('pool')}, made on demand: ${acq('new')}`,
    );
    console.log(
      `pool=${poolSize}: Chromium PSS ${Math.round(before / 1024)} MB → ${Math.round(after / 1024)} MB with ${N} more open sessions: ${((after - before) / 1024 / N).toFixed(1)} MB per context`,
    );
  } finally {
    await stack.stop();
  }
}

(async () => {
  const site = await tu.startFixtureServer();
  try {
    await run(0, site);
    await run(2, site);
  } finally {
    await site.close();
  }
})().catch((err) => {
  console.error(err);
  process.exit(1);
});

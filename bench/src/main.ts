#!/usr/bin/env node
/**
 * `npm run bench`: measures, in one run on this machine, raw puppeteer (the limit) and the whole
 * service side by side, then writes bench/results/latest.json and docs/benchmarks.md.
 * Loopback only; every phase is bounded in count; everything started is stopped at the end.
 * BENCH_QUICK=1 runs a smaller version (for a smoke check).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, startFixtureServer, startStack, FIXTURE_USERS, type Stack } from '@pagemap/test-utils';
import { launchLimitBrowser, limitAtConcurrency, rawBrowse, workerPieces } from './limit';
import * as svc from './service';
import { summarize, timeIt, type Stats } from './stats';
import { treePss } from './memory';
import { machine } from './machine';
import { renderReport, type BenchResults } from './report';
import { compareDatastores } from './datastore';
import { runAgent } from './agent-run';
import { proxyCost } from './proxy-cost';
import { idleCost } from './idle-cost';
import { measurePageWork } from './page-work';

const QUICK = process.env.BENCH_QUICK === '1';
// BENCH_LEVELS=1,4,16 measures fewer concurrency levels (a shorter run on a busy machine).
const LEVELS = process.env.BENCH_LEVELS
  ? process.env.BENCH_LEVELS.split(',').map(Number)
  : QUICK
    ? [1, 4]
    : [1, 2, 4, 8, 16];
const total = (c: number) => (QUICK ? 8 : Math.max(20, 3 * c));
const ROOT = resolve(__dirname, '..', '..');
const log = (m: string) => process.stderr.write(`[bench] ${m}\n`);
/** Issue 14's agent cadence: think time between requests, rounds interleaving raw and service. */
const THINK_MS = 400;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 5));
// Issue 30: idle sessions held open while new ones are measured (BENCH_IDLE=0,50 for a shorter run).
const IDLE = process.env.BENCH_IDLE ? process.env.BENCH_IDLE.split(',').map(Number) : QUICK ? [0, 20] : [0, 50, 200];
/**
 * Room for the idle sessions beside a whole concurrent run (whose sessions are closed after it)
 * and the pool; idle sessions must outlast the run.
 */
const WORKER_ENV = {
  PAGEMAP_MAX_SESSIONS: String(Math.max(80, Math.max(...IDLE) + total(LEVELS[LEVELS.length - 1]!) + 20)),
  PAGEMAP_OPEN_CONCURRENCY: '16',
  PAGEMAP_SESSION_IDLE_S: '1800',
  PAGEMAP_SESSION_MAX_AGE_S: '3600',
};

async function main(): Promise<void> {
  const site = await startFixtureServer();
  const pages = { form: site.url('/form.html'), article: site.url('/big-article.html') };
  const results: BenchResults = {
    machine: machine(),
    quick: QUICK,
    levels: LEVELS,
    limit: {},
    service: {},
    pieces: {},
    overhead: {},
    memory: {},
    cache: {},
    scale: {},
  };
  const stacks: Stack[] = [];
  try {
    // 1. The limit: raw puppeteer.
    log('limit: raw puppeteer');
    const browser = await launchLimitBrowser();
    try {
      for (let i = 0; i < 5; i++) await rawBrowse(browser, pages.form);
      for (const [name, url] of Object.entries(pages)) {
        results.limit[name] = {};
        for (const c of LEVELS) results.limit[name]![c] = await limitAtConcurrency(browser, url, c, total(c));
        results.pieces[name] = await workerPieces(browser, url, QUICK ? 10 : 30);
      }
    } finally {
      await browser.close();
    }

    // 1a. One page's work in counts: protocol messages, bytes, Chromium CPU (issue 30).
    log('page work: protocol messages, bytes, CPU per page');
    results.pageWork = await measurePageWork(site, pages.form, QUICK ? 8 : 30);

    // 1b. What the egress proxy costs: raw puppeteer with and without it, rounds alternating.
    log('egress proxy cost');
    results.proxy = await proxyCost(pages.form, {
      rounds: QUICK ? 1 : 3,
      n: QUICK ? 5 : 15,
      concurrency: LEVELS[LEVELS.length - 1]!,
      total: total(LEVELS[LEVELS.length - 1]!),
    });

    // 2. The service, one gateway + one worker.
    log('service: 1 gateway + 1 worker');
    const stack = await startStack({
      workers: 1,
      gateways: 1,
      workerEnv: { ...WORKER_ENV, LOG_LEVEL: 'info' },
    });
    stacks.push(stack);
    const { apiKey } = await stack.tenant({ plan: 'scale' });
    const c = { base: stack.url, key: apiKey };
    const gatewayIdle = treePss(stack.gateways[0]!.pid).bytes;
    const workerIdle = treePss(stack.workers[0]!.pid);
    for (let i = 0; i < 5; i++) await svc.close(c, await svc.open(c, pages.form));

    for (const [name, url] of Object.entries(pages)) {
      results.service[`new_session_${name}`] = {};
      for (const lvl of LEVELS)
        results.service[`new_session_${name}`]![lvl] = await svc.newSessionBrowse(c, url, lvl, total(lvl));
    }
    const password = FIXTURE_USERS.alice!;
    const counter = site.url('/bench-counter.html');
    const counterTools = (await api(c.base, 'POST', '/v1/browse', { key: apiKey, body: { url: counter } })).body;
    await svc.close(c, counterTools.session_id);
    const buttons = svc.buttonTools(counterTools.tools).slice(0, 5);
    log(`batch tools: ${buttons.join(', ')}`);
    results.service.follow_up = {};
    results.service.login_tool = {};
    results.service.batch_5 = {};
    results.service.delete = {};
    for (const lvl of LEVELS) {
      results.service.follow_up[lvl] = await svc.followUps(c, pages.form, lvl, total(lvl));
      results.service.login_tool[lvl] = await svc.loginTool(c, site.url('/login.html'), lvl, total(lvl), password);
      results.service.batch_5[lvl] = await svc.batch(
        c,
        counter,
        buttons.map((tool) => ({ tool })),
        lvl,
        total(lvl),
      );
      results.service.delete[lvl] = await svc.deletes(c, pages.form, lvl, total(lvl));
    }

    // 2b. What an agent feels (issue 14): raw and service interleaved in rounds, medians.
    log('agent cadence: back to back, think time, concurrency, in-page tool');
    results.agent = await runAgent(stack, c, {
      url: pages.form,
      counter,
      tool: buttons[0]!,
      rounds: ROUNDS,
      n: QUICK ? 6 : 15,
      thinkMs: THINK_MS,
      concurrency: LEVELS[LEVELS.length - 1]!,
      concurrentTotal: total(LEVELS[LEVELS.length - 1]!),
    });

    // 2c. What idle sessions cost the next one (issue 30).
    log(`idle sessions: ${IDLE.join(', ')}`);
    results.idle = await idleCost(stack, c, {
      url: pages.form,
      levels: IDLE,
      n: QUICK ? 6 : 15,
      thinkMs: THINK_MS,
      concurrency: LEVELS[LEVELS.length - 1]!,
      concurrentTotal: total(LEVELS[LEVELS.length - 1]!),
      settleS: Number(process.env.BENCH_IDLE_SETTLE_S ?? (QUICK ? 0 : 45)),
    });

    // 3. Overheads: per request, client latency minus the worker's own job time.
    log('overheads');
    const hop = await svc.hopOverhead(stack, c, pages.form, QUICK ? 20 : 60);
    results.overhead.follow_up_e2e = summarize(hop.e2e, 0, 1);
    results.overhead.worker_job = summarize(
      hop.worker.filter((v) => !Number.isNaN(v)),
      0,
      1,
    );
    results.overhead.gateway_and_queue_hop = summarize(
      hop.hop.filter((v) => !Number.isNaN(v)),
      0,
      1,
    );
    results.overhead.gateway_only_usage_get = await timeIt(QUICK ? 20 : 60, async () => {
      const r = await api(c.base, 'GET', '/v1/usage', { key: apiKey });
      if (r.status !== 200) throw new Error(String(r.status));
    });

    // 4. Cache: the same anonymous page, cold (cache emptied first) vs warm.
    log('cache');
    const cacheKeys = async () => await stack.redis.client.keys(`${stack.keys.prefix}:pagemap:*`);
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < (QUICK ? 5 : 20); i++) {
      const keys = await cacheKeys();
      if (keys.length) await stack.redis.client.del(...keys);
      let t = performance.now();
      const a = await api(c.base, 'POST', '/v1/browse', { key: apiKey, body: { url: pages.article } });
      cold.push(performance.now() - t);
      t = performance.now();
      const b = await api(c.base, 'POST', '/v1/browse', { key: apiKey, body: { url: pages.article } });
      warm.push(performance.now() - t);
      results.cache.headers = `${a.headers.get('x-cache')}/${b.headers.get('x-cache')}`;
      await Promise.all([svc.close(c, a.body.session_id), svc.close(c, b.body.session_id)]);
    }
    results.cache.cold = summarize(cold, 0, 1);
    results.cache.warm = summarize(warm, 0, 1);

    // 5. Memory: worker process tree (Node + Chromium) with N idle sessions open.
    log('memory');
    results.memory.gateway_idle_bytes = gatewayIdle;
    results.memory.worker_idle_bytes = workerIdle.bytes;
    results.memory.worker_idle_processes = workerIdle.processes;
    results.memory.per_session = {};
    // The baseline for per-session cost is the worker tree with no session open, measured now
    // (after the load phases, so heaps and caches are warm), not at start-up. It includes the
    // context pool's ready contexts, which the worker keeps whatever the number of sessions.
    await new Promise((r) => setTimeout(r, 1500));
    const zero = treePss(stack.workers[0]!.pid);
    results.memory.zero_sessions_bytes = zero.bytes;
    for (const n of QUICK ? [1, 10] : [1, 10, 50]) {
      const ids = await svc.openMany(c, pages.form, n);
      await new Promise((r) => setTimeout(r, 1500));
      const now = treePss(stack.workers[0]!.pid);
      const again = treePss(stack.workers[0]!.pid).bytes; // two samples, averaged
      const bytes = Math.round((now.bytes + again) / 2);
      results.memory.per_session[n] = {
        tree_bytes: bytes,
        processes: now.processes,
        per_session_bytes: Math.round((bytes - zero.bytes) / n),
      };
      for (const id of ids) await svc.close(c, id);
    }

    // 6. Scale: the same load with two workers.
    log('scale: 2 workers');
    const top = LEVELS[LEVELS.length - 1]!;
    results.scale.one_worker = results.service.new_session_form![top]!;
    await stack.addWorker(WORKER_ENV);
    results.scale.two_workers = await svc.newSessionBrowse(c, pages.form, top, total(top) * 2);

    // 7. Datastore: the same small stack on a single Redis and on a 6-node Redis Cluster.
    log('datastore: single Redis vs Redis Cluster');
    results.datastore = await compareDatastores(site, QUICK);
  } finally {
    for (const s of stacks) await s.stop();
    await site.close();
  }
  const outDir = join(ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'latest.json'), JSON.stringify(results, null, 2));
  if (!QUICK) writeFileSync(join(ROOT, 'docs', 'benchmarks.md'), renderReport(results));
  process.stdout.write(renderReport(results));
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);

export type { Stats };

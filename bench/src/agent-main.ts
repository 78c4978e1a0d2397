#!/usr/bin/env node
/**
 * `node bench/dist/agent-main.js [label]`: only the issue-14 agent scenarios (rounds of raw and
 * service interleaved, the in-page tool, phases, CPU by process) on a fresh one-worker stack;
 * prints the report section and writes bench/results/agent-<label>.json. Quicker than the whole
 * bench, for before/after comparisons of one change. BENCH_QUICK=1 and BENCH_ROUNDS=N apply.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, startFixtureServer, startStack } from '@pagemap/test-utils';
import { machine } from './machine';
import { runAgent } from './agent-run';
import { buttonTools } from './service';
import { renderAgent } from './report-agent';
import type { BenchResults } from './results';

const QUICK = process.env.BENCH_QUICK === '1';
const ROOT = resolve(__dirname, '..', '..');

async function main(): Promise<void> {
  const label = process.argv[2] ?? 'latest';
  const site = await startFixtureServer();
  const stack = await startStack({
    workers: 1,
    gateways: 1,
    workerEnv: { PAGEMAP_MAX_SESSIONS: '80', PAGEMAP_OPEN_CONCURRENCY: '16', LOG_LEVEL: 'info' },
  });
  try {
    const { apiKey } = await stack.tenant({ plan: 'scale' });
    const c = { base: stack.url, key: apiKey };
    const counter = site.url('/bench-counter.html');
    const probe = await api(c.base, 'POST', '/v1/browse', { key: apiKey, body: { url: counter } });
    await api(c.base, 'DELETE', `/v1/session/${probe.body.session_id}`, { key: apiKey });
    const tool = buttonTools(probe.body.tools)[0]!;
    const top = QUICK ? 4 : 16;
    const agent = await runAgent(stack, c, {
      url: site.url('/form.html'),
      counter,
      tool,
      rounds: Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3)),
      n: QUICK ? 6 : 15,
      thinkMs: 400,
      concurrency: top,
      concurrentTotal: Math.max(20, 3 * top),
    });
    const results = {
      machine: machine(),
      quick: QUICK,
      levels: [1, top],
      limit: {},
      service: {},
      pieces: {},
      overhead: {},
      memory: {},
      cache: {},
      scale: {},
      agent,
    } as BenchResults;
    const dir = join(ROOT, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `agent-${label}.json`), JSON.stringify(results, null, 2));
    process.stdout.write(renderAgent(results));
  } finally {
    await stack.stop();
    await site.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`agent bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);

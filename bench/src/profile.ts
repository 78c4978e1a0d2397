#!/usr/bin/env node
/**
 * `node bench/dist/profile.js [browses=200] [concurrency=16]`: CPU profiles of the gateway and the
 * worker under new-session load (V8's --cpu-prof, written when they stop), summarized as the
 * functions with the most self time, grouped by package. The .cpuprofile files stay in
 * bench/results/profiles/ (open them in Chrome DevTools). Loopback only; stops by itself.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startFixtureServer, startStack } from '@pagemap/test-utils';
import * as svc from './service';
import { runConcurrent } from './stats';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const ROOT = resolve(__dirname, '..', '..');
const DIR = join(ROOT, 'bench', 'results', 'profiles');

/** Self time per function and per package (or "node:" internals, "(garbage collector)", ...). */
export function summarizeProfile(file: string, top = 25): string {
  const p = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000));
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const n = byId.get(id)!;
    const url = n.callFrame.url;
    const where =
      /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      /\/(apps|packages)\/([^/]+)\//.exec(url)?.slice(1).join('/') ??
      (url.startsWith('node:') ? 'node internals' : url ? url : n.callFrame.functionName);
    if (n.callFrame.functionName === '(idle)') continue;
    total += ms;
    const name = `${n.callFrame.functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
    fn.set(name, (fn.get(name) ?? 0) + ms);
    pkg.set(where, (pkg.get(where) ?? 0) + ms);
  }
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `| ${k.replace(/\|/g, '\\|')} | ${v.toFixed(0)} | ${((v / total) * 100).toFixed(1)} % |`)
      .join('\n');
  return `busy ${total.toFixed(0)} ms\n\n| package | self ms | share |\n| --- | --- | --- |\n${rows(pkg)}\n\n| function | self ms | share |\n| --- | --- | --- |\n${rows(fn)}\n`;
}

async function main(): Promise<void> {
  const browses = Number(process.argv[2] ?? 200);
  const concurrency = Number(process.argv[3] ?? 16);
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const site = await startFixtureServer();
  const prof = (name: string) => ({ NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${join(DIR, name)}` });
  const stack = await startStack({
    workers: 1,
    gateways: 1,
    gatewayEnv: prof('gateway'),
    workerEnv: { PAGEMAP_MAX_SESSIONS: '80', PAGEMAP_OPEN_CONCURRENCY: '16', ...prof('worker') },
  });
  try {
    const { apiKey } = await stack.tenant({ plan: 'scale' });
    const c = { base: stack.url, key: apiKey };
    const url = site.url('/form.html');
    // Each lane opens a session and closes it (a session's whole life, within the worker's capacity).
    const s = await runConcurrent(concurrency, browses, async () => svc.close(c, await svc.open(c, url)));
    process.stdout.write(
      `${browses} sessions opened and closed at concurrency ${concurrency}: p50 ${s.p50.toFixed(1)} ms, ${s.throughput.toFixed(1)}/s, errors ${s.errors}\n\n`,
    );
  } finally {
    await stack.stop();
    await site.close();
  }
  for (const name of ['gateway', 'worker']) {
    const files = readdirSync(join(DIR, name)).filter((f) => f.endsWith('.cpuprofile'));
    for (const f of files) process.stdout.write(`## ${name} (${f})\n\n${summarizeProfile(join(DIR, name, f))}\n`);
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`profile failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}

#!/usr/bin/env node
/**
 * `npm run soak`: opens and closes 1,000 sessions (8 at a time) on a fixture page through a real
 * stack (1 gateway, 1 worker), sampling the worker's process tree — PSS and the number of Chromium
 * processes — after warm-up, during the run and after the closes have settled. Passes when the end
 * figures are within 10% of the start. Writes docs/soak.md.
 *
 * Loopback only. Bounded: SOAK_SESSIONS (default 1000), SOAK_CONCURRENCY (default 8) and a hard
 * time limit SOAK_TIME_LIMIT_S (default 900) after which everything is stopped and the run fails.
 * Not part of the default test command.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { metric, startFixtureServer, startStack, waitFor, type FixtureServer, type Stack } from '@pagemap/test-utils';
import { close, open, type Client } from './service';
import { processTree, pss } from './memory';
import { machine } from './machine';

const SESSIONS = Number(process.env.SOAK_SESSIONS ?? 1000);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const TIME_LIMIT_S = Number(process.env.SOAK_TIME_LIMIT_S ?? 900);
const WARMUP = 20;
const TOLERANCE = 0.1;
const ROOT = resolve(__dirname, '..', '..');
const log = (m: string) => process.stderr.write(`[soak] ${m}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  label: string;
  sessions: number;
  pssMiB: number;
  processes: number;
  chromium: number;
  /** PSS of the worker's own Node process, of Chromium's browser process, of its other processes. */
  nodeMiB: number;
  browserMiB: number;
  childrenMiB: number;
  /** Private memory (USS) of the whole tree: unlike PSS, not moved by other processes sharing pages. */
  ussMiB: number;
}

function uss(pid: number): number {
  try {
    const t = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(t)?.[1] ?? 0);
    return (kb('Private_Clean') + kb('Private_Dirty')) * 1024;
  } catch {
    return 0;
  }
}

function isBrowserMain(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=');
  } catch {
    return false;
  }
}

function comm(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

function sample(workerPid: number, label: string, sessions: number): Sample {
  const pids = processTree(workerPid);
  const bytes = pids.reduce((a, p) => a + pss(p), 0);
  const chromiumPids = pids.filter((p) => p !== workerPid && /chrom|headless/i.test(comm(p)));
  const chromium = chromiumPids.length;
  const mib = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
  const browser = chromiumPids.filter(isBrowserMain).reduce((a, p) => a + pss(p), 0);
  const node = pss(workerPid);
  const s = {
    label,
    sessions,
    pssMiB: mib(bytes),
    processes: pids.length,
    chromium,
    nodeMiB: mib(node),
    browserMiB: mib(browser),
    childrenMiB: mib(bytes - node - browser),
    ussMiB: mib(pids.reduce((a, p) => a + uss(p), 0)),
  };
  log(
    `${label}: ${sessions} sessions, PSS ${s.pssMiB} MiB (node ${s.nodeMiB}, browser ${s.browserMiB}, other Chromium ${s.childrenMiB}), USS ${s.ussMiB} MiB, ${s.processes} processes (${chromium} Chromium)`,
  );
  return s;
}

/**
 * Both ends are measured the same way: idle, after the worker's own idle reclaim has run
 * (PAGEMAP_IDLE_RECLAIM_S, default 10 s, so 10-20 s after the last session). Waits at most 45 s.
 */
async function waitForReclaim(workerUrl: string, count: number): Promise<void> {
  await waitFor(
    async () => (await metric(workerUrl, 'pagemap_worker_memory_reclaims_total')) >= count,
    45_000,
    `${count} idle memory reclaims`,
    500,
  ).catch((err: Error) => log(err.message));
}

function pct(end: number, start: number): string {
  const d = ((end - start) / start) * 100;
  return `${d >= 0 ? '+' : ''}${d.toFixed(1)}%`;
}

async function main(): Promise<number> {
  const started = Date.now();
  let site: FixtureServer | undefined;
  let stack: Stack | undefined;
  const stopAll = async () => {
    await stack?.stop().catch(() => undefined);
    await site?.close().catch(() => undefined);
  };
  const hardLimit = setTimeout(() => {
    log(`time limit of ${TIME_LIMIT_S} s reached: stopping everything`);
    void stopAll().finally(() => process.exit(2));
  }, TIME_LIMIT_S * 1000);
  try {
    site = await startFixtureServer();
    const page = site.url('/form.html');
    stack = await startStack({ workers: 1, gateways: 1 });
    const t = await stack.tenant({ plan: 'scale' });
    await stack.accounts.setLimits(t.tenant.id, { ratePerSecond: 10_000 });
    const c: Client = { base: stack.url, key: t.apiKey };
    const workerPid = stack.workers[0]!.pid;

    log(`warm-up: ${WARMUP} sessions`);
    for (let i = 0; i < WARMUP; i++) await close(c, await open(c, page));
    const workerUrl = stack.workers[0]!.url;
    await waitForReclaim(workerUrl, 1);
    const samples: Sample[] = [sample(workerPid, 'start (after warm-up)', 0)];
    const start = samples[0]!;

    let next = 0;
    let done = 0;
    let errors = 0;
    const firstErrors: string[] = [];
    const every = Math.max(1, Math.floor(SESSIONS / 10));
    const runStarted = Date.now();
    const lane = async () => {
      while (next < SESSIONS) {
        next += 1;
        try {
          await close(c, await open(c, page));
        } catch (err) {
          errors += 1;
          if (firstErrors.length < 5) firstErrors.push(String(err));
        }
        done += 1;
        if (done % every === 0 && done < SESSIONS) samples.push(sample(workerPid, 'during', done));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    const runS = (Date.now() - runStarted) / 1000;
    samples.push(sample(workerPid, 'all closed', done));

    // Settle: the worker frees contexts at once, Chromium's renderers exit shortly after, and the
    // worker gives back its heap once it has been idle for PAGEMAP_IDLE_RECLAIM_S.
    await waitForReclaim(workerUrl, 2);
    const settleBy = Date.now() + 30_000;
    let end = sample(workerPid, 'settling', done);
    while (Date.now() < settleBy && (end.chromium > start.chromium || end.pssMiB > start.pssMiB * (1 + TOLERANCE))) {
      await sleep(2_000);
      end = sample(workerPid, 'settling', done);
    }
    end = { ...end, label: 'end (closes settled)' };
    samples.push(end);

    const pssOk = end.pssMiB <= start.pssMiB * (1 + TOLERANCE);
    const chromiumOk = end.chromium <= Math.max(start.chromium * (1 + TOLERANCE), start.chromium);
    const pass = pssOk && chromiumOk && errors === 0 && done === SESSIONS;
    const m = machine();
    const peak = samples.reduce((a, s) => Math.max(a, s.pssMiB), 0);
    const md = [
      '# Soak: 1,000 sessions opened and closed',
      '',
      'Produced by `pnpm soak` (`scripts/soak.sh` → `bench/dist/soak.js`); not part of the default test command.',
      `One gateway and one worker on a real Redis; ${SESSIONS} sessions opened (\`POST /v1/browse\` with \`url\`) and closed (\`DELETE /v1/session/{id}\`), ${CONCURRENCY} at a time, on the loopback fixture page \`/form.html\`.`,
      `The worker's process tree (the worker's Node process and its Chromium) is sampled from /proc: PSS summed over the tree, and the count of Chromium processes.`,
      `Start is after ${WARMUP} warm-up sessions; end is after all sessions are closed. Both are taken the same way: once the worker, idle, has run its own memory reclaim (\`PAGEMAP_IDLE_RECLAIM_S\`, default 10 s; one full, memory-reducing V8 collection, see \`apps/worker/src/memory-reclaim.ts\`), then, at the end, once the tree has settled (at most 30 s more).`,
      'PSS splits pages shared with other processes among them, so it also moves when other Chromium or Node processes on the machine start or stop; USS (private pages only) is given alongside.',
      '',
      '## Result',
      '',
      `**${pass ? 'PASS' : 'FAIL'}** — end PSS ${end.pssMiB} MiB vs start ${start.pssMiB} MiB (${pct(end.pssMiB, start.pssMiB)}, bound +10%); Chromium processes ${end.chromium} vs ${start.chromium}; ${done} sessions, ${errors} errors, ${runS.toFixed(1)} s (${(done / runS).toFixed(1)} sessions/s); peak PSS during the run ${peak} MiB.`,
      ...(firstErrors.length ? ['', 'First errors:', '', ...firstErrors.map((e) => `- ${e.replace(/\n/g, ' ')}`)] : []),
      '',
      '## Samples',
      '',
      '| When | Sessions done | Worker tree PSS (MiB) | of which worker Node | Chromium browser process | other Chromium processes | Tree USS (MiB) | Processes in tree | Chromium processes |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...samples
        .filter((s) => s.label !== 'settling')
        .map(
          (s) =>
            `| ${s.label} | ${s.sessions} | ${s.pssMiB} | ${s.nodeMiB} | ${s.browserMiB} | ${s.childrenMiB} | ${s.ussMiB} | ${s.processes} | ${s.chromium} |`,
        ),
      '',
      '## Machine',
      '',
      `- CPU: ${m.cpu} (${m.cores} cores), ${m.memoryGiB} GiB`,
      `- Kernel ${m.kernel}, Node ${m.node}`,
      `- Chromium: ${m.chromium}`,
      `- Redis: ${m.redis}`,
      `- Run: ${m.date}, ${((Date.now() - started) / 1000).toFixed(0)} s in all. Other work was running on the machine at the same time.`,
      '',
    ].join('\n');
    if (process.env.SOAK_NO_WRITE !== '1') writeFileSync(join(ROOT, 'docs', 'soak.md'), md);
    process.stdout.write(md);
    return pass ? 0 : 1;
  } finally {
    clearTimeout(hardLimit);
    await stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`[soak] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);

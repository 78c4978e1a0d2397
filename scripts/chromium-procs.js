#!/usr/bin/env node
/**
 * The Chromium processes one test run started, told apart from every other Chromium on the
 * machine (a developer's browser, another checkout's tests) by the run's marker in their
 * environment: scripts/test.sh exports PAGEMAP_TEST_RUN=<id>, the test helpers pass it to the
 * gateways, workers and launchers they spawn, and every Chromium they launch inherits it.
 *
 *   node scripts/chromium-procs.js count <id>            number of live processes of run <id>
 *   node scripts/chromium-procs.js check <id> [waitMs]   exit 0 once none is left (waits up to
 *                                                        waitMs, default 10000), else list up to
 *                                                        5 of them on stderr and exit 1
 */
'use strict';
const { readFileSync, readdirSync } = require('node:fs');

/** Every process now: parent, name, state, whether its environment carries `marker`, command line. */
function snapshot(marker) {
  const procs = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      let marked = false;
      try {
        marked = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(marker);
      } catch {
        /* not ours to read */
      }
      procs.set(Number(entry), { pid: Number(entry), ppid: Number(ppid), comm, state, marked });
    } catch {
      /* gone meanwhile */
    }
  }
  return procs;
}

/**
 * Live (not zombie) processes named "chrom…" that carry the run's marker or descend from one
 * that does. Chromium's helpers (zygotes, renderers) overwrite their environment area with their
 * process title, so they are recognised through their browser process (or the test process
 * above it); a browser left behind keeps its own environment, so a leak is always seen.
 */
function runProcesses(runId) {
  const procs = snapshot(`PAGEMAP_TEST_RUN=${runId}`);
  const ofRun = (p) => {
    for (let cur = p, hops = 0; cur && hops < 64; cur = procs.get(cur.ppid), hops++) if (cur.marked) return true;
    return false;
  };
  const found = [];
  for (const p of procs.values()) {
    if (!p.comm.startsWith('chrom') || p.state === 'Z' || !ofRun(p)) continue;
    let args = '';
    try {
      args = readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      /* gone meanwhile */
    }
    found.push({ pid: p.pid, args });
  }
  return found;
}

async function main() {
  const [cmd, runId, waitArg] = process.argv.slice(2);
  if (!runId || !/^[A-Za-z0-9_.-]+$/.test(runId) || (cmd !== 'count' && cmd !== 'check')) {
    process.stderr.write('usage: chromium-procs.js count|check <run id> [waitMs]\n');
    process.exit(2);
  }
  if (cmd === 'count') {
    process.stdout.write(`${runProcesses(runId).length}\n`);
    return;
  }
  // Every suite closes its browsers; give the last ones a few seconds to exit.
  const until = Date.now() + Number(waitArg ?? 10_000);
  let left = runProcesses(runId);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 500));
    left = runProcesses(runId);
  }
  if (left.length === 0) return;
  process.stderr.write(`FAIL: ${left.length} Chromium process(es) of this test run left running after the tests\n`);
  for (const p of left.slice(0, 5)) process.stderr.write(`  ${p.pid} ${p.args.slice(0, 200)}\n`);
  process.exit(1);
}

main().catch((err) => {
  process.stderr.write(`chromium-procs: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
});

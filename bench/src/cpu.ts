/**
 * CPU time by process, from /proc (Linux): how much CPU one browse costs in the gateway, the
 * worker's Node process, its Chromium and Redis. Chromium's renderers come and go with sessions:
 * a process that exited and was reaped is counted through its parent's cutime/cstime, so the sum
 * over the live tree of (own + reaped children's) time is the whole tree's CPU since it started.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { processTree } from '@pagemap/test-utils';

let tickMs: number | undefined;
function msPerTick(): number {
  if (tickMs === undefined) {
    try {
      tickMs = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    } catch {
      tickMs = 10;
    }
  }
  return tickMs;
}

/** utime, stime, cutime, cstime of one process in ms; zeros when it is gone. */
function times(pid: number): { own: number; reaped: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: state(3) ... utime(14) stime(15) cutime(16) cstime(17).
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const t = msPerTick();
    return { own: (f[11]! + f[12]!) * t, reaped: (f[13]! + f[14]!) * t };
  } catch {
    return { own: 0, reaped: 0 };
  }
}

/** CPU ms of one process alone (its threads, not its children). */
export function processCpuMs(pid: number): number {
  return times(pid).own;
}

/** CPU ms of a process's descendants (not the process itself), live or reaped. */
export function descendantsCpuMs(pid: number): number {
  const tree = processTree(pid);
  let sum = times(pid).reaped;
  for (const p of tree.slice(1)) {
    const t = times(p);
    sum += t.own + t.reaped;
  }
  return sum;
}

/** CPU ms of a process and all its descendants, live or reaped: a whole browser's or worker's tree. */
export function treeCpuMs(pid: number): number {
  return processCpuMs(pid) + descendantsCpuMs(pid);
}

/** Descendants of this process whose command is `name` (the bench starts Redis itself). */
export function descendantsNamed(name: string): number[] {
  return processTree(process.pid)
    .slice(1)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });
}

export type CpuParts = Record<string, number>;

/** A snapshot of named CPU counters; `perOp` turns two snapshots into ms per operation. */
export function snapshot(parts: Record<string, () => number>): CpuParts {
  const out: CpuParts = {};
  for (const [k, f] of Object.entries(parts)) out[k] = f();
  return out;
}

export function perOp(before: CpuParts, after: CpuParts, ops: number): CpuParts {
  const out: CpuParts = {};
  for (const k of Object.keys(after)) out[k] = ops > 0 ? (after[k]! - (before[k] ?? 0)) / ops : NaN;
  return out;
}

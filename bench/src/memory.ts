/** Proportional set size (PSS) of a process and all its descendants, from /proc (Linux). */
import { readFileSync, readdirSync } from 'node:fs';

function children(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* process gone */
    }
  }
  return out;
}

export function processTree(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]!));
  return all;
}

/** PSS in bytes of one process (smaps_rollup), 0 when it is gone. */
export function pss(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function treePss(pid: number): { bytes: number; processes: number } {
  const pids = processTree(pid);
  return { bytes: pids.reduce((a, p) => a + pss(p), 0), processes: pids.length };
}

/** Proportional set size (PSS) of a process and all its descendants, from /proc (Linux). */
import { readFileSync } from 'node:fs';
import { processTree } from '@pagemap/test-utils';

export { processTree };

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

/**
 * Chromium's helper processes (zygotes, renderers, GPU and utility processes) outlive its main
 * process for a moment: `browser.close()` returns once the main process has exited, while its
 * helpers notice the loss of their parent and exit a little later. A worker that reports itself
 * stopped must leave no browser process behind, so shutdown waits for them (and kills what is
 * still there at the bound). Linux only: elsewhere there is no /proc and the list is empty.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Parent pid of every process, read once from /proc. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  if (!existsSync('/proc')) return out;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The ppid follows the command name, which may itself hold spaces or parentheses.
      out.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** A process and all its descendants, now. */
export function processTree(pid: number): number[] {
  const ppid = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of ppid) if (parent === tree[i]) tree.push(child);
  return tree;
}

/** Whether a process still runs (a zombie has exited: it only waits to be reaped). */
export function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Waits until none of `pids` runs, looking every `everyMs`; at `boundMs` kills what is left.
 * Returns how many had to be killed.
 */
export async function reapAll(pids: number[], boundMs: number, everyMs = 50): Promise<number> {
  const deadline = Date.now() + boundMs;
  let left = pids.filter(running);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, everyMs));
    left = left.filter(running);
  }
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* exited meanwhile */
    }
  }
  return left.length;
}

/** One measurement: the given tasks, one at a time, on a running rig. */
import { runBenchTask, type BenchResult } from './run';
import type { BenchRig } from './rig';
import type { BenchTask } from './tasks';

export function describeResult(r: BenchResult): string {
  const head = r.verdict === 'solved' ? 'ok     ' : r.verdict === 'invalid' ? 'INVALID' : `FAIL(${r.fault})`;
  return `${head} ${r.id}${r.failure ? `: ${r.failure}` : ''}`;
}

export async function measureTasks(
  rig: BenchRig,
  tasks: BenchTask[],
  log?: (line: string) => void,
): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  for (const task of tasks) {
    const server = rig.servers.get(task.source);
    if (!server) throw new Error(`no server for source ${task.source}`);
    const r = await runBenchTask({ api: rig.api, probe: rig.probe, server }, task);
    log?.(describeResult(r));
    out.push(r);
  }
  return out;
}

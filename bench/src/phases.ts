/**
 * The worker's own account of where a job's time goes: its `pagemap_worker_phase_seconds`
 * histogram, read before and after a scenario, as the mean ms per job in each phase.
 */
export type PhaseTotals = Record<string, { sum: number; count: number }>;

export async function readPhases(workerUrl: string): Promise<PhaseTotals> {
  const text = await (await fetch(`${workerUrl}/metrics`)).text();
  const out: PhaseTotals = {};
  // Labels in any order (the registry adds an `app` label to every sample).
  for (const m of text.matchAll(/^pagemap_worker_phase_seconds_(sum|count)\{([^}]*)\} (\S+)$/gm)) {
    const phase = /phase="([a-z_]+)"/.exec(m[2]!)?.[1];
    if (!phase) continue;
    const e = (out[phase] ??= { sum: 0, count: 0 });
    e[m[1] as 'sum' | 'count'] = Number(m[3]);
  }
  return out;
}

/** Mean ms per job in each phase between two readings, over `jobs` jobs (phases a job skipped count as 0). */
export function phaseMeans(before: PhaseTotals, after: PhaseTotals, jobs: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [phase, a] of Object.entries(after)) {
    const b = before[phase] ?? { sum: 0, count: 0 };
    if (a.count > b.count && jobs > 0) out[phase] = ((a.sum - b.sum) * 1000) / jobs;
  }
  return out;
}

/** Runs a scenario and returns its result with the worker's phase means per job. */
export async function withPhases<T>(
  workerUrl: string,
  run: () => Promise<T>,
  jobsOf: (r: T) => number,
): Promise<{ result: T; phases: Record<string, number> }> {
  const before = await readPhases(workerUrl);
  const result = await run();
  // The 'reply' phase is recorded when BullMQ reports the result stored: give it a moment.
  await new Promise((r) => setTimeout(r, 200));
  return { result, phases: phaseMeans(before, await readPhases(workerUrl), jobsOf(result)) };
}

/** Latency statistics and a bounded concurrent runner. */
export interface Stats {
  n: number;
  errors: number;
  p50: number;
  p95: number;
  mean: number;
  /** Operations per second over the wall time of the run. */
  throughput: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(latencies: number[], errors: number, wallMs: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return {
    n: sorted.length,
    errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean,
    throughput: (sorted.length / wallMs) * 1000,
  };
}

/**
 * Runs `total` operations with `concurrency` in flight; each op returns nothing or throws.
 * Latency is measured around each op; errors are counted, not timed.
 */
export async function runConcurrent(
  concurrency: number,
  total: number,
  op: (i: number) => Promise<void>,
): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < total) {
      const i = next++;
      const t = performance.now();
      try {
        await op(i);
        latencies.push(performance.now() - t);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return summarize(latencies, errors, performance.now() - started);
}

export async function timeIt(n: number, fn: () => Promise<unknown> | unknown): Promise<Stats> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    latencies.push(performance.now() - t);
  }
  return summarize(latencies, 0, performance.now() - started);
}

/**
 * Orderly, idempotent shutdown: every step runs even when an earlier one fails; failures are
 * reported, not thrown half-way.
 */
export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown> | unknown;
}

export async function runShutdown(
  steps: ShutdownStep[],
  report: (step: string, err: unknown) => void,
): Promise<boolean> {
  let clean = true;
  for (const step of steps) {
    try {
      await step.run();
    } catch (err) {
      clean = false;
      report(step.name, err);
    }
  }
  return clean;
}

/** Wraps a close function so that calling it twice returns the first call's promise. */
export function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => (pending ??= fn());
}

/** Calls `onSignal` on the first SIGTERM/SIGINT; a second one exits at once. */
export function onTerminate(onSignal: (signal: NodeJS.Signals) => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    onSignal(signal).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}

/**
 * One way to bound a wait. The outcome is a tagged result rather than a rejection, because every
 * caller treats running out of time as an ordinary outcome with its own answer (a tool result of
 * TOOL_TIMEOUT, a shutdown step that moves on, a health check that reports "fail"), while a
 * rejection of the work itself still means something went wrong and passes through unchanged.
 *
 * The work is not cancelled on time-out (a promise cannot be): callers that own cancellable work
 * stop it themselves. The timer is cleared as soon as the race is decided, so a bounded wait never
 * keeps a process alive.
 */
export type Timed<T> = { timedOut: false; value: T } | { timedOut: true };

export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<Timed<T>> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<Timed<T>>((resolve) => (timer = setTimeout(() => resolve({ timedOut: true }), ms)));
  try {
    return await Promise.race([work.then((value): Timed<T> => ({ timedOut: false, value })), expired]);
  } finally {
    clearTimeout(timer);
  }
}

import { withTimeout } from '../src';

/** Timers the process holds right now (Node's own view: what would keep it alive). */
const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

test('work that settles in time gives its value, and the timer is gone at once', async () => {
  const before = timers();
  await expect(withTimeout(Promise.resolve(42), 60_000)).resolves.toEqual({ timedOut: false, value: 42 });
  expect(timers()).toBe(before);
});

test('work that does not settle in time gives a timed-out result', async () => {
  const never = new Promise<string>(() => undefined);
  const outcome = await withTimeout(never, 10);
  expect(outcome).toEqual({ timedOut: true });
  // The tag narrows the type: a value exists only when the work finished.
  expect(outcome.timedOut ? undefined : outcome.value).toBeUndefined();
});

test('a rejection of the work passes through unchanged, and clears the timer', async () => {
  const before = timers();
  const boom = new Error('boom');
  await expect(withTimeout(Promise.reject(boom), 60_000)).rejects.toBe(boom);
  expect(timers()).toBe(before);
});

test('work that fails after its time ran out is not an unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', record);
  try {
    let fail!: (err: Error) => void;
    const late = new Promise<never>((_, reject) => (fail = reject));
    await expect(withTimeout(late, 10)).resolves.toEqual({ timedOut: true });
    fail(new Error('too late'));
    // Unhandled rejections are reported after the microtask queue drains: give it a full turn.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', record);
  }
});

/**
 * A request's wait for its job's result ends by itself when the result cannot come any more.
 * Here: a wait that lived through a datastore outage (Redis killed and restarted by the launcher,
 * or a cluster failover) ends `503 SERVICE_UNAVAILABLE` a few seconds after Redis is back, instead
 * of waiting out its deadline for a result lost with the outage (the fault matrix's embedded
 * `kill -9` case saw a tool call and a DELETE wait 20 s for `504 UPSTREAM_TIMEOUT`). An
 * undisturbed wait is not cut short. The clock is jest's fake one: nothing races the machine.
 */
import { OWNER_MISSING_MS, ResultWait, VANISHED_MS, type ResultWaitDeps } from '../src/dispatch/result-wait';

const MINUTE = 60_000;

function waitWith(datastoreDown: () => boolean, over: Partial<ResultWaitDeps> = {}) {
  const wait = new ResultWait({
    deadlineAt: Date.now() + MINUTE,
    pickupMs: MINUTE,
    checkMs: 100,
    owner: 'worker-a', // a follow-up: its owner is known and alive
    datastoreDown,
    withdraw: async () => 0,
    takerOf: async () => 'worker-a',
    isAlive: async () => true,
    ...over,
  });
  const outcome = wait.ended.then(
    () => 'resolved',
    (err: { code?: string }) => err.code ?? 'unknown',
  );
  wait.start();
  return { wait, outcome };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a wait that lived through a short outage ends 503 a few seconds after Redis is back, long before its deadline', async () => {
  let down = false;
  const { wait, outcome } = waitWith(() => down);
  await jest.advanceTimersByTimeAsync(1_000);
  down = true; // killed; back within the 2 s grace, so no 503 for the outage itself
  await jest.advanceTimersByTimeAsync(500);
  down = false;
  await jest.advanceTimersByTimeAsync(10_000);
  expect(await outcome).toBe('SERVICE_UNAVAILABLE');
  expect(wait.disturbed).toBe(true);
});

test('an undisturbed wait keeps waiting for its result until its deadline', async () => {
  const { wait, outcome } = waitWith(() => false);
  await jest.advanceTimersByTimeAsync(MINUTE - 1_000);
  const early = await Promise.race([outcome, Promise.resolve('still waiting')]);
  expect(early).toBe('still waiting');
  await jest.advanceTimersByTimeAsync(2_000);
  expect(await outcome).toBe('UPSTREAM_TIMEOUT');
  expect(wait.disturbed).toBe(false);
});

test('an outage between two checks (Redis killed and restarted at once) ends the wait 503 all the same', async () => {
  // The embedded Redis comes back 0.2 s after a kill -9, often before the next check: no check
  // ever sees it down, only its connection's count of losses moves.
  let outages = 0;
  const { wait, outcome } = waitWith(() => false, { outages: () => outages });
  await jest.advanceTimersByTimeAsync(1_050);
  outages += 1;
  await jest.advanceTimersByTimeAsync(10_000);
  expect(await outcome).toBe('SERVICE_UNAVAILABLE');
  expect(wait.disturbed).toBe(true);
});

test('a job gone from Redis with no result (a write the failed-over master dropped) ends the wait 503 long before its deadline', async () => {
  // Nothing looked down: every Redis call was answered. Only the job's absence tells.
  const { wait, outcome } = waitWith(() => false, { jobExists: async () => false });
  await jest.advanceTimersByTimeAsync(VANISHED_MS * 2 + 1_000);
  expect(await outcome).toBe('SERVICE_UNAVAILABLE');
  expect(wait.disturbed).toBe(false);
});

test('a job missing only for a moment (removed as it finished, its event still on the way) does not end the wait', async () => {
  let checks = 0;
  // Missing every other check: never missing for the whole bound.
  const { outcome } = waitWith(() => false, { jobExists: async () => (checks++ % 2 === 0 ? false : true) });
  await jest.advanceTimersByTimeAsync(MINUTE - 1_000);
  expect(await Promise.race([outcome, Promise.resolve('still waiting')])).toBe('still waiting');
  expect(checks).toBeGreaterThan(10);
});

test('a job Redis cannot answer for is not taken as gone', async () => {
  const { outcome } = waitWith(() => false, { jobExists: async () => undefined });
  await jest.advanceTimersByTimeAsync(MINUTE - 1_000);
  expect(await Promise.race([outcome, Promise.resolve('still waiting')])).toBe('still waiting');
});

test('an owner whose heartbeat is missing for one beat (Redis came back empty) is not lost', async () => {
  // The worker lives and runs the job; its heartbeat key comes back with its next beat.
  let alive = true;
  const { outcome } = waitWith(() => false, { isAlive: async () => alive });
  await jest.advanceTimersByTimeAsync(1_000);
  alive = false;
  await jest.advanceTimersByTimeAsync(OWNER_MISSING_MS - 500);
  alive = true;
  await jest.advanceTimersByTimeAsync(10_000);
  expect(await Promise.race([outcome, Promise.resolve('still waiting')])).toBe('still waiting');
});

test('an owner whose heartbeat stays missing is lost: 502 WORKER_LOST, long before the deadline', async () => {
  let alive = true;
  const { outcome } = waitWith(() => false, { isAlive: async () => alive });
  await jest.advanceTimersByTimeAsync(1_000);
  alive = false;
  await jest.advanceTimersByTimeAsync(OWNER_MISSING_MS + 500);
  expect(await outcome).toBe('WORKER_LOST');
});

/**
 * The idle memory reclaim: when it runs (only after activity, only once the worker is idle, once
 * per idle period) and that V8's real collection it calls gives heap back.
 */
import { getHeapStatistics } from 'node:v8';
import { createLogger } from '@pagemap/runtime';
import { exposeGc, MemoryReclaimer } from '../src/memory-reclaim';

const log = createLogger({ name: 'test', level: 'silent' });

function harness() {
  const state = { busy: false, opened: 0, collections: 0 };
  const reclaimer = new MemoryReclaimer(
    { idleMs: 1_000, busy: () => state.busy, activity: () => state.opened },
    log,
    () => {
      state.collections += 1;
    },
  );
  return { state, reclaimer };
}

test('exposeGc hands out V8 gc() without leaving it on the global scope', () => {
  const gc = exposeGc();
  expect(typeof gc).toBe('function');
  expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
});

test('an idle worker that never served a session is left alone', async () => {
  const { state, reclaimer } = harness();
  for (let i = 0; i < 3; i++) expect(await reclaimer.tick()).toBe(false);
  expect(state.collections).toBe(0);
});

test('reclaims once, one whole interval after the last session, and not while sessions are open', async () => {
  const { state, reclaimer } = harness();
  state.busy = true;
  state.opened = 3;
  expect(await reclaimer.tick()).toBe(false); // busy
  state.busy = false;
  expect(await reclaimer.tick()).toBe(false); // idle, but maybe only for a moment
  state.busy = true;
  expect(await reclaimer.tick()).toBe(false); // busy again
  state.busy = false;
  expect(await reclaimer.tick()).toBe(false);
  // A session opened and closed between two looks still counts as activity.
  state.opened = 4;
  expect(await reclaimer.tick()).toBe(false);
  expect(await reclaimer.tick()).toBe(false); // idle since some moment in the last interval
  expect(state.collections).toBe(0);
  expect(await reclaimer.tick()).toBe(true); // a whole interval with nothing: reclaim
  expect(state.collections).toBe(1);
  expect(await reclaimer.tick()).toBe(false); // once per idle period
  expect(await reclaimer.tick()).toBe(false);
  state.opened = 5;
  expect(await reclaimer.tick()).toBe(false);
  expect(await reclaimer.tick()).toBe(false);
  expect(await reclaimer.tick()).toBe(true); // the next idle period
  expect(state.collections).toBe(2);
});

test('0 turns it off: start() sets no timer', () => {
  const gc = jest.fn();
  const reclaimer = new MemoryReclaimer({ idleMs: 0, busy: () => false, activity: () => 0 }, log, gc);
  jest.useFakeTimers();
  try {
    reclaimer.start();
    expect(jest.getTimerCount()).toBe(0);
  } finally {
    reclaimer.stop();
    jest.useRealTimers();
  }
});

test('the real collection gives back heap that garbage made V8 grow', async () => {
  let opened = 0;
  const reclaimer = new MemoryReclaimer({ idleMs: 1_000, busy: () => false, activity: () => opened }, log);
  // About 150 MiB of short-lived objects, kept alive long enough to be promoted and grow the heap.
  let keep: number[][] = [];
  for (let i = 0; i < 150; i++) keep.push(Array.from({ length: 128 * 1024 }, (_, j) => j + i + 0.5));
  opened = 1;
  await reclaimer.tick(); // activity seen
  keep = [];
  expect(await reclaimer.tick()).toBe(false); // first idle look
  const grown = getHeapStatistics().total_heap_size;
  expect(await reclaimer.tick()).toBe(true);
  const after = getHeapStatistics().total_heap_size;
  expect(keep).toHaveLength(0);
  expect(after).toBeLessThan(grown / 2);
});

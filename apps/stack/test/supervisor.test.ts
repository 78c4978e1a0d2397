/**
 * The launcher's supervisor with real child processes: a child that exits is started again after
 * a backoff and each exit and restart is reported; one that keeps dying right after start is
 * given up on (so a taken port does not restart forever); stop() ends the children and restarts.
 */
import { alive, waitFor } from '@pagemap/test-utils';
import { Supervisor, type Backoff } from '../src/supervisor';

const FAST: Backoff = { initialMs: 100, maxMs: 1_000, stableMs: 60_000, maxQuickFailures: 3 };
const node = (code: string) => ({
  command: process.execPath,
  args: ['-e', code],
  env: { PATH: process.env.PATH ?? '' },
});

test('a child that keeps failing right after start is restarted with a growing delay, then given up', async () => {
  const said: string[] = [];
  const gaveUp: string[] = [];
  const sup = new Supervisor({ say: (m) => said.push(m), onGiveUp: (n) => gaveUp.push(n) }, FAST);
  sup.add({ name: 'flaky', ...node('process.exit(3)') });
  await waitFor(() => gaveUp.length > 0, 10_000, 'the supervisor to give up');
  await sup.stop(1_000);
  expect(gaveUp).toEqual(['flaky']);
  const restarts = said.filter((m) => /^flaky exited \(code 3\) after [\d.]+ s; restarting it in/.test(m));
  expect(restarts.map((m) => /restarting it in ([\d.]+) s/.exec(m)![1])).toEqual(['0.1', '0.2']);
  expect(said.filter((m) => /^flaky is back \(pid \d+, restart \d\)$/.test(m))).toHaveLength(2);
  expect(said.at(-1)).toMatch(/^flaky exited \(code 3\) 3 times in a row right after starting; giving up$/);
});

test('a killed child comes back with a new pid; stop() ends it and nothing restarts afterwards', async () => {
  const said: string[] = [];
  const sup = new Supervisor({ say: (m) => said.push(m), onGiveUp: () => undefined }, FAST);
  const child = sup.add({ name: 'steady', ...node('setInterval(() => {}, 1000)') });
  const first = child.pid!;
  expect(alive(first)).toBe(true);
  process.kill(first, 'SIGKILL');
  await waitFor(() => child.pid !== first && alive(child.pid!), 10_000, 'the child to be restarted');
  expect(child.restarts).toBe(1);
  expect(
    said.filter((m) => /^steady exited \(signal SIGKILL\) after [\d.]+ s; restarting it in 0\.1 s$/.test(m)),
  ).toHaveLength(1);
  const second = child.pid!;
  await sup.stop(2_000);
  expect(alive(second)).toBe(false);
  // No late restart: stop() resolves after the child's exit was handled (the supervisor's exit
  // listener runs before stop's own), and a stopping supervisor schedules no restart; a restart
  // already waiting for its backoff was cancelled by stop().
  expect(child.pid).toBe(second);
  expect(said.filter((m) => m.includes('is back'))).toHaveLength(1);
});

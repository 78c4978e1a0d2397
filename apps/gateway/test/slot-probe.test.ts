/**
 * The dispatcher's slot probe says a cluster slot is down only when its node fails to answer, not
 * when it answers slowly: on a loaded machine a healthy node can take over a second, and a wait
 * that believes it lived through an outage ends 503 five seconds later (the fault matrix saw
 * 503s 19–49 s after a failover at load average 40). The node is a stand-in for `exists`; the clock
 * is jest's fake one, so nothing races the machine.
 */
import { SlotProbe } from '../src/dispatch/slot-probe';

type Answer = { resolve: (n: number) => void; reject: (e: Error) => void };

function probeWithNode() {
  const answers: Answer[] = [];
  const node = {
    exists: () => new Promise<number>((resolve, reject) => answers.push({ resolve, reject })),
  };
  return { probe: new SlotProbe(node as never, 100), answers };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a probe answered slowly (1.5 s) never says the slot is down', async () => {
  const { probe, answers } = probeWithNode();
  expect(probe.down('q')).toBe(false); // starts the first probe
  for (let t = 0; t < 15; t++) {
    await jest.advanceTimersByTimeAsync(100);
    expect(probe.down('q')).toBe(false);
  }
  answers[0]?.resolve(0);
  await jest.advanceTimersByTimeAsync(200);
  expect(probe.down('q')).toBe(false);
  expect(answers.length).toBe(2); // the next probe started once the last one answered
});

test('a failed probe says the slot is down until a later probe answers', async () => {
  const { probe, answers } = probeWithNode();
  probe.down('q');
  answers[0]?.reject(new Error('CLUSTERDOWN The cluster is down'));
  await jest.advanceTimersByTimeAsync(0);
  expect(probe.down('q')).toBe(true);
  await jest.advanceTimersByTimeAsync(100);
  probe.down('q'); // due again: a new probe
  answers[1]?.resolve(1);
  await jest.advanceTimersByTimeAsync(0);
  expect(probe.down('q')).toBe(false);
});

test('a probe that neither answers nor fails counts as down once it is past the command timeout', async () => {
  const { probe } = probeWithNode();
  probe.down('q');
  await jest.advanceTimersByTimeAsync(2_900);
  expect(probe.down('q')).toBe(false);
  await jest.advanceTimersByTimeAsync(200);
  expect(probe.down('q')).toBe(true);
});

test('each key has its own probe', async () => {
  const { probe, answers } = probeWithNode();
  probe.down('a');
  probe.down('b');
  expect(answers.length).toBe(2);
  answers[0]?.reject(new Error('Connection is closed.'));
  await jest.advanceTimersByTimeAsync(0);
  expect(probe.down('a')).toBe(true);
  expect(probe.down('b')).toBe(false);
});

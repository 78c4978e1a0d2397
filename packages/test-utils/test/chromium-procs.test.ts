/**
 * scripts/chromium-procs.js — the test run's Chromium leak check — counts only the processes the
 * run started: a Chromium-named process without the run's marker is not counted (a developer's
 * browser, another checkout's tests); a real worker's Chromium with the marker is, children and
 * all; a leftover fails the check with exit 1 and its pid (not 141 from a pipe under pipefail).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alive, defaultTestEnv, REPO_ROOT, startProcess, startRedis, waitFor } from '../src';

const SCRIPT = join(REPO_ROOT, 'scripts', 'chromium-procs.js');
const RUN = `jest-${process.pid}-${Date.now()}`;

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
let fakeChromium: string;
const spawned: ChildProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pagemap-chromium-procs-'));
  // A process whose name starts with "chrom", like any Chromium's.
  fakeChromium = join(dir, 'chromium-foreign');
  copyFileSync('/bin/sleep', fakeChromium);
});

afterAll(() => {
  for (const p of spawned) p.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function startFake(env: Record<string, string>): ChildProcess {
  const p = spawn(fakeChromium, ['300'], { env, stdio: 'ignore' });
  spawned.push(p);
  return p;
}

test('a Chromium-named process outside the run is not counted, and the check passes', async () => {
  const foreign = startFake({ PATH: '/usr/bin:/bin' });
  await waitFor(() => alive(foreign.pid!), 5_000, 'the foreign process');
  expect((await run('count', RUN)).stdout.trim()).toBe('0');
  expect((await run('check', RUN, '0')).code).toBe(0);
});

test('a leftover of the run fails the check with exit 1 and names it; once it is gone the check passes', async () => {
  const leftover = startFake({ PATH: '/usr/bin:/bin', PAGEMAP_TEST_RUN: RUN });
  await waitFor(() => alive(leftover.pid!), 5_000, 'the leftover process');
  expect((await run('count', RUN)).stdout.trim()).toBe('1');
  const failed = await run('check', RUN, '0');
  expect(failed.code).toBe(1);
  expect(failed.stderr).toContain(`${leftover.pid} ${fakeChromium} 300`);
  leftover.kill('SIGKILL');
  expect((await run('check', RUN, '5000')).code).toBe(0);
});

test("a worker's real Chromium carries the marker, children included, and is gone after the worker stops", async () => {
  const redis = await startRedis();
  const worker = await startProcess('worker', { ...defaultTestEnv(redis), PAGEMAP_TEST_RUN: RUN });
  try {
    // The browser process and at least its zygote/renderer children.
    expect(Number((await run('count', RUN)).stdout.trim())).toBeGreaterThanOrEqual(2);
  } finally {
    await worker.stop();
    await redis.stop();
  }
  expect((await run('check', RUN, '10000')).code).toBe(0);
}, 60_000);

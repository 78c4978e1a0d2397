import { spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_CHROMIUM_ARGS, CHROMIUM_CANDIDATES, chromiumArgs, findChromium, sandboxArgs } from '../src';

test('an explicit path wins, and its headless mode follows the binary', () => {
  expect(findChromium('/opt/chrome/chromium-headless-shell')).toEqual({
    path: '/opt/chrome/chromium-headless-shell',
    headless: 'shell',
  });
  expect(findChromium('/opt/chrome/chrome')).toEqual({ path: '/opt/chrome/chrome', headless: true });
});

test('prefers the headless shell, falls back to full chromium, and says what to do when neither is there', () => {
  expect(findChromium(undefined, () => true).headless).toBe('shell');
  expect(findChromium(undefined, (p) => p === '/usr/bin/chromium')).toEqual({
    path: '/usr/bin/chromium',
    headless: true,
  });
  expect(() => findChromium(undefined, () => false)).toThrow(/PAGEMAP_CHROMIUM_PATH/);
  expect(CHROMIUM_CANDIDATES[0]!.headless).toBe('shell');
});

test('finds the Chromium this machine has (setup installs it)', () => {
  expect(() => findChromium()).not.toThrow();
});

test('every launch stays off the network on its own; only a root process turns the sandbox off', () => {
  for (const flag of [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-domain-reliability',
    '--no-pings',
    '--disable-sync',
    '--no-first-run',
  ]) {
    expect(BASE_CHROMIUM_ARGS).toContain(flag);
  }
  expect(BASE_CHROMIUM_ARGS).not.toContain('--no-sandbox');
  expect(sandboxArgs(0)).toEqual(['--no-sandbox']);
  expect(chromiumArgs(0)).toContain('--no-sandbox');
  expect(chromiumArgs(1000)).not.toContain('--no-sandbox');
  expect(chromiumArgs(1000)).toEqual([...BASE_CHROMIUM_ARGS]);
});

/** `Seccomp:` of /proc/<pid>/status (2 = a seccomp-bpf filter) and whether it has its own pid namespace. */
function confinement(pid: number): { seccomp: string; ownPidNamespace: boolean } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const nspid = /^NSpid:\s+(.+)$/m.exec(status)?.[1]?.trim().split(/\s+/) ?? [];
  return { seccomp: /^Seccomp:\s+(\d)/m.exec(status)?.[1] ?? '?', ownPidNamespace: nspid.length > 1 };
}

function descendants(pid: number): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    for (const e of readdirSync('/proc')) {
      if (!/^\d+$/.test(e)) continue;
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === all[i]) all.push(Number(e));
      } catch {
        /* gone */
      }
    }
  }
  return all.slice(1);
}

// The images run as uid 1000: the same launch as a non-root user (this test switches to uid 1000
// when it runs as root) must come up with its renderers sandboxed — seccomp-bpf filtered and in
// their own pid namespace — without --no-sandbox.
test('as a non-root user, Chromium starts with the sandbox on and its renderers confined', async () => {
  const asRoot = process.getuid?.() === 0;
  const uid = asRoot ? 1000 : process.getuid!();
  const dir = mkdtempSync(join(tmpdir(), 'pagemap-sandbox-'));
  if (asRoot) chownSync(dir, 1000, 1000);
  const args = chromiumArgs(uid);
  expect(args).not.toContain('--no-sandbox');
  const { path } = findChromium();
  const proc = spawn(
    path,
    [
      ...args,
      `--user-data-dir=${join(dir, 'profile')}`,
      '--remote-debugging-port=0',
      'data:text/html,<p>sandboxed</p>',
    ],
    {
      env: { PATH: '/usr/bin:/bin', HOME: dir },
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(asRoot ? { uid: 1000, gid: 1000 } : {}),
    },
  );
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  try {
    let renderer: number | undefined;
    // Until the renderer appears or Chromium exits; the deadline only guards against a hang (a
    // loaded machine may take many seconds to start a renderer).
    const deadline = Date.now() + 45_000;
    while (renderer === undefined && proc.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      renderer = descendants(proc.pid!).find((p) => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('--type=renderer');
        } catch {
          return false;
        }
      });
    }
    expect({
      renderer: renderer !== undefined,
      exit: proc.exitCode,
      stderr: renderer === undefined ? stderr.slice(-2000) : '',
    }).toEqual({ renderer: true, exit: null, stderr: '' });
    // A renderer installs its seccomp-bpf filter itself, a moment after it starts: on a loaded
    // machine the process can be seen before that. Wait for the filter (or the guard deadline),
    // then assert what the renderer ended up with.
    let confined = confinement(renderer!);
    while (confined.seccomp !== '2' && proc.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      confined = confinement(renderer!);
    }
    expect(confined).toEqual({ seccomp: '2', ownPidNamespace: true });
  } finally {
    proc.kill('SIGKILL');
    await new Promise((r) => proc.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

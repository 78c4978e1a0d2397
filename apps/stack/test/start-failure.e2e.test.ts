/**
 * `npm start` when the gateway's port is taken: the gateway says "port N is in use"; the launcher
 * retries a few times with backoff, then gives up, stops what it started and exits 1 — instead
 * of restarting forever or leaving processes behind.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { alive, childEnv, freePort } from '@pagemap/test-utils';

const MAIN = resolve(__dirname, '..', 'dist', 'main.js');

test('a taken gateway port: "port N is in use", the launcher gives up and exits 1 with nothing left running', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pagemap-stack-fail-'));
  // Holds the port; the launcher's health checks that reach it are hung up on.
  const holder = createServer((socket) => socket.destroy());
  await new Promise<void>((r) => holder.listen(0, '127.0.0.1', () => r()));
  const port = (holder.address() as { port: number }).port;
  try {
    const launcher = spawn(process.execPath, [MAIN], {
      env: childEnv({
        PORT: String(port),
        PAGEMAP_REDIS_PORT: String(await freePort()),
        PAGEMAP_WORKER_BASE_PORT: '0',
        PAGEMAP_DATA_DIR: dataDir,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    launcher.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    launcher.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((r) => launcher.once('exit', (c) => r(c)));
    expect({ code, out: out.slice(-3000) }).toEqual({
      code: 1,
      out: expect.stringContaining(`port ${port} is in use`),
    });
    expect(out).toMatch(/gateway exited \(code 1\) 5 times in a row right after starting; giving up/);
    expect(out).toContain('stopped');
    const pids = [...out.matchAll(/(?:started [\w -]+ \(pid|is back \(pid) (\d+)/g)].map((m) => Number(m[1]));
    expect(pids.length).toBeGreaterThanOrEqual(3);
    for (const pid of pids) expect([pid, alive(pid)]).toEqual([pid, false]);
  } finally {
    await new Promise((r) => holder.close(r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

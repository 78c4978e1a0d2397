#!/usr/bin/env node
/**
 * `node bench/dist/idle-work-main.js [idle] [pages]`: what idle sessions cost (idle-work.ts), as a
 * table: CPU per second while they sit, and one new session's page work with none, `idle` (200)
 * and none again open. About a minute; counts and CPU times, not latency.
 */
import { startFixtureServer } from '@pagemap/test-utils';
import { measureIdleWork } from './idle-work';

async function main(): Promise<void> {
  const idle = Number(process.argv[2] ?? 200);
  const n = Number(process.argv[3] ?? 20);
  const site = await startFixtureServer();
  try {
    const rows = await measureIdleWork(site.url('/form.html'), idle, n);
    let out =
      '| idle pages open | Chromium CPU ms/s while idle | this process CPU ms/s while idle | messages per new page | Chromium CPU ms per new page | this process CPU ms per new page |\n| --- | --- | --- | --- | --- | --- |\n';
    for (const r of rows)
      out += `| ${r.idle} | ${r.idleChromiumCpuMsPerS.toFixed(1)} | ${r.idleNodeCpuMsPerS.toFixed(1)} | ${r.messagesSent.toFixed(1)} | ${r.chromiumCpuMs.toFixed(1)} | ${r.nodeCpuMs.toFixed(1)} |\n`;
    process.stdout.write(out);
  } finally {
    await site.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`idle-work bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);

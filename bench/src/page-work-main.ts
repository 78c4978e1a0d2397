#!/usr/bin/env node
/**
 * `node bench/dist/page-work-main.js [pages]`: only the page-work measures (page-work.ts) —
 * protocol messages, bytes and Chromium CPU per page — printed as the report's table. Takes about
 * a minute; the figures barely depend on the machine's load (counts and CPU time, not latency).
 */
import { startFixtureServer } from '@pagemap/test-utils';
import { measurePageWork } from './page-work';
import { renderPageWork } from './report-speed';

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 20);
  const site = await startFixtureServer();
  try {
    const work = await measurePageWork(site, site.url('/form.html'), n);
    process.stdout.write(renderPageWork(work));
  } finally {
    await site.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`page-work bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);

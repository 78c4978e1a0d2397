/**
 * `pnpm --filter @pagemap/ext-bench bench`: the full run on a real local stack. Prints each task's
 * verdict, writes the report section of docs/page-understanding.md, and saves the raw results in
 * results/latest.json (not committed); then the summaries of Debian's manuals (src/reading.ts), into their own
 * section, raw in results/reading.json. `-- --only <id-prefix>[,<id-prefix>…]` runs a part of the tasks and
 * writes no report; `-- --reading` runs only the summaries; `-- --from-results` rewrites the report from
 * results/latest.json without running (after editing causes.json).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureTasks } from './measure';
import { measureReading, writeReadingReport } from './reading';
import { writeReport } from './report';
import type { BenchResult } from './run';
import { startBenchRig } from './rig';
import { BENCH_DIR } from './sources';
import { loadTasks } from './tasks';

const LATEST = join(BENCH_DIR, 'results', 'latest.json');

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--from-results')) {
    const results = JSON.parse(readFileSync(LATEST, 'utf8')) as BenchResult[];
    console.log(`written to ${writeReport(results, loadTasks())}`);
    return;
  }
  const i = argv.indexOf('--only');
  const only = i >= 0 ? argv[i + 1]?.split(',') : undefined;
  const readingOnly = argv.includes('--reading');
  const tasks = loadTasks().filter((t) => !only || only.some((prefix) => t.id.startsWith(prefix)));
  const rig = await startBenchRig();
  const log = (line: string) => console.log(line);
  try {
    mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });
    if (!readingOnly) {
      const results = await measureTasks(rig, tasks, log);
      writeFileSync(LATEST, `${JSON.stringify(results, null, 1)}\n`);
      if (!only) console.log(`\nwritten to ${writeReport(results, tasks)}`);
    }
    if (!only) {
      const reading = await measureReading(rig, log);
      writeFileSync(join(BENCH_DIR, 'results', 'reading.json'), `${JSON.stringify(reading, null, 1)}\n`);
      console.log(`\nsummaries written to ${writeReadingReport(reading)}`);
    }
  } finally {
    await rig.stop();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

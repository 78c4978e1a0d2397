/**
 * The CI subset of the external benchmark (tasks marked `"ci": true`) through the real stack:
 * gateway + worker + Redis + Chromium, the sources served unchanged, the scripted agent choosing from
 * the page maps, and each verdict read from the page's own state. It holds the subset's success
 * rate, overall and per source, to the floors in thresholds.json (today's measurement, rounded
 * down), so it fails on a regression, not on today's known failures. The full run is
 * `pnpm --filter @pagemap/ext-bench bench`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BENCH_DIR,
  describeResult,
  loadTasks,
  measureTasks,
  scoreBy,
  startBenchRig,
  type BenchResult,
  type BenchRig,
} from '../src';

jest.setTimeout(10 * 60_000);

interface Floors {
  ci: { overall: number; sources: Record<string, number> };
}
const floors = JSON.parse(readFileSync(join(BENCH_DIR, 'thresholds.json'), 'utf8')) as Floors;
const subset = loadTasks().filter((t) => t.ci);

let rig: BenchRig;
let results: BenchResult[];

beforeAll(async () => {
  rig = await startBenchRig();
  results = await measureTasks(rig, subset);
  process.stdout.write(`\n${results.map(describeResult).join('\n')}\n`);
});

afterAll(async () => {
  await rig?.stop();
});

test('every task of the subset got a verdict, and no check held before the agent acted', () => {
  expect(results.map((r) => r.id)).toEqual(subset.map((t) => t.id));
  expect(results.filter((r) => r.verdict === 'invalid').map((r) => `${r.id}: ${r.failure}`)).toEqual([]);
  for (const r of results) expect(r.verdict === 'solved' || (r.failure ?? '').length > 0).toBe(true);
});

test('the success rate, overall and per source, is at least the floors in thresholds.json', () => {
  const below = scoreBy(results, (r) => r.source)
    .filter((s) => s.rate < (s.group === 'overall' ? floors.ci.overall : (floors.ci.sources[s.group] ?? 0)))
    .map((s) => `${s.group}: ${s.rate.toFixed(2)}`);
  expect(below).toEqual([]);
});

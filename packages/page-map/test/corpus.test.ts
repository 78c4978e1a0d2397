/**
 * Corpus: every page's must / must-not tools and blocks, general invariants of every page map, and
 * precision/recall of login and search detection (see corpus/measure.ts). Only asserts: the
 * numbers go into docs/page-understanding.md through `pnpm --filter @pagemap/page-map corpus:report`.
 */
import { measureCorpus } from './corpus/measure';

test('corpus: invariants, must/must-not, precision and recall of login and search', async () => {
  const r = await measureCorpus();
  console.log(r.section);
  expect(r.pages).toBeGreaterThanOrEqual(40);
  expect(r.problems).toEqual([]);
  expect(r.login.precision).toBeGreaterThanOrEqual(0.95);
  expect(r.login.recall).toBeGreaterThanOrEqual(0.95);
  expect(r.search.precision).toBeGreaterThanOrEqual(0.95);
  expect(r.search.recall).toBeGreaterThanOrEqual(0.95);
});

/**
 * The web corpus through the real stack: every task solved by the scripted agent using only the
 * page maps the API returns, plus login precision/recall and the login sink check. Prints the
 * per-category table and holds the numbers to the floors in packages/web-corpus/thresholds.json
 * (today's baseline; raised as features land). Writes nothing: `pnpm --filter @pagemap/web-corpus
 * report` updates docs/page-understanding.md.
 */
import {
  belowFloors,
  listPages,
  loadLoginLabels,
  loadTasks,
  loadThresholds,
  measure,
  reportMarkdown,
  startRig,
  type CorpusRig,
  type Measurement,
} from '@pagemap/web-corpus';

jest.setTimeout(30 * 60_000);

let rig: CorpusRig;
let m: Measurement;

beforeAll(async () => {
  rig = await startRig();
  m = await measure(rig);
  const body = reportMarkdown({
    date: new Date().toISOString().slice(0, 10),
    pages: m.pages,
    scores: m.scores,
    results: m.results,
    login: m.login,
    thresholds: loadThresholds(),
  });
  process.stdout.write(`\n${body}\n\n`);
});

afterAll(async () => {
  await rig?.stop();
});

test('the corpus is complete: every task page exists, every page is labelled for login', () => {
  const pages = new Set(listPages());
  expect(
    loadTasks()
      .filter((t) => !pages.has(t.page))
      .map((t) => t.id),
  ).toEqual([]);
  const labelled = new Set(loadLoginLabels().map((l) => l.page));
  expect([...pages].filter((p) => !labelled.has(p))).toEqual([]);
});

test('every task ran and got a verdict with a reason when it failed', () => {
  expect(m.results).toHaveLength(loadTasks().length);
  for (const r of m.results) expect(r.success || (r.failure ?? '').length > 0).toBe(true);
});

test('success per category, overall and the login metrics are at least the floors in thresholds.json', () => {
  expect(belowFloors(m.scores, m.login, loadThresholds())).toEqual([]);
});

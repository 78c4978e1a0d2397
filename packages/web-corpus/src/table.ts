/** The measured numbers as Markdown: per-category success, failures listed, login metrics. */
import type { CategoryScore, LoginMetrics, TaskResult } from './runner';
import type { Thresholds } from './corpus';

const pct = (x: number) => x.toFixed(2);

export function categoryTable(scores: CategoryScore[], thresholds?: Thresholds): string {
  const floor = (c: CategoryScore) =>
    c.category === 'overall' ? thresholds?.overall : thresholds?.categories[c.category];
  const lines = ['| category | tasks | solved | success | floor |', '| --- | --- | --- | --- | --- |'];
  for (const c of scores) {
    const f = floor(c);
    lines.push(
      `| ${c.category === 'overall' ? '**overall**' : c.category} | ${c.tasks} | ${c.solved} | ${pct(c.rate)} | ${f === undefined ? '–' : pct(f)} |`,
    );
  }
  return lines.join('\n');
}

export function failureList(results: TaskResult[]): string {
  const failed = results.filter((r) => !r.success);
  if (failed.length === 0) return 'No failures.';
  return failed
    .map((r) => `- \`${r.id}\` (${r.category}, \`${r.page}\`): ${r.failure?.replace(/\|/g, '\\|')}`)
    .join('\n');
}

export function loginTable(m: LoginMetrics): string {
  const lines = [
    '| what | value |',
    '| --- | --- |',
    `| labelled pages | ${m.pages} |`,
    `| login precision | ${pct(m.precision)} (${m.truePositives} of ${m.truePositives + m.falsePositives.length}) |`,
    `| login recall | ${pct(m.recall)} (${m.truePositives} of ${m.truePositives + m.falseNegatives.length}) |`,
    `| login submission reached the sink with the right fields | ${pct(m.sink.rate)} (${m.sink.ok} of ${m.sink.pages}) |`,
    `| pages answering an error instead of a page map | ${m.errors.length} |`,
  ];
  const notes = [
    ...m.falsePositives.map((p) => `- login tool offered on a page without sign-in: \`${p}\``),
    ...m.falseNegatives.map((p) => `- no login tool on a sign-in page: \`${p}\``),
    ...m.sink.failures.map((f) => `- sink: ${f}`),
    ...m.errors.map((e) => `- error: ${e}`),
  ];
  return [lines.join('\n'), ...(notes.length ? ['', ...notes] : [])].join('\n');
}

/** Everything, as the generated section of docs/page-understanding.md shows it. */
export function reportMarkdown(args: {
  date: string;
  pages: number;
  scores: CategoryScore[];
  results: TaskResult[];
  login: LoginMetrics;
  thresholds?: Thresholds;
}): string {
  return [
    `Web corpus (\`packages/web-corpus\`), measured ${args.date}: ${args.pages} pages, ${args.results.length} tasks, solved by the scripted agent through the API only.`,
    '',
    categoryTable(args.scores, args.thresholds),
    '',
    'Failures:',
    '',
    failureList(args.results),
    '',
    'Login detection:',
    '',
    loginTable(args.login),
  ].join('\n');
}

/** Which floors the numbers fall below (empty when all hold). */
export function belowFloors(scores: CategoryScore[], login: LoginMetrics, t: Thresholds): string[] {
  const out: string[] = [];
  for (const s of scores) {
    const f = s.category === 'overall' ? t.overall : t.categories[s.category];
    if (f !== undefined && s.rate < f) out.push(`${s.category}: ${pct(s.rate)} < floor ${pct(f)}`);
  }
  if (login.precision < t.login.precision)
    out.push(`login precision ${pct(login.precision)} < ${pct(t.login.precision)}`);
  if (login.recall < t.login.recall) out.push(`login recall ${pct(login.recall)} < ${pct(t.login.recall)}`);
  if (login.sink.rate < t.login.sink) out.push(`login sink ${pct(login.sink.rate)} < ${pct(t.login.sink)}`);
  return out;
}

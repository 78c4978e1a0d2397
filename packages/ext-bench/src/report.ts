/**
 * The report: per source and per kind, success over the tasks that count (the product's failures
 * count, the agent's are listed apart), and every failure with the reason the run gave (the step
 * that found nothing in the page map, with the closest thing offered; the tool's error; or the page
 * state not reached). `writeReport` puts it into its own generated section of
 * docs/page-understanding.md; only the bench script calls it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@pagemap/test-utils';
import type { BenchResult } from './run';
import { scoreBy, type Score } from './score';
import { BENCH_DIR, SOURCES } from './sources';
import type { BenchTask } from './tasks';

export const DOC = join(REPO_ROOT, 'docs', 'page-understanding.md');
const START = '<!-- ext-bench:start (written by `pnpm --filter @pagemap/ext-bench bench`; do not edit by hand) -->';
const END = '<!-- ext-bench:end -->';

const pct = (x: number) => x.toFixed(2);
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function scoreTable(title: string, scores: Score[]): string {
  const lines = [
    `| ${title} | tasks | solved | agent's failures (not counted) | success |`,
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const s of scores) {
    const name = s.group === 'overall' ? '**overall**' : s.group;
    lines.push(`| ${name} | ${s.tasks} | ${s.solved} | ${s.agentFaults} | ${pct(s.rate)} |`);
  }
  return lines.join('\n');
}

/**
 * The cause of a known failure as read from its page map (`causes.json`: task id → one sentence),
 * written by whoever examined it; the run's own reason is always shown as well.
 */
export function loadCauses(file = join(BENCH_DIR, 'causes.json')): Record<string, string> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

function failureLines(results: BenchResult[], tasks: Map<string, BenchTask>, causes: Record<string, string>): string[] {
  return results.map((r) => {
    const goal = tasks.get(r.id)?.goal ?? '';
    const cause = causes[r.id] ? ` Cause: ${cell(causes[r.id]!)}` : '';
    return `- \`${r.id}\` (${r.kind}) ${cell(goal)} — ${cell(r.failure ?? '')}.${cause}`;
  });
}

export function reportMarkdown(
  results: BenchResult[],
  tasks: BenchTask[],
  date: string,
  causes: Record<string, string> = {},
): string {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const product = results.filter((r) => r.verdict === 'failed' && r.fault === 'product');
  const agent = results.filter((r) => r.verdict === 'failed' && r.fault === 'agent');
  const invalid = results.filter((r) => r.verdict === 'invalid');
  const out = [
    `External benchmark (\`packages/ext-bench\`), measured ${date}: ${results.length} tasks on pages and apps written by others, solved by the scripted agent through the API only; success read from each page's own state.`,
    '',
    scoreTable(
      'source',
      scoreBy(results, (r) => r.source),
    ),
    '',
    scoreTable(
      'kind',
      scoreBy(results, (r) => r.kind),
    ),
    '',
    `Product failures (${product.length}), by source:`,
  ];
  for (const s of SOURCES) {
    const mine = product.filter((r) => r.source === s.name);
    if (mine.length) out.push('', `${s.title}:`, '', ...failureLines(mine, byId, causes));
  }
  out.push('', `Agent failures (${agent.length}, not counted):`, '');
  out.push(...(agent.length ? failureLines(agent, byId, causes) : ['None.']));
  if (invalid.length)
    out.push('', `Invalid tasks (${invalid.length}, not counted):`, '', ...failureLines(invalid, byId, causes));
  return out.join('\n');
}

/** A generated section of the document: its markers, and the heading it gets when first appended. */
export interface Section {
  start: string;
  end: string;
  heading: string;
}

const TASKS_SECTION: Section = {
  start: START,
  end: END,
  heading: '## External benchmark: pages and apps written by others\n\nSee `packages/ext-bench/README.md`.',
};

/** The document with the generated section replaced (or appended under its own heading). */
export function withSection(doc: string, body: string, at: Section = TASKS_SECTION): string {
  const section = `${at.start}\n${body}\n${at.end}`;
  const a = doc.indexOf(at.start.split(' (')[0]!);
  const b = doc.indexOf(at.end);
  if (a >= 0 && b > a) return doc.slice(0, a) + section + doc.slice(b + at.end.length);
  return `${doc.replace(/\n*$/, '')}\n\n${at.heading}\n\n${section}\n`;
}

export function writeReport(results: BenchResult[], tasks: BenchTask[], doc = DOC): string {
  const body = reportMarkdown(results, tasks, new Date().toISOString().slice(0, 10), loadCauses());
  writeFileSync(doc, withSection(readFileSync(doc, 'utf8'), body));
  return doc;
}

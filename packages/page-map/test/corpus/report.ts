/** Measures the corpus and writes its section into docs/page-understanding.md (run by scripts/corpus-report.mjs). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureCorpus } from './measure';

export async function writeCorpusReport(repoRoot: string): Promise<void> {
  const r = await measureCorpus(join(repoRoot, 'packages', 'page-map', 'test', 'corpus'));
  if (r.problems.length) console.warn(`corpus problems:\n${r.problems.join('\n')}`);
  const doc = join(repoRoot, 'docs', 'page-understanding.md');
  const text = readFileSync(doc, 'utf8');
  const next = text.replace(/<!-- corpus:start[\s\S]*?<!-- corpus:end -->/, r.section);
  if (next === text) console.log('docs/page-understanding.md: corpus section unchanged');
  else writeFileSync(doc, next);
  console.log(r.section);
}

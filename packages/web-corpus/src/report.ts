/**
 * `pnpm --filter @pagemap/web-corpus report`: measures the corpus on a real local stack and writes
 * the numbers into the generated section of docs/page-understanding.md (between the
 * web-corpus:start / web-corpus:end markers; the rest of the file is left alone). Tests never
 * write into docs/; this script is the only writer.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@pagemap/test-utils';
import { loadThresholds } from './corpus';
import { measure, startRig } from './suite';
import { belowFloors, reportMarkdown } from './table';

export const DOC = join(REPO_ROOT, 'docs', 'page-understanding.md');
const START = '<!-- web-corpus:start (written by `pnpm --filter @pagemap/web-corpus report`; do not edit by hand) -->';
const END = '<!-- web-corpus:end -->';

/** The document with the generated section replaced (or appended under its own heading). */
export function withSection(doc: string, body: string): string {
  const section = `${START}\n${body}\n${END}`;
  const a = doc.indexOf('<!-- web-corpus:start');
  const b = doc.indexOf(END);
  if (a >= 0 && b > a) return doc.slice(0, a) + section + doc.slice(b + END.length);
  return `${doc.replace(/\n*$/, '')}\n\n## Web corpus: interaction tasks\n\nSee \`packages/web-corpus/README.md\`.\n\n${section}\n`;
}

async function main(): Promise<void> {
  const rig = await startRig();
  try {
    const m = await measure(rig, { log: (line) => console.log(line) });
    const thresholds = loadThresholds();
    const body = reportMarkdown({
      date: new Date().toISOString().slice(0, 10),
      pages: m.pages,
      scores: m.scores,
      results: m.results,
      login: m.login,
      thresholds,
    });
    writeFileSync(DOC, withSection(readFileSync(DOC, 'utf8'), body));
    console.log(`\n${body}\n\nwritten to ${DOC}`);
    const below = belowFloors(m.scores, m.login, thresholds);
    if (below.length) console.log(`below the floors in thresholds.json:\n  ${below.join('\n  ')}`);
  } finally {
    await rig.stop();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

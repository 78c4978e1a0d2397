#!/usr/bin/env node
// `pnpm --filter @pagemap/page-map corpus:report` (after a build): measures the corpus in real
// Chromium and writes its numbers into docs/page-understanding.md. The tests never write there.
// The TypeScript runner is esbuild: it bundles test/corpus/report.ts (with src/) next to this
// package's node_modules, so the packages it imports resolve as usual.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'node_modules', '.cache', 'pagemap', 'corpus-report.cjs');
mkdirSync(dirname(outfile), { recursive: true });
await build({
  entryPoints: [join(root, 'test', 'corpus', 'report.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node24',
  packages: 'external',
  outfile,
  logLevel: 'warning',
});
const { writeCorpusReport } = createRequire(import.meta.url)(outfile);
await writeCorpusReport(join(root, '..', '..'));

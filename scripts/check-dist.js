#!/usr/bin/env node
/**
 * Build output matches the sources: every file in a package's dist/ is compiled from a source file
 * that exists today. A dist/ that keeps the output of a deleted module lets code import it and
 * tests pass on code that is gone; each package's build empties dist/ first
 * (scripts/clean-dist.js), and this check fails when one does not.
 *
 *   node scripts/check-dist.js                 every package built by tsc (rootDir src → dist)
 *   node scripts/check-dist.js --probe <dir>   also proves the clean step on package <dir>: adds a
 *                                              source file, builds, deletes it, builds again, and
 *                                              fails if its output survived
 */
'use strict';
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
// Output a build writes on purpose beside the compiled sources (the dashboard's rendered docs).
const GENERATED = { 'apps/dashboard': ['site/'] };
const OUTPUT_SUFFIXES = ['.d.ts.map', '.d.ts', '.js.map', '.js', '.json'];
const SOURCE_SUFFIXES = ['.ts', '.tsx', '.mts', '.js', '.json'];

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

/** Workspace packages whose build is `tsc -p tsconfig.build.json` from src/ into dist/. */
function tscPackages() {
  const dirs = ['apps', 'packages'].flatMap((top) => readdirSync(join(ROOT, top)).map((name) => `${top}/${name}`));
  return [...dirs, 'bench'].filter((dir) => {
    const config = join(ROOT, dir, 'tsconfig.build.json');
    if (!existsSync(config)) return false;
    const text = readFileSync(config, 'utf8');
    return text.includes('"rootDir": "src"') && text.includes('"outDir": "dist"');
  });
}

/** The dist/ files of package `dir` that no current source explains. */
function staleFiles(dir) {
  const allowed = GENERATED[dir] ?? [];
  return filesUnder(join(ROOT, dir, 'dist')).filter((file) => {
    if (allowed.some((prefix) => file.startsWith(prefix))) return false;
    const suffix = OUTPUT_SUFFIXES.find((s) => file.endsWith(s));
    if (!suffix) return true;
    const stem = file.slice(0, -suffix.length);
    return !SOURCE_SUFFIXES.some((s) => existsSync(join(ROOT, dir, 'src', stem + s)));
  });
}

function build(dir) {
  execFileSync('pnpm', ['run', '--silent', 'build'], { cwd: join(ROOT, dir), stdio: 'inherit' });
}

/** Adds a module, builds, deletes it, builds again: its output must be gone. */
function probe(dir) {
  const source = join(ROOT, dir, 'src', 'stale-output-probe.ts');
  const output = join(ROOT, dir, 'dist', 'stale-output-probe.js');
  try {
    writeFileSync(source, 'export const probe = 1;\n');
    build(dir);
    if (!existsSync(output)) throw new Error(`probe: ${relative(ROOT, output)} was not built`);
  } finally {
    rmSync(source, { force: true });
  }
  build(dir);
  if (existsSync(output)) throw new Error(`probe: ${relative(ROOT, output)} outlived its deleted source`);
  console.log(`check-dist: probe on ${dir}: a deleted source leaves nothing in dist/`);
}

const probeAt = process.argv.indexOf('--probe');
try {
  if (probeAt !== -1) probe(process.argv[probeAt + 1] ?? 'packages/chromium');
} catch (err) {
  console.error(`check-dist: ${err.message}`);
  process.exit(1);
}
const packages = tscPackages();
const stale = packages.flatMap((dir) => staleFiles(dir).map((file) => `${dir}/dist/${file}`));
if (stale.length > 0) {
  console.error(`check-dist: ${stale.length} file(s) in dist/ without a source (rebuild; does "build" clean first?):`);
  for (const file of stale.slice(0, 20)) console.error(`  ${file}`);
  process.exit(1);
}
console.log(`check-dist: ${packages.length} packages, every dist/ file has its source`);

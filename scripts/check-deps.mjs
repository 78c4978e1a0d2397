#!/usr/bin/env node
// The repository's dependency check (npm run check-deps). It reads the whiteboard table in
// docs/architecture.md (folder -> what it owns -> what it may import) and fails when an import
// crosses it: a page-script module importing Node-side code, a package importing an app, an
// import that runs back up a layer, a reach into another package's build output. It also fails
// when the table itself has a cycle (then no layer order exists) or a source file has no row.
//
// Usage: node scripts/check-deps.mjs [--root <dir>]   (exit 0: clean; 1: violations, listed)
//
// Only imports between the repository's own folders are checked: relative ones, and
// `@pagemap/<name>` ones (resolved to the workspace package of that name). Node built-ins and
// npm packages are not.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const RULES_BEGIN = '<!-- check-deps:rules -->';
const RULES_END = '<!-- /check-deps:rules -->';
/** Where source files are looked for, and what is skipped (build output, dependencies, generated code). */
const SCANNED = ['apps', 'packages', 'bench', 'e2e', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'generated', '.turbo']);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Tool configuration (jest.config.js reads the root jest.preset.js): no layer of the code. */
const CONFIG = /\.config\.(js|cjs|mjs|ts)$/;

/** `a/b` as a repository path with forward slashes. */
const slashed = (p) => p.split(sep).join('/');
const within = (path, folder) => path === folder || path.startsWith(`${folder}/`);

/** The table's rows: { folder, mayImport: [folder, ...] }, from the marked table in docs/architecture.md. */
export function readRules(root) {
  const doc = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');
  const begin = doc.indexOf(RULES_BEGIN);
  const end = doc.indexOf(RULES_END);
  if (begin < 0 || end < begin) throw new Error(`docs/architecture.md has no ${RULES_BEGIN} … ${RULES_END} table`);
  const rows = [];
  for (const line of doc.slice(begin, end).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5 || !cells[1].startsWith('`')) continue; // header, separator, prose
    const folder = cells[1].replaceAll('`', '');
    const mayImport = [...cells[3].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    rows.push({ folder, mayImport });
  }
  return rows;
}

/** The row a repository path belongs to: the one with the longest folder containing it. */
function rowOf(rows, path) {
  let best = null;
  for (const r of rows) if (within(path, r.folder) && (!best || r.folder.length > best.folder.length)) best = r;
  return best;
}

/** Workspace package name -> its folder (`@pagemap/worker` -> `apps/worker`). */
function workspacePackages(root) {
  const out = new Map();
  for (const top of ['apps', 'packages', '.']) {
    const base = join(root, top);
    const dirs = top === '.' ? ['bench', 'e2e'] : existsSync(base) ? readdirSync(base) : [];
    for (const d of dirs) {
      const pkg = join(base, d, 'package.json');
      if (existsSync(pkg)) out.set(JSON.parse(readFileSync(pkg, 'utf8')).name, slashed(normalize(join(top, d))));
    }
  }
  return out;
}

function sourceFiles(root, dir, out = []) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return out;
  for (const name of readdirSync(abs)) {
    const rel = `${dir}/${name}`;
    if (statSync(join(root, rel)).isDirectory()) {
      if (!SKIPPED_DIRS.has(name) && !name.startsWith('.')) sourceFiles(root, rel, out);
    } else if (SOURCE.test(name) && !CONFIG.test(name) && !name.includes('.generated.') && !name.endsWith('.d.ts'))
      out.push(rel);
  }
  return out;
}

/** Module specifiers a file imports: static, type-only, re-exports, side-effect, dynamic and require. */
export function importsOf(text) {
  const specs = [];
  const patterns = [
    /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?[\w*{}\s,$]*?\s*from\s*['"]([^'"]+)['"]/g,
    /(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g,
    /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) specs.push(m[1]);
  return specs;
}

/** The workspace package folder a repository path lies in, or null (root files, scripts/). */
function packageOf(packages, path) {
  let best = null;
  for (const folder of packages.values())
    if (within(path, folder) && (!best || folder.length > best.length)) best = folder;
  return best;
}

/**
 * Where a specifier points in the repository, or null when outside it (npm, node:). `deep`: it
 * reaches into another package's files (`@pagemap/x/dist/…`, or a relative path into another
 * package) instead of importing the package by its name.
 */
function resolveSpec(spec, file, packages) {
  if (spec.startsWith('.')) {
    const path = slashed(normalize(join(dirname(file), spec)));
    const to = packageOf(packages, path);
    return { path, deep: to !== null && to !== packageOf(packages, file) };
  }
  const m = /^(@pagemap\/[^/]+)(\/.*)?$/.exec(spec);
  if (!m || !packages.has(m[1])) return null;
  return { path: packages.get(m[1]) + (m[2] ?? ''), deep: !!m[2] };
}

/** An import is allowed within its own row, or into a folder its row lists (a deep one only when listed that deep). */
function allowed(row, target, targetRow) {
  if (!target.deep && targetRow === row) return true;
  return row.mayImport.some((f) => within(target.path, f) && (!target.deep || f.length > targetRow.folder.length));
}

/** Rows that import each other through the table: a cycle means no layer order. */
function tableCycle(rows) {
  const byFolder = new Map(rows.map((r) => [r.folder, r]));
  const state = new Map();
  const visit = (r, trail) => {
    if (state.get(r) === 'done') return null;
    if (state.get(r) === 'open') return [...trail, r.folder];
    state.set(r, 'open');
    for (const f of r.mayImport) {
      const next = byFolder.get(f) ?? rowOf(rows, f);
      const cycle = next && next !== r ? visit(next, [...trail, r.folder]) : null;
      if (cycle) return cycle;
    }
    state.set(r, 'done');
    return null;
  };
  for (const r of rows) {
    const cycle = visit(r, []);
    if (cycle) return cycle;
  }
  return null;
}

export function checkDeps(root) {
  const rows = readRules(root);
  const problems = [];
  const cycle = tableCycle(rows);
  if (cycle) problems.push(`the table has a cycle (no layer order): ${cycle.join(' -> ')}`);
  const packages = workspacePackages(root);
  const files = SCANNED.flatMap((d) => sourceFiles(root, d));
  for (const file of files) {
    const row = rowOf(rows, file);
    if (!row) {
      problems.push(`${file}: no row of the table covers this folder`);
      continue;
    }
    for (const spec of importsOf(readFileSync(join(root, file), 'utf8'))) {
      const target = resolveSpec(spec, file, packages);
      if (!target) continue;
      const targetRow = rowOf(rows, target.path);
      if (!targetRow || !allowed(row, target, targetRow)) {
        const why = target.deep
          ? "reaches into another package's files"
          : `${row.folder} may not import ${targetRow?.folder ?? target.path}`;
        problems.push(`${file}: imports '${spec}' (${why})`);
      }
    }
  }
  return { files: files.length, rows: rows.length, problems };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1]);
if (isMain) {
  const at = process.argv.indexOf('--root');
  const root = at > 0 ? process.argv[at + 1] : join(dirname(fileURLToPath(import.meta.url)), '..');
  const { files, rows, problems } = checkDeps(root);
  for (const p of problems) console.error(`check-deps: ${p}`);
  console.log(`check-deps: ${files} files, ${rows} folders in the table, ${problems.length} problem(s)`);
  process.exit(problems.length ? 1 : 0);
}

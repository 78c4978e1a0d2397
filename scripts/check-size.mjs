#!/usr/bin/env node
// The repository's size check (npm run check-size): code a newcomer can find their way in. No
// source file under apps/*/src or packages/*/src is longer than 300 lines, and no function
// (declaration, expression, arrow, method, accessor, constructor) is longer than 60 lines. A
// function counts from its first line to its closing brace, comments included, as the TypeScript
// parser sees it; generated code and build output are no source.
//
// Usage: node scripts/check-size.mjs [--root <dir>]   (exit 0: clean; 1: too long, listed)
//
// EXEMPT below is the only way around a limit; each entry says why splitting would hurt.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 60;
/** Where sources are looked for: each app's and each package's src/ folder. */
const SCANNED = ['apps', 'packages'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'generated', '.turbo']);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/**
 * Functions allowed over the limit, by file and name, each with the reason. Keep it short: an
 * entry is a promise that the length is data or a single sequence a split would only scatter.
 */
export const EXEMPT = [];

const slashed = (p) => p.split(sep).join('/');

/** Repository paths of the source files under `<top>/<name>/src`. */
function sourceFiles(root) {
  const out = [];
  const walk = (rel) => {
    for (const name of readdirSync(join(root, rel))) {
      const path = `${rel}/${name}`;
      if (statSync(join(root, path)).isDirectory()) {
        if (!SKIPPED_DIRS.has(name) && !name.startsWith('.')) walk(path);
      } else if (SOURCE.test(name) && !name.includes('.generated.') && !name.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const top of SCANNED) {
    if (!existsSync(join(root, top))) continue;
    for (const name of readdirSync(join(root, top))) {
      const src = `${top}/${name}/src`;
      if (existsSync(join(root, src)) && statSync(join(root, src)).isDirectory()) walk(src);
    }
  }
  return out.sort();
}

/** A readable name for a function node: its own, or the variable, property or class member it is bound to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
  )
    return parent.name.getText();
  return '(anonymous)';
}

/** Functions longer than the limit in one file: { name, line, lines }. */
export function longFunctions(path, text) {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_FUNCTION_LINES) out.push({ name: nameOf(node), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const exempt = (path, name) => EXEMPT.some((e) => e.path === path && e.name === name);

export function checkSize(root) {
  const problems = [];
  const files = sourceFiles(root);
  for (const path of files) {
    const text = readFileSync(join(root, path), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) problems.push(`${path}: ${lines} lines (at most ${MAX_FILE_LINES} per file)`);
    for (const f of longFunctions(path, text))
      if (!exempt(path, f.name))
        problems.push(`${path}:${f.line}: ${f.name} is ${f.lines} lines (at most ${MAX_FUNCTION_LINES} per function)`);
  }
  const stale = EXEMPT.filter((e) => !files.includes(e.path));
  for (const e of stale) problems.push(`exemption for ${e.path} (${e.name}): no such source file any more`);
  return { files: files.length, problems };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1]);
if (isMain) {
  const at = process.argv.indexOf('--root');
  const root = at > 0 ? process.argv[at + 1] : join(dirname(fileURLToPath(import.meta.url)), '..');
  const { files, problems } = checkSize(root);
  for (const p of problems) console.error(`check-size: ${slashed(p)}`);
  console.log(`check-size: ${files} files, ${problems.length} problem(s)`);
  process.exit(problems.length ? 1 : 0);
}

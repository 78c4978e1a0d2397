#!/usr/bin/env node
/**
 * Link check over the Markdown a reader meets: README.md, docs/, deploy/ and every app's and
 * package's README. Every file link must resolve inside the repository (and a `#section` of a
 * Markdown file must be one of its headings); http(s) and mailto links to outside sites are
 * references and stay as they are. Text in code blocks and code spans is not a link, but a code
 * span naming a repository path (`packages/x/src/y.ts`) must name one that exists — from the
 * root or from the file's folder — unless git ignores it (a generated output such as a report).
 *
 *   node scripts/check-links.js            checks, prints each broken link, exits 1 if any
 *   require('./check-links').brokenLinks(root, files)   the same, for a test
 */
'use strict';
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync, readdirSync, statSync } = require('node:fs');
const { dirname, join, relative, resolve, sep } = require('node:path');

const ROOT = resolve(__dirname, '..');

/** The Markdown files the check covers, relative to `root`. */
function markdownFiles(root = ROOT) {
  const out = [];
  const add = (file) => existsSync(join(root, file)) && out.push(file);
  add('README.md');
  const walk = (dir) => {
    if (!existsSync(join(root, dir))) return;
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(path);
      else if (entry.isFile() && entry.name.endsWith('.md')) out.push(path);
    }
  };
  walk('docs');
  walk('deploy');
  for (const top of ['apps', 'packages']) {
    if (!existsSync(join(root, top))) continue;
    for (const name of readdirSync(join(root, top))) add(join(top, name, 'README.md'));
  }
  add('e2e/README.md');
  add('bench/README.md');
  return out;
}

/** Markdown without fenced code blocks (a `#` line in one is not a heading, a bracket not a link). */
function withoutFences(text) {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** Markdown without fenced code blocks and code spans (their brackets are not links). */
function withoutCode(text) {
  return withoutFences(text).replace(/(`+)[^`\n]*?\1/g, '');
}

/** Link targets: inline [text](target), images, reference definitions and HTML href/src. */
function linkTargets(text) {
  const plain = withoutCode(text);
  const targets = [];
  for (const m of plain.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]);
  for (const m of plain.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/gm)) targets.push(m[1]);
  for (const m of plain.matchAll(/\s(?:href|src)="([^"]+)"/g)) targets.push(m[1]);
  return targets;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  for (const m of withoutFences(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of readFileSync(file, 'utf8').matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  return anchors;
}

/** Why `target`, linked from `file`, is broken; null when it resolves. */
function problemOf(root, file, target) {
  if (/^(https?:|mailto:)/i.test(target)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return 'a link with a scheme other than http(s) or mailto';
  const [pathPart, anchor] = target.split('#', 2);
  const path = decodeURIComponent(pathPart ?? '');
  if (path.startsWith('/')) return 'an absolute path: links are relative to the file';
  const abs = path === '' ? join(root, file) : resolve(root, dirname(file), path);
  if (abs !== root && !abs.startsWith(root + sep)) return 'leaves the repository';
  if (!existsSync(abs)) return 'resolves to nothing';
  if (anchor && abs.endsWith('.md') && statSync(abs).isFile() && !anchorsOf(abs).has(anchor))
    return `no heading #${anchor} in ${relative(root, abs)}`;
  return null;
}

const CITED_PATH = /`((?:apps|packages|docs|scripts|deploy|e2e|bench|(?:\.\.\/)+[\w.-]+)\/[^`\s*<>{}]+?)(?::\d+)?`/g;

function gitIgnored(root, path) {
  try {
    execFileSync('git', ['check-ignore', '-q', path], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Repository paths cited in code spans of `file` that exist neither from the root nor beside it. */
function missingCitedPaths(root, file) {
  const text = withoutFences(readFileSync(join(root, file), 'utf8'));
  const missing = [];
  for (const m of text.matchAll(CITED_PATH)) {
    const path = m[1].replace(/[#(].*$/, '');
    if (/…|\.\.\.|\bx\//.test(path)) continue; // a pattern such as `../../x/src/…`, not a path
    if (path.startsWith('../')) {
      const abs = resolve(root, dirname(file), path);
      if (!abs.startsWith(root + sep)) missing.push(`${file}: \`${m[1]}\` — names a path outside the repository`);
      else if (!existsSync(abs)) missing.push(`${file}: \`${m[1]}\` — names a path that does not exist`);
      continue;
    }
    const candidates = [resolve(root, path), resolve(root, dirname(file), path)];
    if (candidates.some((c) => existsSync(c)) || gitIgnored(root, path)) continue;
    missing.push(`${file}: \`${m[1]}\` — names a path that does not exist`);
  }
  return missing;
}

/** Every broken link of `files` (relative to `root`), as "file: target — why". */
function brokenLinks(root = ROOT, files = markdownFiles(root)) {
  const broken = [];
  for (const file of files) {
    for (const target of linkTargets(readFileSync(join(root, file), 'utf8'))) {
      const problem = problemOf(root, file, target);
      if (problem) broken.push(`${file}: ${target} — ${problem}`);
    }
    broken.push(...missingCitedPaths(root, file));
  }
  return broken;
}

module.exports = { brokenLinks, markdownFiles, linkTargets, slug };

if (require.main === module) {
  const files = markdownFiles();
  const broken = brokenLinks(ROOT, files);
  for (const line of broken) console.error(`check-links: ${line}`);
  if (broken.length > 0) process.exit(1);
  console.log(`check-links: ${files.length} files, every link resolves`);
}

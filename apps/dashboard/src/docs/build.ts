#!/usr/bin/env node
/**
 * Build step: renders the repository's docs/ (Markdown) into a static site under dist/site with
 * markdown-it — raw HTML in Markdown is not passed through, links to `x.md` become `x.html`,
 * images and openapi.json are copied. The dashboard serves the result at /docs/.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import MarkdownIt from 'markdown-it';
import { docPage } from './template';

/** Preferred order in the sidebar; other pages follow alphabetically. */
const ORDER = [
  'index',
  'quickstart',
  'concepts',
  'api',
  'errors',
  'playground',
  'dashboard',
  'billing',
  'acceptable-use',
  'page-understanding',
  'security',
  'configuration',
  'operations',
  'architecture',
  'benchmarks',
  'soak',
];

export function buildDocs(docsDir: string, outDir: string): string[] {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  const defaultLink =
    md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const href = tokens[idx]!.attrGet('href');
    if (typeof href === 'string' && !/^[a-z]+:/i.test(href))
      tokens[idx]!.attrSet('href', href.replace(/^\.\//, '').replace(/\.md(#|$)/, '.html$1'));
    return defaultLink(tokens, idx, options, env, self);
  };
  const files = readdirSync(docsDir).filter((f) => f.endsWith('.md'));
  const pages = files.map((f) => {
    const source = readFileSync(join(docsDir, f), 'utf8');
    const slug = f.replace(/\.md$/, '');
    const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? slug;
    return { slug, title, body: md.render(source) };
  });
  const rank = (slug: string) => (ORDER.includes(slug) ? ORDER.indexOf(slug) : ORDER.length);
  pages.sort((a, b) => rank(a.slug) - rank(b.slug) || a.slug.localeCompare(b.slug));
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const nav = pages.map(({ slug, title }) => ({ slug, title }));
  for (const p of pages) writeFileSync(join(outDir, `${p.slug}.html`), docPage(p, nav));
  if (!pages.some((p) => p.slug === 'index')) {
    const first = pages.find((p) => p.slug === 'quickstart') ?? pages[0];
    if (first) writeFileSync(join(outDir, 'index.html'), docPage({ ...first, slug: 'index' }, nav));
  }
  for (const extra of ['images', 'openapi.json']) {
    if (existsSync(join(docsDir, extra))) cpSync(join(docsDir, extra), join(outDir, extra), { recursive: true });
  }
  return pages.map((p) => p.slug);
}

if (require.main === module) {
  const root = resolve(__dirname, '..', '..', '..', '..');
  const built = buildDocs(join(root, 'docs'), resolve(__dirname, '..', 'site'));
  process.stdout.write(`docs: ${built.length} pages → dist/site\n`);
}

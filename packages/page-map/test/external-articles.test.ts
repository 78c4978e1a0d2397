/**
 * page_content and summaries of articles written by others, with what real documentation pages
 * carry around them: the Apache HTTP Server manual as Debian's apache2-doc ships it (served
 * unchanged from /usr/share/doc): every page in five of its languages and the site map in ten (all
 * but Korean). Each page has a menu line and a
 * breadcrumb trail above the article, a language list at its top, a sidebar of contents and a
 * copyright footer, none of them in `<nav>`, `<aside>` or `<footer>`. The article, by the
 * manual's own markup, is the preamble and the sections of `#page-content`.
 * The summary has 1–3 sentences and opens with the article's words; page_content's first
 * paragraph is the article's. Before, every summary opened with "Modules | Directives | FAQ |
 * Glossary | Sitemap | Report a bug." and the breadcrumb trail, and page_content with "Available
 * Languages: de | en | …" (or, on an index, with the copyright footer).
 */
import { existsSync, readdirSync } from 'node:fs';
import { openExternal, summaryInOneToThree, useExternalEnv } from './external-env';

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

/** Every page of these languages (Chinese and Turkish say a sentence in fewer words than English). */
const ARTICLE_LANGS = ['en', 'ja', 'ru', 'zh-cn', 'tr'];
/** Every language the manual ships (its folders with a site map): the site map of each is checked. */
// Not Korean: its pages are EUC-KR, which the test server's "charset=utf-8" header overrides.
const LANGS = existsSync(MANUAL)
  ? readdirSync(MANUAL).filter((d) => d !== 'ko' && existsSync(`${MANUAL}/${d}/sitemap.html`))
  : [];
// The site map is an index of links with one sentence, mostly a link ("Bu sayfada [Apache HTTP
// Sunucusu Sürüm 2.4 Belgeleri]nin tamamı listelenmiştir."): before, its menu line opened
// page_content in Japanese, Chinese and Turkish.
const pages = [
  ...ARTICLE_LANGS.filter((lang) => LANGS.includes(lang)).flatMap((lang) =>
    readdirSync(`${MANUAL}/${lang}`)
      .filter((f) => f.endsWith('.html'))
      .map((f) => `/${lang}/${f}`),
  ),
  ...LANGS.filter((lang) => !ARTICLE_LANGS.includes(lang)).map((lang) => `/${lang}/sitemap.html`),
];

test('the manual is installed (scripts/setup.sh): each language has its pages and its site map', () => {
  // apache2-doc ships 30 top-level pages per language in 11 languages (Korean left out above).
  expect(LANGS.length).toBeGreaterThanOrEqual(10);
  for (const lang of ARTICLE_LANGS)
    expect(pages.filter((p) => p.startsWith(`/${lang}/`)).length).toBeGreaterThanOrEqual(25);
  for (const lang of LANGS) expect(pages).toContain(`/${lang}/sitemap.html`);
});

test.each(pages)('%s: a 1–3 sentence summary and page_content open with the article', async (path) => {
  const p = await openExternal(env(), path);
  try {
    const { summary, map } = await summaryInOneToThree(p.page, true);
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
    // A list item's marker is Markdown's, not the page's (Chinese lines are short: the first line
    // of 40 characters can be an item of the site map's lists).
    expect(article).toContain(bare(paragraph.replace(/^\s*[-*+]\s+/, '')).slice(0, 30));
  } finally {
    await p.close();
  }
});

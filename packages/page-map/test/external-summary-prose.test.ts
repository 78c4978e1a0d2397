/**
 * A summary says what a page says, not what its table of contents lists: the Debian Reference
 * (German) and the Debian FAQ (Chinese), DocBook chapters that open with an index of their own
 * sections, served unchanged from the Debian packages that ship them. Before, the section titles
 * in that index — long enough in German to pass for prose — made every chapter's summary
 * ("Die Shell-Eingabeaufforderung auf einem GUI-System. Systemadministrations-Werkzeuge …"),
 * and a quoted question closing a Chinese summary gave a reader a fourth sentence.
 */
import { existsSync, readdirSync } from 'node:fs';
import { openExternal, summaryInOneToThree, useExternalEnv } from './external-env';

/** Installed by scripts/setup.sh (Debian packages debian-reference-de and debian-faq-zh-cn). */
const SHARE = '/usr/share';
const REFERENCE = `${SHARE}/debian-reference`;
const FAQ = `${SHARE}/doc/debian/FAQ/zh-cn`;
const env = useExternalEnv(SHARE);

const files = (dir: string, re: RegExp, prefix: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => re.test(f))
        .map((f) => `${prefix}/${f}`)
    : [];
const chapters = [
  ...files(REFERENCE, /^ch\d+\.de\.html$/, '/debian-reference'),
  ...files(FAQ, /\.zh-cn\.html$/, '/doc/debian/FAQ/zh-cn').filter((f) => !f.includes('/index.')),
];

test('the Debian Reference and FAQ are installed (scripts/setup.sh)', () => {
  expect(chapters.length).toBeGreaterThanOrEqual(25);
});

const lettersOf = (s: string): string => s.replace(/[^\p{L}\p{N}]/gu, '');

/** The page's paragraphs, outside its index (whose entries are links into the page). */
const paragraphsOf = (page: import('puppeteer-core').Page): Promise<string[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('p, li, dd, td'))
      .filter((el) => !el.closest('.toc, .list-of-tables, .list-of-figures'))
      .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ')),
  );

test.each(chapters)('%s: the summary is the chapter’s prose, in 1–3 sentences', async (path) => {
  const p = await openExternal(env(), path);
  try {
    const { summary } = await summaryInOneToThree(p.page);
    // Its opening words stand in one of the chapter's paragraphs, not only in a heading or the index
    // (compared by letters and digits: a summary writes "J.H.M." as "JHM", for a strict reader).
    const opening = lettersOf(summary).slice(0, 12);
    expect((await paragraphsOf(p.page)).some((t) => lettersOf(t).includes(opening))).toBe(true);
  } finally {
    await p.close();
  }
});

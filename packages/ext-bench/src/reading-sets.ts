/**
 * Documents others wrote, read for their summaries (src/reading.ts): Debian's manuals in the
 * languages their packages ship, read where the Debian packages put them (nothing is copied here;
 * `reading/SOURCE.md` names each package, version and licence). Chapters of a manual open with an
 * index of their sections, some with a question per section (the FAQ), in scripts with and
 * without spaces between words — what a summary must see past.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Source } from './sources';

export interface ReadingSet {
  /** Served at the root of its own origin, like a source. */
  source: Source;
  /** The Debian packages it comes from, for the report. */
  packages: string;
  /** Its pages by language: path under the web root, as served. */
  pages(): { lang: string; path: string }[];
}

const htmlIn = (dir: string, re: RegExp): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => re.test(f))
        .sort()
    : [];

const FAQ_DIR = '/usr/share/doc/debian/FAQ';
const FAQ_LANGS = ['de', 'fr', 'it', 'ja', 'ko', 'nl', 'pt', 'ru', 'zh-cn'];
const REFERENCE_DIR = '/usr/share/debian-reference';
const REFERENCE_LANGS = ['en', 'de', 'es', 'fr', 'it', 'ja', 'pt', 'zh-cn'];
const DEVREF_DIR = '/usr/share/developers-reference';
const DEVREF_LANGS = ['de', 'fr', 'ja', 'ru'];
/** Sphinx's pages that are no chapter: the whole book on one page, the index, the search page. */
const DEVREF_CHAPTER = /^(?!index|search|genindex|developers-reference)[a-z-]+\.html$/;

const source = (name: string, title: string, webRoot: string): Source => ({ name, title, webRoot, cleanUrls: false });

export const READING_SETS: readonly ReadingSet[] = [
  {
    source: source('debian-faq', 'The Debian FAQ (DocBook), every chapter', FAQ_DIR),
    packages: 'debian-faq, debian-faq-{de,fr,it,ja,ko,nl,pt,ru,zh-cn} 11.1',
    pages: () => [
      ...htmlIn(FAQ_DIR, /^(?!index)[a-z-]+\.en\.html$/).map((f) => ({ lang: 'en', path: f })),
      ...FAQ_LANGS.flatMap((lang) =>
        htmlIn(join(FAQ_DIR, lang), new RegExp(`^(?!index)[a-z-]+\\.${lang}\\.html$`)).map((f) => ({
          lang,
          path: `${lang}/${f}`,
        })),
      ),
    ],
  },
  {
    source: source('debian-reference', 'The Debian Reference (DocBook), every chapter', REFERENCE_DIR),
    packages: 'debian-reference-{en,de,es,fr,it,ja,pt,zh-cn} 2.100',
    pages: () =>
      REFERENCE_LANGS.flatMap((lang) =>
        htmlIn(REFERENCE_DIR, new RegExp(`^ch\\d+\\.${lang}\\.html$`)).map((f) => ({ lang, path: f })),
      ),
  },
  {
    source: source('developers-reference', "The Debian Developer's Reference (Sphinx), every chapter", DEVREF_DIR),
    packages: 'developers-reference, developers-reference-{de,fr,ja,ru} 12.18',
    pages: () => [
      ...htmlIn(DEVREF_DIR, DEVREF_CHAPTER).map((f) => ({ lang: 'en', path: f })),
      ...DEVREF_LANGS.flatMap((lang) =>
        htmlIn(join(DEVREF_DIR, lang), DEVREF_CHAPTER).map((f) => ({ lang, path: `${lang}/${f}` })),
      ),
    ],
  },
];

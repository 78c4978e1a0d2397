/**
 * Summaries of documents others wrote (reading-sets.ts), through the real API: each chapter opened
 * in a new session, its summary counted as a reader counts sentences — after every 。！？ wherever
 * it stands, at . ! ? (and closing quotes or brackets) before a space — not with the product's own
 * splitter. And its opening words looked for in the page's paragraphs (`<p>`, read in the page by
 * the probe): a summary made of the chapter's index or its section titles has none there.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describeError } from '@pagemap/web-corpus';
import { READING_SETS } from './reading-sets';
import { DOC, withSection, type Section } from './report';
import type { BenchRig } from './rig';
import { startSourceServer } from './server';

export interface ReadingResult {
  set: string;
  lang: string;
  path: string;
  summary: string;
  sentences: number;
  /** Its opening words stand in one of the page's paragraphs (or why that could not be read). */
  fromParagraph: boolean | string;
  /** page_content holds the chapter's first paragraph near its start (or why that could not be read). */
  contentStarts: boolean | string;
  error?: string;
}

/** A reader's count, independent of the product's splitter. */
export const sentencesAsRead = (s: string): number =>
  s
    .replace(/([。！？｡])/g, '$1\n')
    .replace(/([.!?…])["”’')\]」』）]*\s+/g, '$1\n')
    .split('\n')
    .filter((x) => x.trim()).length;

/** Letters and digits only: a summary may write "J.H.M." as "JHM" (for the strict reader). */
const letters = (s: string): string => s.replace(/[^\p{L}\p{N}]/gu, '');

const inParagraph = (opening: string): string =>
  `Array.from(document.querySelectorAll('p')).some((p) => (p.textContent || '').replace(/[^\\p{L}\\p{N}]/gu, '').includes(${JSON.stringify(opening)}))`;

/** Markdown as read: a link's text without its address ("[Donations](https://…) of time"). */
const asText = (markdown: string): string => markdown.replace(/\]\([^)]*\)/g, ']');

/**
 * The chapter's first paragraph (the first `<p>` of 30 letters or more outside its index and the
 * page's navigation) within the first 2,000 letters of page_content: the content starts where the
 * chapter does, not with its index (which runs to thousands of letters) or the site's chrome.
 */
const contentHolds = (content: string): string =>
  `(() => { const l = (s) => (s || '').replace(/[^\\p{L}\\p{N}]/gu, ''); const first = Array.from(document.querySelectorAll('p')).find((p) => !p.closest('.toc, .list-of-tables, nav, [role=navigation], header, footer') && l(p.textContent).length >= 30); return !!first && ${JSON.stringify(letters(asText(content)).slice(0, 2000))}.includes(l(first.textContent).slice(0, 30)); })()`;

export const summaryOk = (r: ReadingResult): boolean =>
  !r.error && r.sentences >= 1 && r.sentences <= 3 && r.fromParagraph === true;
export const readingOk = (r: ReadingResult): boolean => summaryOk(r) && r.contentStarts === true;

export async function measureReading(rig: BenchRig, log?: (line: string) => void): Promise<ReadingResult[]> {
  const out: ReadingResult[] = [];
  for (const set of READING_SETS) {
    const pages = set.pages();
    if (pages.length === 0) {
      log?.(`${set.source.name}: not installed (${set.packages})`);
      continue;
    }
    const server = await startSourceServer(set.source);
    try {
      for (const { lang, path } of pages) {
        const r: ReadingResult = {
          set: set.source.name,
          lang,
          path,
          summary: '',
          sentences: 0,
          fromParagraph: false,
          contentStarts: false,
        };
        try {
          const map = await rig.api.open(server.url(path), true);
          r.summary = map.summary;
          r.sentences = sentencesAsRead(map.summary);
          r.fromParagraph = await rig.probe.check(server.origin, inParagraph(letters(map.summary).slice(0, 12)));
          r.contentStarts = await rig.probe.check(server.origin, contentHolds(map.page_content ?? ''));
          await rig.api.close(map.session_id);
        } catch (err) {
          r.error = describeError(err);
        }
        log?.(
          `${readingOk(r) ? 'ok  ' : 'FAIL'} ${r.set}/${path} [${r.sentences}] ${r.error ?? r.summary.slice(0, 80)}`,
        );
        out.push(r);
      }
    } finally {
      await server.close();
    }
  }
  return out;
}

const SECTION: Section = {
  start: '<!-- ext-bench-reading:start (written by `pnpm --filter @pagemap/ext-bench bench`; do not edit by hand) -->',
  end: '<!-- ext-bench-reading:end -->',
  heading: '## Summaries of documents written by others\n\nSee `packages/ext-bench/README.md` ("Reading").',
};

function failureLine(r: ReadingResult): string {
  const what: string[] = [];
  if (r.error) what.push(r.error);
  else {
    if (!summaryOk(r))
      what.push(
        `a summary of ${r.sentences} sentence${r.sentences === 1 ? '' : 's'}, opening ${r.fromParagraph === true ? 'from a paragraph' : `not from a paragraph (${r.fromParagraph})`}: "${r.summary.replace(/\|/g, '\\|')}"`,
      );
    if (r.contentStarts !== true)
      what.push(
        `page_content does not start with the chapter${r.contentStarts === false ? '' : ` (${r.contentStarts})`}`,
      );
  }
  return `- \`${r.set}/${r.path}\`: ${what.join('; ')}`;
}

export function readingMarkdown(results: ReadingResult[], date: string): string {
  const rows = new Map<string, ReadingResult[]>();
  for (const r of results) rows.set(`${r.set} | ${r.lang}`, [...(rows.get(`${r.set} | ${r.lang}`) ?? []), r]);
  const count = (rs: ReadingResult[], f: (r: ReadingResult) => boolean) => rs.filter(f).length;
  const line = (name: string, rs: ReadingResult[]) =>
    `| ${name} | ${rs.length} | ${count(rs, (r) => !r.error && r.sentences >= 1 && r.sentences <= 3)} | ${count(rs, (r) => r.fromParagraph === true)} | ${count(rs, (r) => r.contentStarts === true)} | ${count(rs, readingOk)} |`;
  const failed = results.filter((r) => !readingOk(r));
  return [
    `Measured ${date}: ${results.length} chapters of Debian's manuals, each opened through the API in a new session with the offline summarizer; sentences counted as a reader counts them, the opening words looked for in the page's paragraphs; page_content asked for too, and the chapter's first paragraph looked for in its first 2,000 letters.`,
    '',
    '| set | language | chapters | summary: 1–3 sentences | summary: opening from a paragraph | page_content starts with the chapter | all three |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...[...rows].map(([key, rs]) => line(key, rs)),
    line('**all** |', results),
    '',
    `Failures (${failed.length}):`,
    '',
    ...(failed.length ? failed.map(failureLine) : ['None.']),
  ].join('\n');
}

export function writeReadingReport(results: ReadingResult[], doc = DOC): string {
  const body = readingMarkdown(results, new Date().toISOString().slice(0, 10));
  writeFileSync(doc, withSection(readFileSync(doc, 'utf8'), body, SECTION));
  return doc;
}

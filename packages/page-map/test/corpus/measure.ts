/**
 * Runs the corpus: every page's must / must-not tools and blocks, general invariants of every
 * page map, precision/recall of login and search detection, and extraction times. Shared by
 * corpus.test.ts (which asserts) and corpus-report.ts (which writes the numbers into
 * docs/page-understanding.md on request).
 */
import { closeTestBrowser, launchTestBrowser, startFixtureServer } from '@pagemap/test-utils';
import { extractPageMap, preparePage, type PageMap } from '../../src';
import { CORPUS } from './manifest';

export interface Prf {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
}

export interface CorpusResult {
  pages: number;
  problems: string[];
  login: Prf;
  search: Prf;
  /** The Markdown section between the corpus markers in docs/page-understanding.md. */
  section: string;
}

const isLogin = (n: string) => /^(login|sign_in)(_\d+)?$/.test(n);
const isSearch = (n: string) => /^search(_\d+)?$/.test(n);

function prf(pairs: { truth: boolean; pred: boolean }[]): Prf {
  const tp = pairs.filter((p) => p.truth && p.pred).length;
  const fp = pairs.filter((p) => !p.truth && p.pred).length;
  const fn = pairs.filter((p) => p.truth && !p.pred).length;
  return { tp, fp, fn, precision: tp + fp ? tp / (tp + fp) : 1, recall: tp + fn ? tp / (tp + fn) : 1 };
}

/** What is wrong with one page's map, given its manifest entry. */
function check(c: (typeof CORPUS)[number], m: PageMap, where: string): string[] {
  const problems: string[] = [];
  const names = m.tools.map((t) => t.tool.name);
  // Invariants of every map.
  if (new Set(names).size !== names.length) problems.push(`${where}: duplicate tool names ${names.join(',')}`);
  if (names.length > 30) problems.push(`${where}: ${names.length} tools`);
  if (!names.includes('navigate')) problems.push(`${where}: navigate missing`);
  for (const t of m.tools) {
    if (!/^[a-z][a-z0-9_]*$/.test(t.tool.name)) problems.push(`${where}: tool name ${t.tool.name} is not snake_case`);
    if (!t.tool.description) problems.push(`${where}: ${t.tool.name} has no description`);
    for (const p of t.tool.params)
      if (!p.name || !p.description) problems.push(`${where}: ${t.tool.name} has a param without name/description`);
  }
  if (m.text.length > 20_000) problems.push(`${where}: text too long`);
  for (const n of c.must ?? [])
    if (!names.includes(n)) problems.push(`${where}: missing ${n} (has ${names.join(',')})`);
  for (const n of c.mustNot ?? []) if (names.includes(n)) problems.push(`${where}: must not yield ${n}`);
  if ((m.block?.kind ?? undefined) !== c.block)
    problems.push(`${where}: block ${JSON.stringify(m.block)}, expected ${c.block ?? 'none'}`);
  const login = names.find(isLogin);
  if (login) {
    const params = m.tools.find((t) => t.tool.name === login)!.tool.params.map((p) => p.name);
    if (!params.includes('username') || !params.includes('password'))
      problems.push(`${where}: login params ${params.join(',')}`);
  }
  const search = names.find(isSearch);
  if (search && !m.tools.find((t) => t.tool.name === search)!.tool.params.some((p) => p.name === 'query'))
    problems.push(`${where}: search without query`);
  if (c.login !== names.some(isLogin))
    problems.push(`${where}: login detection ${names.some(isLogin)}, expected ${c.login}`);
  if (c.search !== names.some(isSearch))
    problems.push(`${where}: search detection ${names.some(isSearch)}, expected ${c.search}`);
  return problems;
}

/** `corpusDir`: where the frozen pages are (this folder; passed in when run from a bundle). */
export async function measureCorpus(corpusDir: string = __dirname): Promise<CorpusResult> {
  const [browser, site, frozen] = await Promise.all([
    launchTestBrowser(),
    startFixtureServer(),
    startFixtureServer({ siteDir: corpusDir }),
  ]);
  const problems: string[] = [];
  const loginPairs: { truth: boolean; pred: boolean }[] = [];
  const searchPairs: { truth: boolean; pred: boolean }[] = [];
  const times: number[] = [];
  try {
    const ctx = await browser.createBrowserContext();
    const page = await ctx.newPage();
    await preparePage(page);
    for (const c of CORPUS) {
      const res = await page.goto((c.source === 'site' ? site : frozen).url(c.path), { waitUntil: 'load' });
      const t0 = performance.now();
      const m = await extractPageMap(page, { includeContent: false, status: res?.status() });
      times.push(performance.now() - t0);
      const names = m.tools.map((t) => t.tool.name);
      problems.push(...check(c, m, `${c.source}${c.path}`));
      loginPairs.push({ truth: c.login, pred: names.some(isLogin) });
      searchPairs.push({ truth: c.search, pred: names.some(isSearch) });
    }
    await ctx.close();
  } finally {
    await closeTestBrowser(browser);
    await Promise.all([site.close(), frozen.close()]);
  }
  const login = prf(loginPairs);
  const search = prf(searchPairs);
  return {
    pages: CORPUS.length,
    problems,
    login,
    search,
    section: section(login, search, loginPairs, searchPairs, times),
  };
}

function section(
  l: Prf,
  s: Prf,
  loginPairs: { truth: boolean }[],
  searchPairs: { truth: boolean }[],
  times: number[],
): string {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const max = sorted[sorted.length - 1]!;
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  return [
    '<!-- corpus:start (written by `pnpm --filter @pagemap/page-map corpus:report`; do not edit by hand) -->',
    `Corpus: ${CORPUS.length} pages (${CORPUS.filter((c) => c.source === 'site').length} fixture-site pages, ${CORPUS.filter((c) => c.source === 'corpus').length} frozen pages in \`packages/page-map/test/corpus/\`).`,
    '',
    '| detector | pages with it | true pos. | false pos. | false neg. | precision | recall |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| login | ${loginPairs.filter((p) => p.truth).length} | ${l.tp} | ${l.fp} | ${l.fn} | ${pct(l.precision)} | ${pct(l.recall)} |`,
    `| search | ${searchPairs.filter((p) => p.truth).length} | ${s.tp} | ${s.fp} | ${s.fn} | ${pct(s.precision)} | ${pct(s.recall)} |`,
    '',
    `Extraction time per page (\`extractPageMap\` without content, after load, headless shell on the CI box): median ${median.toFixed(0)} ms, mean ${mean.toFixed(0)} ms, max ${max.toFixed(0)} ms.`,
    '<!-- corpus:end -->',
  ].join('\n');
}

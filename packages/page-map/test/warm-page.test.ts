/**
 * Warming a pooled page (src/warm-page.ts) changes nothing a session can see: the blank document
 * is empty again afterwards, nothing was fetched, and the first navigation gives the same page
 * map (and the same history) as on a page never warmed.
 */
import type { Page } from 'puppeteer-core';
import { extractPageMap, loadLight, preparePage, warmPage } from '../src';
import { useCorpusEnv } from './corpus/corpus-env';
import { CORPUS } from './corpus/manifest';

const corpus = useCorpusEnv();

/** A page as the worker's pool makes it: prepared, light, and warmed when asked. */
async function pooledPage(warm: boolean): Promise<Page> {
  const page = await (await corpus.browser().createBrowserContext()).newPage();
  await preparePage(page);
  await loadLight(page);
  if (warm) await warmPage(page);
  return page;
}

const blankState = (page: Page) =>
  page.evaluate(() => ({ url: location.href, html: document.documentElement.outerHTML, title: document.title }));

test('a warmed page fetches nothing and is left blank', async () => {
  const [plain, page] = await Promise.all([pooledPage(false), pooledPage(false)]);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await warmPage(page);
  expect(requests).toEqual([]);
  expect(await blankState(page)).toEqual(await blankState(plain));
  await Promise.all([plain.browserContext().close(), page.browserContext().close()]);
});

test('only a page that has not been navigated is warmed', async () => {
  const page = await pooledPage(false);
  await page.goto(corpus.urlOf(CORPUS[0]!));
  await expect(warmPage(page)).rejects.toThrow(/not been navigated/);
  await page.browserContext().close();
});

test('the first page map after warming is the one an unwarmed page gives', async () => {
  // Every fourth corpus page: articles, forms, logins and app pages alike.
  const pages = CORPUS.filter((_, i) => i % 4 === 0);
  for (const c of pages) {
    const url = corpus.urlOf(c);
    const maps = [];
    for (const warm of [false, true]) {
      const page = await pooledPage(warm);
      const res = await page.goto(url, { waitUntil: 'load' });
      const m = await extractPageMap(page, { includeContent: true, status: res?.status() });
      const entries = await page.evaluate(() => window.history.length);
      maps.push({
        path: c.path,
        title: m.title,
        text: m.text,
        tools: m.tools.map((t) => t.tool),
        md: m.markdown,
        entries,
      });
      await page.browserContext().close();
    }
    expect(maps[1]).toEqual(maps[0]);
  }
}, 180_000);

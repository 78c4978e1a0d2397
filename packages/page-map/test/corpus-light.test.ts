/**
 * Light loading (src/light-load.ts) does not change what a page map says: every corpus page,
 * opened in full and opened light, gives the same title, text, tools and block. The light pages
 * fetch none of the corpus's images, media or fonts over the network.
 */
import type { Page } from 'puppeteer-core';
import { extractPageMap, loadLight, preparePage } from '../src';
import { useCorpusEnv } from './corpus/corpus-env';
import { CORPUS } from './corpus/manifest';

const corpus = useCorpusEnv();

async function preparedPage(light: boolean): Promise<Page> {
  const page = await (await corpus.browser().createBrowserContext()).newPage();
  await preparePage(page);
  if (light) await loadLight(page);
  return page;
}

async function mapOf(page: Page, url: string) {
  const res = await page.goto(url, { waitUntil: 'load' });
  const m = await extractPageMap(page, { includeContent: true, status: res?.status() });
  return {
    url: m.url,
    title: m.title,
    text: m.text,
    tools: m.tools.map((t) => t.tool),
    block: m.block,
    md: m.markdown,
  };
}

test('every corpus page has the same page map light and in full', async () => {
  const [full, light] = await Promise.all([preparedPage(false), preparedPage(true)]);
  // Fetched over the network (a data: URL is decoded in place, never fetched).
  const fetched = (page: Page) => {
    const urls: string[] = [];
    page.on('requestfinished', (r) => {
      if (['image', 'media', 'font'].includes(r.resourceType()) && r.url().startsWith('http')) urls.push(r.url());
    });
    return urls;
  };
  const [fullFetched, lightFetched] = [fetched(full), fetched(light)];
  const differ: string[] = [];
  for (const c of CORPUS) {
    const url = corpus.urlOf(c);
    const [a, b] = [await mapOf(full, url), await mapOf(light, url)];
    if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(c.path);
    expect({ path: c.path, ...b }).toEqual({ path: c.path, ...a });
  }
  expect(differ).toEqual([]);
  expect(lightFetched).toEqual([]);
  console.log(
    `corpus: ${CORPUS.length} pages equal light and in full; ${fullFetched.length} image/media/font fetches in full, 0 light`,
  );
  await Promise.all([full.browserContext().close(), light.browserContext().close()]);
}, 180_000);

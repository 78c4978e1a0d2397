/**
 * Light loading (src/light-load.ts): a page loading light fetches no images, media or fonts, but
 * its stylesheets and scripts as usual, across navigations; its page map is the one it has when
 * loaded in full; loading in full again asks the document's images for and decodes them. Real
 * Chromium; the fixture server counts the requests it sees.
 */
import type { Page } from 'puppeteer-core';
import { extractPageMap, loadInFull, loadLight, loadsLight } from '../src';
import { useEnv, type Env } from './helpers';

const env = useEnv();

const RED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#f00"/></svg>';

/** Shop `name`'s page, its files under /ll/<n>/ (one shop served at two places: see below). */
const PAGE = (n: string, name = n) => `<!doctype html><meta charset="utf-8"><title>Shop ${name}</title>
<link rel="stylesheet" href="/ll/${n}/style.css">
<style>@font-face { font-family: Brand; src: url(/ll/${n}/brand.woff2) format("woff2"); } h1 { font-family: Brand, serif; }</style>
<main><h1>Garden shop ${name}</h1>
<a href="/ll/b/page"><img src="/ll/${n}/logo.svg" alt="Go to the second shop"></a>
<img src="/ll/${n}/photo.svg" width="40" height="30" alt="A red square">
<video src="/ll/${n}/clip.mp4" width="40" height="30"></video>
<form action="/ll/search"><label>Search the shop <input name="q"></label><button>Search</button></form>
<p id="styled">Everything for the garden.</p></main>
<script src="/ll/${n}/app.js"></script>`;

function serve(e: Env, n: string, name = n): void {
  const send = (path: string, type: string, body: string) =>
    e.server.route('GET', `/ll/${n}/${path}`, (_req, res) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    });
  send('page', 'text/html', PAGE(n, name));
  send('style.css', 'text/css', '#styled { color: rgb(0, 128, 0); }');
  send('app.js', 'text/javascript', 'document.documentElement.dataset.app = "ran";');
  send('logo.svg', 'image/svg+xml', RED_SVG);
  send('photo.svg', 'image/svg+xml', RED_SVG);
  send('brand.woff2', 'font/woff2', 'not really a font');
  send('clip.mp4', 'video/mp4', 'not really a video');
}

const HEAVY = ['logo.svg', 'photo.svg', 'brand.woff2', 'clip.mp4'];
const heavyHits = (n: string) => HEAVY.reduce((sum, f) => sum + env().server.hits(`/ll/${n}/${f}`), 0);

beforeAll(() => {
  serve(env(), 'a');
  serve(env(), 'b');
  serve(env(), 'c');
  serve(env(), 'c-light', 'c');
  serve(env(), 'd');
});

async function withPage<T>(light: boolean, run: (page: Page) => Promise<T>): Promise<T> {
  const ctx = await env().browser.createBrowserContext();
  try {
    const page = await ctx.newPage();
    if (light) await loadLight(page);
    return await run(page);
  } finally {
    await ctx.close();
  }
}

const mapAt = (light: boolean, n: string) =>
  withPage(light, async (page) => {
    await page.goto(env().server.url(`/ll/${n}/page`), { waitUntil: 'load' });
    const map = await extractPageMap(page, { includeContent: true });
    return { title: map.title, text: map.text, tools: map.tools.map((t) => t.tool), markdown: map.markdown };
  });

test('a light page fetches no image, media or font, but its stylesheet and script, also after a navigation', async () => {
  await withPage(true, async (page) => {
    await page.goto(env().server.url('/ll/a/page'), { waitUntil: 'load' });
    expect(heavyHits('a')).toBe(0);
    expect(env().server.hits('/ll/a/style.css')).toBe(1);
    expect(env().server.hits('/ll/a/app.js')).toBe(1);
    expect(await page.$eval('#styled', (el) => getComputedStyle(el).color)).toBe('rgb(0, 128, 0)');
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('ran');
    // A link to the next document (another renderer-side document, same page target).
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('a')]);
    expect(await page.title()).toBe('Shop b');
    expect(heavyHits('b')).toBe(0);
    expect(env().server.hits('/ll/b/style.css')).toBe(1);
  });
});

test('the page map of a light page is the one it has in full', async () => {
  // The same shop at two places, so each load's fetches are counted apart: a media element may
  // fetch its source again after the full page's map is made (Chromium asks for the clip twice),
  // and that second fetch could land while the light page loads.
  const full = await mapAt(false, 'c');
  expect(heavyHits('c')).toBeGreaterThan(0); // the full load did fetch them
  const light = await mapAt(true, 'c-light');
  expect(heavyHits('c-light')).toBe(0); // the light one did not
  expect(JSON.parse(JSON.stringify(light).replaceAll('/ll/c-light/', '/ll/c/'))).toEqual(full);
});

test('loading in full asks the document’s images again and decodes them; later documents load in full', async () => {
  await withPage(true, async (page) => {
    await page.goto(env().server.url('/ll/d/page'), { waitUntil: 'load' });
    expect(heavyHits('d')).toBe(0);
    expect(await page.$eval('img[width]', (img) => (img as HTMLImageElement).naturalWidth)).toBe(0);
    expect(await loadInFull(page)).toBe(2);
    expect(loadsLight(page)).toBe(false);
    expect(env().server.hits('/ll/d/photo.svg')).toBe(1);
    const pixel = await page.$eval('img[width]', (img) => {
      const canvas = document.createElement('canvas');
      canvas.width = 40;
      canvas.height = 30;
      const g = canvas.getContext('2d')!;
      g.drawImage(img as HTMLImageElement, 0, 0);
      return Array.from(g.getImageData(10, 10, 1, 1).data);
    });
    expect(pixel).toEqual([255, 0, 0, 255]);
    await page.goto(env().server.url('/ll/d/page'), { waitUntil: 'load' });
    expect(env().server.hits('/ll/d/brand.woff2')).toBeGreaterThan(0);
  });
});

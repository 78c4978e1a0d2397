/**
 * Pages written by others, taken from the npm packages that ship them (test/external/README.md
 * names each source, version and licence) and served unchanged from a loopback server of their
 * own: the tests that prove a mechanism on material nobody here wrote.
 */
import { dirname, join } from 'node:path';
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { closeTestBrowser, launchTestBrowser, startFixtureServer, type FixtureServer } from '@pagemap/test-utils';
import { extractPageMap, offlineSummary, preparePage, runTool, type PageMap, type ToolRunOutcome } from '../src';

/** The Cypress kitchen-sink app as its npm package ships it (pages under commands/, shared /assets). */
export const KITCHEN_SINK_APP = join(dirname(require.resolve('cypress-example-kitchensink/package.json')), 'app');

/**
 * The W3C DOM Level 1 HTML test pages (NIST) that the @mixmark-io/domino package ships in its test
 * suite: plain old forms, boxes and radios labelled by the text after them.
 */
export const W3C_DOM_HTML_FILES = join(
  dirname(require.resolve('@mixmark-io/domino/package.json')),
  'test/w3c/level1/html/files',
);

/** GOV.UK's accessible-autocomplete package as shipped (examples/ link ../dist). */
export const AUTOCOMPLETE_PKG = dirname(require.resolve('accessible-autocomplete/package.json'));

interface ExternalEnv {
  browser: Browser;
  server: FixtureServer;
}

/** One browser and one server of the external pages in siteDir per test file; both closed in afterAll. */
export function useExternalEnv(siteDir: string): () => ExternalEnv {
  let env: ExternalEnv | undefined;
  beforeAll(async () => {
    const [browser, server] = await Promise.all([launchTestBrowser(), startFixtureServer({ siteDir })]);
    env = { browser, server };
  });
  afterAll(async () => {
    await closeTestBrowser(env?.browser);
    await env?.server.close();
  });
  return () => env!;
}

export interface OpenedPage {
  page: Page;
  map: PageMap;
  run: (tool: string, params?: Record<string, string | number | boolean | string[]>) => Promise<ToolRunOutcome>;
  close: () => Promise<void>;
}

/**
 * Opens an external page (path under the env's siteDir) in a fresh context and maps it; `ready`:
 * a selector the page's own script draws (an editor), waited for before the map is made.
 */
export async function openExternal(env: ExternalEnv, path: string, ready?: string): Promise<OpenedPage> {
  const ctx = await env.browser.createBrowserContext();
  const page = await ctx.newPage();
  await preparePage(page);
  await page.goto(env.server.url(path), { waitUntil: 'load' });
  if (ready) await page.waitForSelector(ready);
  const map = await extractPageMap(page, { includeContent: false });
  return {
    page,
    map,
    run: (tool, params) => runTool(page, map, { tool, ...(params ? { params } : {}) }, { timeoutMs: 8000 }),
    close: () => ctx.close(),
  };
}

/**
 * Loads an external page (path under the env's siteDir) in a fresh context, up to its load event,
 * over a network that holds each request `slow` picks for 700 ms (the rest come at once): what a
 * script fetches arrives after the load event, whatever the machine. Runs `fn` on the page (not
 * yet mapped) and closes it.
 */
export async function withSlowRequests(
  env: ExternalEnv,
  path: string,
  slow: (r: HTTPRequest) => boolean,
  fn: (page: Page) => Promise<void>,
): Promise<void> {
  const ctx = await env.browser.createBrowserContext();
  try {
    const page = await ctx.newPage();
    await preparePage(page);
    await page.setRequestInterception(true);
    page.on('request', (r) => {
      setTimeout(() => void r.continue().catch(() => undefined), slow(r) ? 700 : 0);
    });
    await page.goto(env.server.url(path), { waitUntil: 'load' });
    await fn(page);
  } finally {
    await ctx.close();
  }
}

/** Opens an external page, runs `fn` on it and closes it, whatever `fn` does. */
export async function withExternalPage(
  env: ExternalEnv,
  path: string,
  fn: (p: OpenedPage) => Promise<void>,
  ready?: string,
): Promise<void> {
  const p = await openExternal(env, path, ready);
  try {
    await fn(p);
  } finally {
    await p.close();
  }
}

/** A reader's count of sentences, independent of the product's splitter: at 。！？ wherever they stand, at . ! ? before a space. */
export const sentencesAsRead = (s: string): number =>
  s
    .replace(/([。！？｡])/g, '$1\n')
    .replace(/([.!?…])["”’')\]]*\s+/g, '$1\n')
    .split('\n')
    .filter((x) => x.trim()).length;

/**
 * The page's offline summary as the service makes it, checked to hold 1–3 sentences as a reader
 * counts them; with the page map it came from (Markdown included when asked).
 */
export async function summaryInOneToThree(
  page: Page,
  includeContent = false,
): Promise<{ summary: string; map: PageMap }> {
  const map = await extractPageMap(page, { includeContent });
  const summary = offlineSummary({ url: map.url, title: map.title, text: map.text });
  const n = sentencesAsRead(summary);
  expect(n).toBeGreaterThanOrEqual(1);
  expect(n).toBeLessThanOrEqual(3);
  return { summary, map };
}

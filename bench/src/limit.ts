/**
 * The physical limit: raw puppeteer in this one process, on the same Chromium binary and flags as
 * the worker, doing the work of a new-session browse — new context, new page, navigate, extract
 * the page map (title, tools, text) with the same extractor — and nothing else.
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { extractPageMap, OfflineSummarizer } from '@pagemap/page-map';
import { chromiumArgs, findChromium } from '@pagemap/chromium';
import { runConcurrent, timeIt, type Stats } from './stats';

/** `extraArgs`: the egress proxy's flags, to measure what the proxy costs raw puppeteer. */
export async function launchLimitBrowser(extraArgs: string[] = []): Promise<Browser> {
  const bin = findChromium();
  return puppeteer.launch({
    executablePath: bin.path,
    headless: bin.headless,
    args: [...chromiumArgs(), ...extraArgs],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

export async function rawBrowse(browser: Browser, url: string): Promise<void> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const map = await extractPageMap(page, { includeContent: false });
    if (!map.title) throw new Error('no title');
  } finally {
    await context.close();
  }
}

/**
 * The minimal raw browse (issue 30): what a person's script does to look at a page — new context,
 * new page, goto(load), one small in-page read of the title, the forms' fields and the links —
 * and close. The service's targets are set against this one.
 */
export async function rawMinimalBrowse(browser: Browser, url: string): Promise<void> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const read = await page.evaluate(() => ({
      title: document.title,
      forms: Array.from(document.forms, (f) =>
        Array.from(f.elements, (e) => (e as HTMLInputElement).name || (e as HTMLInputElement).type),
      ),
      links: Array.from(document.links, (a) => [a.href, (a.textContent ?? '').trim().slice(0, 80)]),
    }));
    if (!read.title) throw new Error('no title');
  } finally {
    await context.close();
  }
}

export async function limitAtConcurrency(
  browser: Browser,
  url: string,
  concurrency: number,
  total: number,
): Promise<Stats> {
  return runConcurrent(concurrency, total, () => rawBrowse(browser, url));
}

/** Worker-side pieces timed alone on one open page: extraction and the offline summary. */
export async function workerPieces(
  browser: Browser,
  url: string,
  n: number,
): Promise<{ extract: Stats; summarize: Stats; encode: Stats }> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const extract = await timeIt(n, () => extractPageMap(page, { includeContent: false }));
    const map = await extractPageMap(page, { includeContent: false });
    const summarizer = new OfflineSummarizer();
    const summarize = await timeIt(n, () => summarizer.summarize({ url: map.url, title: map.title, text: map.text }));
    const body = {
      session_id: 'x'.repeat(24),
      expires_at: new Date().toISOString(),
      url: map.url,
      title: map.title,
      summary: 'summary',
      tools: map.tools.map((t) => t.tool),
    };
    const encode = await timeIt(n, () => JSON.stringify(body));
    return { extract, summarize, encode };
  } finally {
    await context.close();
  }
}

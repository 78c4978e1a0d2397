/**
 * Reads a page's own state inside the worker's browser: the bench rig starts the worker's Chromium
 * with a loopback DevTools port (through the worker's documented PAGEMAP_CHROMIUM_ARGS), and the
 * probe attaches to the tab the session shows. Nothing of Pagemap's answer is used for a verdict.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/** Longest a check may run; a check that hangs is a broken check, not a pass. */
const CHECK_TIMEOUT_MS = 10_000;

export class PageProbe {
  #browser: Browser | undefined;
  constructor(readonly debugPort: number) {}

  async #connect(): Promise<Browser> {
    if (this.#browser?.connected) return this.#browser;
    this.#browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${this.debugPort}`,
      defaultViewport: null,
      protocolTimeout: 20_000,
    });
    return this.#browser;
  }

  /** The open tabs showing a page of `origin` (the session's tab; others are closed by then). */
  async pagesOf(origin: string): Promise<Page[]> {
    const browser = await this.#connect();
    const targets = browser.targets().filter((t) => t.type() === 'page' && t.url().startsWith(`${origin}/`));
    const pages = await Promise.all(targets.map((t) => t.page()));
    return pages.filter((p): p is Page => p !== null);
  }

  /**
   * Evaluates `check` (a JS expression) in the page of `origin`: true, false, or a text saying why
   * it could not be read (no such tab, the expression threw).
   */
  async check(origin: string, check: string): Promise<boolean | string> {
    const pages = await this.pagesOf(origin);
    if (pages.length === 0) return `no tab shows ${origin}`;
    const page = pages[pages.length - 1]!;
    let timer: NodeJS.Timeout | undefined;
    try {
      const value = await Promise.race([
        page.evaluate(`(() => { return Boolean(${check}); })()`),
        new Promise<string>((resolve) => (timer = setTimeout(() => resolve('check timed out'), CHECK_TIMEOUT_MS))),
      ]);
      return value as boolean | string;
    } catch (err) {
      return `check threw: ${(err as Error).message.split('\n')[0]}`;
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    // Only the DevTools connection: the browser belongs to the worker.
    await this.#browser?.disconnect().catch(() => undefined);
    this.#browser = undefined;
  }
}

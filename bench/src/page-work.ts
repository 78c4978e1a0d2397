/**
 * Load-independent measures of one page's work (issue 30): DevTools protocol messages and bytes
 * between the client and Chromium, Chromium's CPU time, and the bytes the site served, per page.
 * One Chromium (same binary and flags as the rest of the bench) driven through a counting
 * transport; each scenario runs `n` pages one after another:
 *
 * - minimal raw: new context, new page, goto(load), one small read (limit.ts's rawMinimalBrowse);
 * - the worker's page work, in this process: a pooled page's preparation (preparePage, plus light
 *   loading when on), goto(load), extractPageMap, close — without the gateway, queue and worker;
 *   also with a second page in the same session (a second document);
 * - an in-page click on an open session (counter page): the tool, its settling, the page map after.
 *
 * On the form page (no images) and on a page with photos, a font and a video poster
 * (heavy-page.ts), with light loading on and off.
 */
import puppeteer, { type Browser, type ConnectionTransport } from 'puppeteer-core';
import { extractPageMap, loadLight, preparePage, runTool } from '@pagemap/page-map';
import type { FixtureServer } from '@pagemap/test-utils';
import { launchLimitBrowser, rawMinimalBrowse } from './limit';
import { treeCpuMs } from './cpu';
import { serveHeavyPage } from './heavy-page';

export interface PageWork {
  pages: number;
  /** Protocol messages the client sent (each a round trip) per page. */
  messagesSent: number;
  /** Protocol bytes each way per page. */
  bytesSent: number;
  bytesReceived: number;
  /** Chromium's CPU time (browser, renderers, GPU and utility processes) per page, ms. */
  chromiumCpuMs: number;
  /** What the fixture site sent for the scenario's pages, per page (only measured for the heavy page). */
  siteBytes?: number;
}

/** A DevTools transport over Node's WebSocket that counts what passes. */
export class CountingTransport implements ConnectionTransport {
  sent = 0;
  bytesSent = 0;
  bytesReceived = 0;
  onmessage?: (message: string) => void;
  onclose?: () => void;

  private constructor(private readonly ws: WebSocket) {
    ws.addEventListener('message', (e) => {
      const data = String(e.data);
      this.bytesReceived += Buffer.byteLength(data);
      this.onmessage?.(data);
    });
    ws.addEventListener('close', () => this.onclose?.());
  }

  static open(url: string): Promise<CountingTransport> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.addEventListener('open', () => resolve(new CountingTransport(ws)), { once: true });
      ws.addEventListener('error', () => reject(new Error('DevTools socket failed')), { once: true });
    });
  }

  send(message: string): void {
    this.sent += 1;
    this.bytesSent += Buffer.byteLength(message);
    this.ws.send(message);
  }

  close(): void {
    this.ws.close();
  }
}

/** The worker's page work on one page, in this process (see the module comment); `then` a second page. */
export async function servicePage(browser: Browser, url: string, light: boolean, then?: string): Promise<void> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await preparePage(page);
    if (light) await loadLight(page);
    for (const at of then ? [url, then] : [url]) {
      const res = await page.goto(at, { waitUntil: 'load' });
      const map = await extractPageMap(page, { includeContent: false, status: res?.status() });
      if (!map.title) throw new Error('no title');
    }
  } finally {
    await context.close();
  }
}

/**
 * A session on the counter page, for the in-page click: each `click()` is what a follow-up with
 * one button does in the worker — the tool (click and settle), then the page map after it.
 */
async function counterSession(
  browser: Browser,
  url: string,
): Promise<{ click: () => Promise<void>; close: () => Promise<void> }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await preparePage(page);
  await loadLight(page);
  await page.goto(url, { waitUntil: 'load' });
  let map = await extractPageMap(page, { includeContent: false });
  return {
    click: async () => {
      const out = await runTool(page, map, { tool: 'increment', params: {} }, { timeoutMs: 5000 });
      if (!out.result.success) throw new Error(`click: ${JSON.stringify(out.result.error)}`);
      map = await extractPageMap(page, { includeContent: false });
    },
    close: () => context.close(),
  };
}

export async function measurePageWork(
  site: FixtureServer,
  formUrl: string,
  n: number,
): Promise<Record<string, PageWork>> {
  const launched = await launchLimitBrowser();
  const pid = launched.process()!.pid!;
  const endpoint = launched.wsEndpoint();
  await launched.disconnect(); // the process stays; only the counting client talks to it
  const transport = await CountingTransport.open(endpoint);
  const browser = await puppeteer.connect({ transport });
  const heavy = serveHeavyPage(site);
  const chromium = () => treeCpuMs(pid);
  const out: Record<string, PageWork> = {};
  const scenario = async (name: string, op: () => Promise<void>, siteBytes?: () => number) => {
    for (let i = 0; i < 2; i++) await op(); // warm-up
    const before = { sent: transport.sent, out: transport.bytesSent, in: transport.bytesReceived, cpu: chromium() };
    const served = siteBytes?.() ?? 0;
    for (let i = 0; i < n; i++) await op();
    out[name] = {
      pages: n,
      messagesSent: (transport.sent - before.sent) / n,
      bytesSent: (transport.bytesSent - before.out) / n,
      bytesReceived: (transport.bytesReceived - before.in) / n,
      chromiumCpuMs: (chromium() - before.cpu) / n,
      ...(siteBytes ? { siteBytes: (siteBytes() - served) / n } : {}),
    };
  };
  try {
    await scenario('minimal raw, form page', () => rawMinimalBrowse(browser, formUrl));
    await scenario('worker page work, form page', () => servicePage(browser, formUrl, true));
    await scenario('worker page work, form page, then a second page', () =>
      servicePage(browser, formUrl, true, site.url('/links.html')),
    );
    const counter = await counterSession(browser, site.url('/bench-counter.html'));
    try {
      await scenario('in-page click and its page map (per click), counter page', counter.click);
    } finally {
      await counter.close();
    }
    await scenario('minimal raw, photo page', () => rawMinimalBrowse(browser, heavy.url), heavy.bytes);
    await scenario('worker page work, photo page, light', () => servicePage(browser, heavy.url, true), heavy.bytes);
    await scenario('worker page work, photo page, in full', () => servicePage(browser, heavy.url, false), heavy.bytes);
  } finally {
    await browser.close().catch(() => undefined);
    try {
      process.kill(pid);
    } catch {
      // already gone
    }
  }
  return out;
}

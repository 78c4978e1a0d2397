/**
 * What idle sessions cost, load-independent (issue 30): one Chromium (same binary and flags),
 * pages prepared as the worker prepares them (preparePage, light loading), each left on the form
 * page after its page map, as an idle session's page is. Measured in this process, without the
 * gateway, queue and worker: the CPU Chromium and this process spend per second while the pages
 * sit, and one new session's page work (protocol messages, Chromium CPU, this process's CPU) with
 * none open, with `idle` open, and with none again (A/B/A: drift shows as A ≠ A).
 */
import puppeteer, { type Browser, type BrowserContext } from 'puppeteer-core';
import { extractPageMap, loadLight, preparePage } from '@pagemap/page-map';
import { launchLimitBrowser } from './limit';
import { treeCpuMs } from './cpu';
import { CountingTransport, servicePage } from './page-work';

export interface IdleWorkRow {
  idle: number;
  /** Per second while only the idle pages sit. */
  idleChromiumCpuMsPerS: number;
  idleNodeCpuMsPerS: number;
  /** Per new session's page. */
  messagesSent: number;
  chromiumCpuMs: number;
  nodeCpuMs: number;
}

const nodeCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openIdle(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await preparePage(page);
  await loadLight(page);
  await page.goto(url, { waitUntil: 'load' });
  await extractPageMap(page, { includeContent: false });
  return context;
}

export async function measureIdleWork(url: string, idle: number, n: number): Promise<IdleWorkRow[]> {
  const launched = await launchLimitBrowser();
  const pid = launched.process()!.pid!;
  const endpoint = launched.wsEndpoint();
  await launched.disconnect();
  const transport = await CountingTransport.open(endpoint);
  const browser = await puppeteer.connect({ transport });
  const chromium = () => treeCpuMs(pid);
  const row = async (count: number): Promise<IdleWorkRow> => {
    await sleep(1000); // what opening the idle pages left running settles
    const c0 = chromium();
    const n0 = nodeCpuMs();
    await sleep(5000);
    const idleChromiumCpuMsPerS = (chromium() - c0) / 5;
    const idleNodeCpuMsPerS = (nodeCpuMs() - n0) / 5;
    for (let i = 0; i < 2; i++) await servicePage(browser, url, true);
    const before = { sent: transport.sent, cpu: chromium(), node: nodeCpuMs() };
    for (let i = 0; i < n; i++) await servicePage(browser, url, true);
    return {
      idle: count,
      idleChromiumCpuMsPerS,
      idleNodeCpuMsPerS,
      messagesSent: (transport.sent - before.sent) / n,
      chromiumCpuMs: (chromium() - before.cpu) / n,
      nodeCpuMs: (nodeCpuMs() - before.node) / n,
    };
  };
  const held: BrowserContext[] = [];
  try {
    const out = [await row(0)];
    for (let i = 0; i < idle; i++) held.push(await openIdle(browser, url));
    out.push(await row(idle));
    await Promise.all(held.splice(0).map((c) => c.close()));
    out.push(await row(0));
    return out;
  } finally {
    await Promise.all(held.map((c) => c.close().catch(() => undefined)));
    await browser.close().catch(() => undefined);
    try {
      process.kill(pid);
    } catch {
      // already gone
    }
  }
}

/**
 * A renderer that stopped for good after the listener marks (listeners.ts), on the Ministry of
 * Justice date picker (ext-bench's moj-frontend source, built by its package).
 *
 * Found with the hover scan (page-script/hover.ts): after the `click` tool opened the calendar,
 * the next page map never came back and the renderer answered nothing, not even the debugger. The
 * scan was not the cause. The marks read the page's listeners with `DOMDebugger.getEventListeners`
 * (pierce) on the page script's isolated-world document, and that reports the page's own
 * listeners, of another world than the one asking; after that, with the page's style rules'
 * declarations read through the CSSOM (`rule.style`, by the scan or by the page's own scripts),
 * the renderer's next garbage collection never finished: its main thread sat idle and answered no
 * message (Chromium 156). Each part alone was harmless; the scan only brought the CSSOM read and
 * the allocation that set off the collection. The listeners are now read on the page's own
 * world's document and window, so every listener reported is of the world asking, and the
 * renderer stays up whatever reads the CSSOM.
 */
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { extractPageMap, preparePage, runTool } from '../src';
import { useExternalEnv } from './external-env';

const env = useExternalEnv(join(__dirname, '../../ext-bench/sources/moj-frontend/web'));
const within = <T>(p: Promise<T>, ms = 5000) => Promise.race([p, new Promise((r) => setTimeout(() => r('HUNG'), ms))]);
/** Enough allocation for a garbage collection, where the renderer used to stop. */
const allocate = (page: Page) =>
  page.evaluate(() => {
    const a: object[] = [];
    for (let i = 0; i < 2e6; i++) a.push({ i });
    return a.length;
  });

async function opened(): Promise<{ page: Page; close: () => void }> {
  const ctx = await env().browser.createBrowserContext();
  const page = await ctx.newPage();
  await preparePage(page);
  await page.goto(env().server.url('/date-picker/default.html'), { waitUntil: 'load' });
  return { page, close: () => void ctx.close().catch(() => 0) };
}

test('the page map after the click tool opened the MoJ date picker comes back, and the renderer stays up', async () => {
  const { page, close } = await opened();
  try {
    const map = await extractPageMap(page, { includeContent: false });
    const out = await runTool(page, map, { tool: 'click', params: { target: 'Choose date' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    const after = await within(extractPageMap(page, { includeContent: false }));
    expect(after).not.toBe('HUNG');
    expect(await page.$eval('.moj-datepicker__dialog', (d) => !(d as HTMLElement).hidden)).toBe(true);
    expect(await within(allocate(page))).toBe(2e6);
  } finally {
    close();
  }
}, 60_000);

test("the listener marks leave the renderer up on a page whose own scripts read its rules' declarations", async () => {
  const { page, close } = await opened();
  try {
    // As a CSS-in-JS library does: every rule's declarations, in @media and @supports too.
    const read = await page.evaluate(() => {
      let n = 0;
      const visit = (rules: CSSRuleList): void => {
        for (const r of Array.from(rules)) {
          if ((r as CSSStyleRule).style) n++;
          if (!(r instanceof CSSStyleRule) && (r as CSSGroupingRule).cssRules) visit((r as CSSGroupingRule).cssRules);
        }
      };
      for (const s of Array.from(document.styleSheets)) visit(s.cssRules);
      return n;
    });
    expect(read).toBeGreaterThan(1000);
    for (let i = 0; i < 2; i++) expect(await within(extractPageMap(page, { includeContent: false }))).not.toBe('HUNG');
    expect(await within(allocate(page))).toBe(2e6);
  } finally {
    close();
  }
}, 60_000);

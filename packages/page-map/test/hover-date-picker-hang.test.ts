/**
 * OPEN DEFECT (branch wt/shadow, not on main): after the `click` tool opens the MoJ date picker
 * (ext-bench's moj-frontend source), the next page map never returns and the renderer stops
 * answering anything, even the debugger (Debugger.pause times out). Without the hover scan
 * (extract.ts `hoverables`) it does not happen; with puppeteer's own page.click instead of the
 * click tool it does not happen. Reading every style rule's nested `cssRules` in the main world in
 * that state hangs it too; the scan no longer does that, and it still hangs. Cause not found.
 */
import { join } from 'node:path';
import { extractPageMap, preparePage, runTool } from '../src';
import { useExternalEnv } from './external-env';

const env = useExternalEnv(join(__dirname, '../../ext-bench/sources/moj-frontend/web'));
const within = <T,>(p: Promise<T>, ms = 5000) => Promise.race([p, new Promise((r) => setTimeout(() => r('HUNG'), ms))]);

test('the page map after the click tool opened the MoJ date picker comes back', async () => {
  const ctx = await env().browser.createBrowserContext();
  try {
    const page = await ctx.newPage();
    await preparePage(page);
    await page.goto(env().server.url('/date-picker/default.html'), { waitUntil: 'load' });
    const map = await extractPageMap(page, { includeContent: false });
    await runTool(page, map, { tool: 'click', params: { target: 'Choose date' } }, { timeoutMs: 8000 });
    const after = await within(extractPageMap(page, { includeContent: false }).then((m) => m.tools.length));
    expect(after).not.toBe('HUNG');
  } finally {
    void ctx.close().catch(() => 0);
  }
}, 60_000);

/**
 * Chromium for tests: the same binary choice and flags as the worker (@pagemap/chromium), without
 * the worker's egress proxy and pipe. Every test file that launches one closes it in
 * afterAll; `close()` here also kills the process if the protocol close hangs, so no Chromium
 * survives a test run.
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromiumArgs, findChromium } from '@pagemap/chromium';

export interface TestBrowserOptions {
  /** Extra Chromium flags, e.g. `--host-resolver-rules=MAP idp.example 127.0.0.1`. */
  args?: string[];
}

/** Launches Chromium for a test file. Close it with `closeTestBrowser` (or browser.close()) in afterAll. */
export async function launchTestBrowser(opts: TestBrowserOptions = {}): Promise<Browser> {
  const { path, headless } = findChromium(process.env.CHROMIUM_PATH);
  return puppeteer.launch({
    executablePath: path,
    headless,
    args: [...chromiumArgs(), ...(opts.args ?? [])],
    protocolTimeout: 30_000,
  });
}

/** Closes a test browser; kills the process when a graceful close does not finish in 5 s. Idempotent. */
export async function closeTestBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  const proc = browser.process();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      browser.close(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('close timed out')), 5000))),
    ]);
  } catch {
    proc?.kill('SIGKILL');
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * Chromium for tests (the worker has its own production launcher). Prefers the headless shell,
 * falls back to the full chromium binary. Every test file that launches one closes it in
 * afterAll; `close()` here also kills the process if the protocol close hangs, so no Chromium
 * survives a test run.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

export const TEST_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function testChromiumPath(): { executablePath: string; headless: true | 'shell' } {
  const shell = '/usr/lib/chromium/chromium-headless-shell';
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH, headless: process.env.CHROMIUM_PATH.endsWith('headless-shell') ? 'shell' : true };
  if (existsSync(shell)) return { executablePath: shell, headless: 'shell' };
  return { executablePath: '/usr/bin/chromium', headless: true };
}

export interface TestBrowserOptions {
  /** Extra Chromium flags, e.g. `--host-resolver-rules=MAP idp.example 127.0.0.1`. */
  args?: string[];
}

/** Launches Chromium for a test file. Close it with `closeTestBrowser` (or browser.close()) in afterAll. */
export async function launchTestBrowser(opts: TestBrowserOptions = {}): Promise<Browser> {
  const { executablePath, headless } = testChromiumPath();
  return puppeteer.launch({
    executablePath,
    headless,
    args: [...TEST_CHROMIUM_ARGS, ...(opts.args ?? [])],
    protocolTimeout: 30_000,
  });
}

/** Closes a test browser; kills the process when a graceful close does not finish in 5 s. Idempotent. */
export async function closeTestBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  const proc = browser.process();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([browser.close(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('close timed out')), 5000)))]);
  } catch {
    proc?.kill('SIGKILL');
  } finally {
    if (timer) clearTimeout(timer);
  }
}

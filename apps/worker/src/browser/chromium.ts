/**
 * Launching the worker's Chromium: the shared binary choice and flags (@pagemap/chromium) over a
 * DevTools pipe, with the worker owning signals.
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromiumArgs, type ChromiumBinary } from '@pagemap/chromium';

export async function launchChromium(binary: ChromiumBinary, extraArgs: string[]): Promise<Browser> {
  return puppeteer.launch({
    executablePath: binary.path,
    headless: binary.headless,
    args: [...chromiumArgs(), ...extraArgs],
    // The worker owns signals: it closes Chromium itself on shutdown, in order.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    protocolTimeout: 60_000,
    // DevTools over a pipe (fds 3/4) instead of a WebSocket: when the worker dies, even by
    // SIGKILL, the pipe closes and Chromium exits by itself. No orphaned browsers, ever.
    pipe: true,
    // Nothing here reads DevTools "issues" (cookie, CSP, deprecation reports): one protocol
    // message less per page, and Chromium does not collect them.
    issuesEnabled: false,
  });
}

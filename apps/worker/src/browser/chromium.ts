/**
 * Finding and launching the system's Chromium. Puppeteer's own browser download cannot work
 * here (and is skipped): the worker uses Debian's `chromium-headless-shell` when installed —
 * about twice as fast to open a session and lighter per context than full Chromium — and falls
 * back to `chromium`.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

export interface ChromiumBinary {
  path: string;
  /** Puppeteer's headless mode for this binary. */
  headless: 'shell' | true;
}

const CANDIDATES: ChromiumBinary[] = [
  { path: '/usr/lib/chromium/chromium-headless-shell', headless: 'shell' },
  { path: '/usr/bin/chromium-headless-shell', headless: 'shell' },
  { path: '/usr/bin/chromium', headless: true },
  { path: '/usr/lib/chromium/chromium', headless: true },
];

export function findChromium(explicit?: string): ChromiumBinary {
  if (explicit) return { path: explicit, headless: /headless-shell/.test(explicit) ? 'shell' : true };
  const found = CANDIDATES.find((c) => existsSync(c.path));
  if (!found) throw new Error('no Chromium found: install Debian\'s chromium (scripts/setup.sh does) or set PAGEMAP_CHROMIUM_PATH');
  return found;
}

/**
 * Flags for every launch. The background-networking family keeps Chromium from calling home
 * (closed networks refuse those connections, and they are noise anyway). `--no-sandbox` because
 * the worker runs as root in containers and on the dev machine; isolation between sessions
 * comes from separate BrowserContexts and the outbound guard, and between tenants' processes
 * from the container.
 */
export const BASE_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-quic',
  '--mute-audio',
  '--no-default-browser-check',
  '--password-store=basic',
];

export async function launchChromium(binary: ChromiumBinary, extraArgs: string[]): Promise<Browser> {
  return puppeteer.launch({
    executablePath: binary.path,
    headless: binary.headless,
    args: [...BASE_CHROMIUM_ARGS, ...extraArgs],
    // The worker owns signals: it closes Chromium itself on shutdown, in order.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    protocolTimeout: 60_000,
    // DevTools over a pipe (fds 3/4) instead of a WebSocket: when the worker dies, even by
    // SIGKILL, the pipe closes and Chromium exits by itself. No orphaned browsers, ever.
    pipe: true,
  });
}

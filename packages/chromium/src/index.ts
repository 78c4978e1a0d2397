/**
 * The system's Chromium and the flags every launch carries, shared by the worker (which adds its
 * egress proxy and launches over a pipe), the test utilities and the benchmarks, so that what is
 * tested and measured is what runs.
 *
 * Puppeteer's own browser download cannot work here (and is skipped): Debian's
 * `chromium-headless-shell` is preferred when installed — about twice as fast to open a session
 * and lighter per context than full Chromium — with `chromium` as the fallback.
 */
import { existsSync } from 'node:fs';

export interface ChromiumBinary {
  path: string;
  /** Puppeteer's headless mode for this binary. */
  headless: 'shell' | true;
}

export const CHROMIUM_CANDIDATES: readonly ChromiumBinary[] = [
  { path: '/usr/lib/chromium/chromium-headless-shell', headless: 'shell' },
  { path: '/usr/bin/chromium-headless-shell', headless: 'shell' },
  { path: '/usr/bin/chromium', headless: true },
  { path: '/usr/lib/chromium/chromium', headless: true },
];

/** The binary to launch: `explicit` when given (PAGEMAP_CHROMIUM_PATH), else the first installed candidate. */
export function findChromium(explicit?: string, exists: (path: string) => boolean = existsSync): ChromiumBinary {
  if (explicit) return { path: explicit, headless: /headless-shell/.test(explicit) ? 'shell' : true };
  const found = CHROMIUM_CANDIDATES.find((c) => exists(c.path));
  if (!found)
    throw new Error(
      "no Chromium found: install Debian's chromium (scripts/setup.sh does) or set PAGEMAP_CHROMIUM_PATH",
    );
  return found;
}

/**
 * Flags for every launch. The background-networking family keeps Chromium from calling home
 * (Google's update, safe-browsing, metrics and domain-reliability services): closed networks
 * refuse those connections, and they are noise anyway. Shared memory goes to /tmp instead of
 * /dev/shm (`--disable-dev-shm-usage`): containers give /dev/shm 64 MiB by default, /tmp is a
 * sized volume in the manifests, and the dev machine and tests behave the same way.
 *
 * The renderer sandbox stays on: see `sandboxArgs`.
 */
export const BASE_CHROMIUM_ARGS: readonly string[] = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-breakpad',
  '--no-pings',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-quic',
  '--mute-audio',
  '--no-default-browser-check',
  '--password-store=basic',
  // Each cross-document navigation otherwise builds a new document host (RenderDocument) and a
  // new browsing instance kept for the back/forward cache, which an agent's session never goes
  // back into: 11–16 ms per navigation of a small page on two cores (goto + extract 67.8 →
  // 56.7 ms, median of 16 interleaved). Site isolation is unchanged. Puppeteer merges this with
  // its own and an operator's --disable-features (apps/worker/test/chromium-flags.test.ts).
  '--disable-features=BackForwardCache,RenderDocument,ProactivelySwapBrowsingInstance',
];

/**
 * `--no-sandbox` for a root process only. Chromium refuses to start its sandbox as root, which is
 * how the dev machine and CI run; the images run as uid 1000, where Chromium's user-namespace
 * sandbox isolates each renderer (the pod's seccomp profile must allow user namespaces:
 * deploy/seccomp/pagemap-chromium.json).
 */
export function sandboxArgs(uid: number | undefined = process.getuid?.()): string[] {
  return uid === 0 ? ['--no-sandbox'] : [];
}

/** Every flag of a launch by a process with this `uid`: `sandboxArgs` then `BASE_CHROMIUM_ARGS`. */
export function chromiumArgs(uid: number | undefined = process.getuid?.()): string[] {
  return [...sandboxArgs(uid), ...BASE_CHROMIUM_ARGS];
}

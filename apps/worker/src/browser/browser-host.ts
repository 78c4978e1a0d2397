/**
 * Keeps one Chromium alive for the worker. If it crashes, every listener hears about it (the
 * session registry drops the sessions that lived in it) and a new one is launched.
 */
import type { Browser, BrowserContext } from 'puppeteer-core';
import type { Logger } from '@pagemap/runtime';
import type { ChromiumBinary } from '@pagemap/chromium';
import { launchChromium } from './chromium';
import { processTree, reapAll } from './chromium-processes';

/** How long Chromium's helper processes may take to exit after its main process did. */
const HELPERS_EXIT_MS = 5_000;

export class BrowserHost {
  #browser: Browser | undefined;
  #launching: Promise<Browser> | undefined;
  #closing = false;
  #crashListeners: Array<() => void> = [];
  restarts = 0;
  /** Bumped at every launch: a context made under an older generation died with its browser. */
  generation = 0;

  constructor(
    private readonly binary: ChromiumBinary,
    /** Extra flags; a function is read at every launch (the egress proxy's port is known only once it listens). */
    private readonly extraArgs: string[] | (() => string[]),
    private readonly log: Logger,
    private readonly onRestart: () => void = () => {},
  ) {}

  get alive(): boolean {
    return this.#browser?.connected === true;
  }

  /** Called when the browser dies unexpectedly (before the relaunch). */
  onCrash(listener: () => void): void {
    this.#crashListeners.push(listener);
  }

  async start(): Promise<void> {
    await this.browser();
  }

  async browser(): Promise<Browser> {
    if (this.#browser?.connected) return this.#browser;
    if (this.#closing) throw new Error('browser host is closing');
    this.#launching ??= this.#launch().finally(() => (this.#launching = undefined));
    return this.#launching;
  }

  async newContext(): Promise<BrowserContext> {
    const browser = await this.browser();
    return browser.createBrowserContext();
  }

  /** Chromium's main process id, for tests and memory accounting. */
  pid(): number | undefined {
    return this.#browser?.process()?.pid;
  }

  async close(): Promise<void> {
    this.#closing = true;
    const browser = this.#browser ?? (await this.#launching?.catch(() => undefined));
    this.#browser = undefined;
    if (!browser) return;
    // Its helpers, taken before the close: once the main process is gone they are no one's children.
    const pid = browser.process()?.pid;
    const helpers = pid === undefined ? [] : processTree(pid).slice(1);
    try {
      await browser.close();
    } catch {
      browser.process()?.kill('SIGKILL');
    }
    const killed = await reapAll(helpers, HELPERS_EXIT_MS);
    if (killed > 0) this.log.warn({ killed }, 'chromium helper processes killed after the browser closed');
  }

  async #launch(): Promise<Browser> {
    const started = Date.now();
    const browser = await launchChromium(
      this.binary,
      typeof this.extraArgs === 'function' ? this.extraArgs() : this.extraArgs,
    );
    this.log.info(
      {
        chromium: this.binary.path,
        ms: Date.now() - started,
        chromiumPid: browser.process()?.pid,
        version: await browser.version(),
      },
      'browser started',
    );
    this.generation += 1;
    browser.once('disconnected', () => {
      if (this.#browser !== browser || this.#closing) return;
      this.#browser = undefined;
      this.restarts += 1;
      this.log.error({ restarts: this.restarts }, 'browser disconnected; relaunching');
      for (const l of this.#crashListeners) l();
      this.onRestart();
      // Relaunch in the background; requests meanwhile wait on browser().
      this.browser().catch((err) => this.log.error({ err }, 'browser relaunch failed'));
    });
    this.#browser = browser;
    return browser;
  }
}

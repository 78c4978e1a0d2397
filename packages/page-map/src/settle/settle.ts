/**
 * Settling by signal: runs an action and answers as soon as the page is quiet, instead of waiting
 * fixed times. Signals, in order of cheapness:
 * - the page is being left: the in-page `navigate`/`beforeunload` marks (page-script/serialized/activity.ts), a main-frame
 *   navigation request or commit (CDP events). Then wait for the new document's DOMContentLoaded.
 * - the DOM: quiet once a frame passes without mutations (quietProbe; after a click, the same wait
 *   in the click's own message: page-script/quiet.ts).
 * - the network: waited for only while requests that can change the DOM (document, script, fetch,
 *   XHR) are in flight, bounded; images, fonts and long-lived streams never hold an answer.
 * - a JavaScript dialog held for the agent ends the wait at once (the page is blocked behind it).
 */
import type { Frame, HTTPRequest, Page } from 'puppeteer-core';
import { dialogsOf } from '../dialogs';
import { quietProbe, type ProbeResult } from '../page-script/serialized/activity';
import type { QuietState } from '../shared/page-script-protocol';

export interface SettleResult {
  navigated: boolean;
  timedOut: boolean;
}

/** Request types whose answer can change the page's DOM. */
const DOM_CHANGING = new Set(['document', 'script', 'fetch', 'xhr']);
/** Longest wait for DOM-changing requests after an in-page action (long polls never end). */
const NETWORK_WAIT_MS = 3000;
/** How long a navigation signalled in the page may take to show up as a request or commit. */
const NAV_SHOW_UP_MS = 1000;
/** Longest a probe waits for the DOM to stop changing (animations, tickers). */
const PROBE_MS = 1500;

const remainingOf = (deadline: number) => Math.max(0, deadline - Date.now());

/** The longest a quiet probe started now may wait (an action that probes in its own message asks this). */
export const probeBudget = (deadline: number): number => Math.min(PROBE_MS, Math.max(1, remainingOf(deadline)));

const withoutFragment = (url: string): string => url.split('#')[0]!;

/** The request was answered by a redirect, which the browser follows with a new request. */
function isRedirect(r: HTTPRequest): boolean {
  const res = r.response();
  return !!res && res.status() >= 300 && res.status() < 400 && res.headers().location !== undefined;
}

/** Watches a page's network and main-frame navigation from Node while an action settles. */
class Activity {
  readonly inFlight = new Set<HTTPRequest>();
  navRequested = false;
  navEnded = false;
  committed = false;
  domReady = false;
  /** The runner navigates itself (goto): a commit is a new document even without a seen request. */
  ownNavigation = false;
  #wake: (() => void) | null = null;
  readonly #off: Array<() => void> = [];

  constructor(page: Page) {
    const main = () => page.mainFrame();
    const on = <T>(event: string, fn: (x: T) => void) => {
      page.on(event as 'request', fn as never);
      this.#off.push(() => page.off(event as 'request', fn as never));
    };
    on<HTTPRequest>('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === main()) {
        this.navRequested = true;
        this.navEnded = false;
      } else if (DOM_CHANGING.has(r.resourceType())) this.inFlight.add(r);
      this.#poke();
    });
    const done = (r: HTTPRequest) => {
      // A redirect (Post/Redirect/Get after a form) also ends its request, but the navigation
      // goes on with the next one: only a final answer without a document ends it (204, download).
      if (r.isNavigationRequest() && r.frame() === main() && !isRedirect(r)) this.navEnded = true;
      this.inFlight.delete(r);
      this.#poke();
    };
    on('requestfinished', done);
    on('requestfailed', done);
    on<Frame>('framenavigated', (f) => {
      if (f !== main()) return;
      // Puppeteer reports same-document navigations (history.pushState, a hash: how client-side
      // routers change views) as framenavigated too. Without a navigation request it is one: the
      // document stays, no DOMContentLoaded will come, and the DOM-quiet probe covers the new view.
      if (!this.navRequested && !this.ownNavigation) return;
      dialogsOf(page).newDocument();
      this.committed = true;
      this.domReady = false;
      this.inFlight.clear(); // the old document's requests no longer matter
      this.#poke();
    });
    on('domcontentloaded', () => {
      this.domReady = true;
      this.#poke();
    });
    this.#off.push(dialogsOf(page).watch(() => this.#poke()));
  }

  #poke(): void {
    const w = this.#wake;
    this.#wake = null;
    w?.();
  }

  /** Resolves when `cond` holds, or false after `ms`. Re-checked on every event. */
  async until(cond: () => boolean, ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    while (!cond()) {
      const left = end - Date.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((r) => {
        this.#wake = r;
        timer = setTimeout(r, left);
      });
      clearTimeout(timer);
    }
    return true;
  }

  get leaving(): boolean {
    return this.navRequested || this.committed;
  }

  dispose(): void {
    for (const off of this.#off) off();
  }
}

/**
 * `work`, unless a dialog is held for the agent first: the page is blocked behind it and `work`
 * (an evaluate) would not finish before the agent answers. Its eventual outcome is then ignored.
 */
export async function unlessDialog<T>(page: Page, work: Promise<T>): Promise<T | 'dialog'> {
  const dialogs = dialogsOf(page);
  if (dialogs.pending) {
    work.catch(() => undefined);
    return 'dialog';
  }
  let off = () => {};
  const opened = new Promise<'dialog'>((resolve) => {
    off = dialogs.watch(() => {
      if (dialogs.pending) resolve('dialog');
    });
  });
  try {
    const out = await Promise.race([work, opened]);
    if (out === 'dialog') work.catch(() => undefined);
    return out;
  } finally {
    off();
  }
}

async function probe(page: Page, deadline: number): Promise<ProbeResult['state'] | 'gone' | 'dialog'> {
  try {
    const r = await unlessDialog(page, page.evaluate(quietProbe, probeBudget(deadline)));
    return r === 'dialog' ? r : r.state;
  } catch {
    return 'gone'; // the document was replaced while probing: a navigation
  }
}

/** After a main-frame navigation started: the new document committed and parsed, then quiet. */
async function settleNavigation(page: Page, act: Activity, deadline: number): Promise<boolean> {
  const dialogs = dialogsOf(page);
  // Committed and DOMContentLoaded; or the navigation request ended without a document (204, download).
  const arrived = await act.until(
    () => !!dialogs.pending || (act.committed && act.domReady) || (!act.committed && act.navEnded),
    remainingOf(deadline),
  );
  if (!arrived) return false;
  if (!act.committed || dialogs.pending) return true;
  return settleInPage(page, act, deadline, false);
}

/**
 * The page stays: DOM quiet, and DOM-changing requests done (bounded); a late navigation is
 * followed. `probed`: the first probe's answer, when the action probed in its own message.
 */
async function settleInPage(
  page: Page,
  act: Activity,
  deadline: number,
  followNavigation: boolean,
  probed?: QuietState,
): Promise<boolean> {
  const dialogs = dialogsOf(page);
  for (let round = 0; round < 5; round++) {
    if (dialogs.pending) return true;
    if (remainingOf(deadline) <= 0) return false;
    const state = round === 0 && probed ? probed : await probe(page, deadline);
    if (dialogs.pending) return true;
    if (followNavigation && (state === 'navigating' || state === 'gone' || act.leaving)) {
      // Signalled in the page: the request or commit shows up within moments, else it was cancelled.
      const real =
        act.leaving ||
        (await act.until(() => act.leaving || !!dialogs.pending, Math.min(NAV_SHOW_UP_MS, remainingOf(deadline))));
      if (real && !dialogs.pending) return settleNavigation(page, act, deadline);
    }
    if (act.inFlight.size === 0) return true;
    await act.until(
      () => act.inFlight.size === 0 || act.leaving || !!dialogs.pending,
      Math.min(NETWORK_WAIT_MS, remainingOf(deadline)),
    );
    if (act.inFlight.size > 0 && !act.leaving) return true; // long-lived requests: answer with what is there
  }
  return true;
}

/**
 * Runs `action` and waits for what it causes: a main-frame navigation (until the new document
 * has parsed and is quiet) or an in-page update (DOM quiet, DOM-changing requests done). Bounded
 * by `deadline`. `action` may leave its effect deferred by a macrotask (see page-script fill/click).
 * An action that waited for the page's quiet in its own message (page-script/quiet.ts, bounded by
 * `probeBudget`) returns what it found: that stands for the first probe.
 */
export async function settle(
  page: Page,
  deadline: number,
  action: () => Promise<QuietState | undefined | void>,
): Promise<SettleResult> {
  const startUrl = page.url();
  const act = new Activity(page);
  let ok: boolean;
  try {
    const acted = await unlessDialog(page, action());
    ok = await settleInPage(page, act, deadline, true, acted === 'dialog' ? undefined : (acted ?? undefined));
  } finally {
    act.dispose();
  }
  // A new document, or a client-side route to another path (pushState): the agent is on another
  // page either way. A change of the fragment alone (tabs, anchors, hash routes) keeps the page.
  const navigated =
    (act.committed && (act.navRequested || page.url() !== startUrl)) ||
    withoutFragment(page.url()) !== withoutFragment(startUrl);
  return { navigated, timedOut: !ok };
}

/** After a navigation the runner started itself (page.goto): the same quiet as after a tool. */
export async function settleAfterGoto(page: Page, deadline: number, goto: () => Promise<void>): Promise<boolean> {
  const act = new Activity(page);
  act.ownNavigation = true;
  try {
    await goto();
    return await settleInPage(page, act, deadline, false);
  } finally {
    act.dispose();
  }
}

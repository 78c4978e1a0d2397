/**
 * The in-page half of settling. `activityInit` runs before the page's scripts (evaluateOnNewDocument)
 * and notes, the moment it happens, that the document is about to be left: the Navigation API's
 * `navigate` event (cross-document or not) and `beforeunload`. `quietProbe` is evaluated after an
 * action: it lets the action's deferred click run, then answers as soon as a frame passes with no
 * DOM mutation and no transition or finite animation running, or at once when a navigation was
 * signalled. Both are self-contained (they are
 * serialized into the page); the state lives under a non-enumerable Symbol.for key.
 */

export const ACTIVITY_KEY = 'pagemap.activity';

export interface ActivityState {
  /** performance.now() of the last navigate/beforeunload signal not yet consumed by a probe, 0 when none. */
  navigating: number;
}

export function activityInit(): void {
  const KEY = Symbol.for('pagemap.activity');
  const w = window as unknown as Record<symbol, unknown>;
  if (w[KEY]) return;
  const state = { navigating: 0 };
  Object.defineProperty(window, KEY, { value: state, enumerable: false, configurable: false, writable: false });
  const mark = () => (state.navigating = performance.now());
  // Capture phase on window: runs before the page's own listeners can stop propagation.
  window.addEventListener('beforeunload', mark, true);
  const nav = (window as unknown as { navigation?: EventTarget }).navigation;
  if (nav && typeof nav.addEventListener === 'function') {
    nav.addEventListener('navigate', (e) => {
      // Same-document changes (hash, history.pushState) keep the page: not a navigation away.
      const ev = e as Event & { destination?: { sameDocument?: boolean } };
      if (!ev.destination?.sameDocument) mark();
    });
    // A navigation the page intercepted (an SPA router) ends in the same document.
    const clear = () => (state.navigating = 0);
    nav.addEventListener('navigatesuccess', clear);
    nav.addEventListener('navigateerror', clear);
  }
}

export interface ProbeResult {
  /** 'quiet': a frame passed without DOM changes; 'navigating': the page is being left; 'busy': still changing at maxMs. */
  state: 'quiet' | 'navigating' | 'busy';
}

/**
 * Evaluated in the page after an action. Waits one macrotask (the runner defers clicks and submits
 * with setTimeout 0 so its own evaluate returns first), then for a frame without mutations.
 * A frame is requestAnimationFrame, raced with a short timer because a page that is not drawn
 * gets no frames.
 */
export function quietProbe(maxMs: number): Promise<ProbeResult> {
  const state = (window as unknown as Record<symbol, { navigating: number } | undefined>)[
    Symbol.for('pagemap.activity')
  ];
  // An intercepted navigation (navigation.transition set) stays in this document: not leaving.
  const transition = () => !!(window as unknown as { navigation?: { transition?: unknown } }).navigation?.transition;
  const navigating = () => !!state && state.navigating > 0 && !transition();
  return new Promise((resolve) => {
    setTimeout(() => {
      if (navigating()) {
        state!.navigating = 0;
        return resolve({ state: 'navigating' });
      }
      const t0 = performance.now();
      // A transition or finite animation still running (a dialog's backdrop fading in, after which
      // the page shows the dialog itself): the page has not finished responding.
      const moving = () =>
        typeof document.getAnimations === 'function' &&
        document.getAnimations().some((a) => {
          const end = a.effect?.getComputedTiming().endTime;
          return a.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
        });
      let changed = false;
      const mo = new MutationObserver(() => (changed = true));
      mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      const done = (s: ProbeResult['state']) => {
        mo.disconnect();
        if (state) state.navigating = 0; // consumed: the runner now waits for that navigation

        resolve({ state: s });
      };
      const frame = () => {
        let fired = false;
        const tick = () => {
          if (fired) return;
          fired = true;
          if (navigating()) return done('navigating');
          if (!changed && !moving()) return done('quiet');
          if (performance.now() - t0 > maxMs) return done('busy');
          changed = false;
          frame();
        };
        requestAnimationFrame(tick);
        setTimeout(tick, 34);
      };
      frame();
    }, 0);
  });
}

/**
 * The settling signal above, asked from the page script's own world (../quiet.ts: the quiet wait
 * it runs right after a click, in the click's message): the events of the bridge's name made per
 * process (../../page-script-host/main-world.ts), `activity` answering `activity-answer` with "1"
 * while the page is being left (as quietProbe's `navigating`), `activity-consume` clearing the
 * signal as quietProbe does when it answers. Runs in the page's world of every document before its
 * scripts (preparePage); self-contained.
 */
export function activityBridgeInit(type: string): void {
  const dispatch = EventTarget.prototype.dispatchEvent;
  const Custom = CustomEvent;
  const state = () =>
    (window as unknown as Record<symbol, { navigating: number } | undefined>)[Symbol.for('pagemap.activity')];
  const transition = () => !!(window as unknown as { navigation?: { transition?: unknown } }).navigation?.transition;
  const on = (name: string, fn: () => void) =>
    window.addEventListener(
      `${type}:${name}`,
      (e) => {
        e.stopImmediatePropagation();
        fn();
      },
      true,
    );
  on('activity', () => {
    const s = state();
    const leaving = !!s && s.navigating > 0 && !transition();
    dispatch.call(window, new Custom(`${type}:activity-answer`, { detail: leaving ? '1' : '0', composed: true }));
  });
  on('activity-consume', () => {
    const s = state();
    if (s) s.navigating = 0;
  });
}

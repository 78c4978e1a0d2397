/**
 * The in-page half of settling. `activityInit` runs before the page's scripts (evaluateOnNewDocument)
 * and notes, the moment it happens, that the document is about to be left: the Navigation API's
 * `navigate` event (cross-document or not) and `beforeunload`, and the page's short timers still
 * to run. `quietProbe` is evaluated after an action: it lets the action's deferred click run, then
 * answers as soon as a frame passes with no DOM mutation, no transition or finite animation running
 * and no short timer pending, or at once when a navigation was signalled. Both are self-contained (they are
 * serialized into the page); the state lives under a non-enumerable Symbol.for key.
 */

export const ACTIVITY_KEY = 'pagemap.activity';

export interface ActivityState {
  /** performance.now() of the last navigate/beforeunload signal not yet consumed by a probe, 0 when none. */
  navigating: number;
  /** A short timer the page set is still to run (its debounced reaction to what was just done). */
  soon: () => boolean;
  /** The browser's own setTimeout, for the probe's timers (never counted as the page's). */
  later: (fn: () => void, ms: number) => number;
}

/**
 * Also notes the page's short timers (up to 500 ms) set outside a timer's own callback: how an
 * app defers its reaction to typing or a click (an editor records an edit in its history 150 ms
 * after the last key; a search box searches when typing pauses). Until they have run the page has
 * not finished responding. Timers a timer's callback sets (a polling loop) are not waited for.
 */
export function activityInit(): void {
  const KEY = Symbol.for('pagemap.activity');
  const w = window as unknown as Record<symbol, unknown>;
  if (w[KEY]) return;
  const SOON_MS = 500;
  const pending = new Map<number, number>();
  let inTimer = 0;
  // A timer past due by a second is a throttled page's, not one still to run.
  const soon = () => [...pending.values()].some((due) => due > performance.now() - 1000);
  const nativeSet = window.setTimeout as unknown as (h: unknown, ms?: number, ...a: unknown[]) => number;
  const nativeClear = window.clearTimeout as unknown as (id?: number) => void;
  const later = (fn: () => void, ms: number) => nativeSet.call(window, fn, ms);
  const state = { navigating: 0, soon, later };
  Object.defineProperty(window, KEY, { value: state, enumerable: false, configurable: false, writable: false });
  const timed = (handler: unknown, delay?: unknown, ...args: unknown[]): number => {
    if (typeof handler !== 'function') return nativeSet.call(window, handler, delay as number, ...args);
    const ms = Number(delay) || 0;
    const tracked = inTimer === 0 && ms > 0 && ms <= SOON_MS;
    let id = 0;
    const run = function (this: unknown) {
      pending.delete(id);
      inTimer += 1;
      try {
        return (handler as (...a: unknown[]) => unknown).apply(this, args);
      } finally {
        inTimer -= 1;
      }
    };
    id = nativeSet.call(window, run, ms);
    if (tracked) pending.set(id, performance.now() + ms);
    return id;
  };
  // Proxies of the browser's own functions: name, length and toString stay theirs.
  window.setTimeout = new Proxy(window.setTimeout, {
    apply: (_t, _this, args: unknown[]) => timed(args[0], args[1], ...args.slice(2)),
  });
  window.clearTimeout = new Proxy(window.clearTimeout, {
    apply: (_t, _this, args: unknown[]) => {
      if (typeof args[0] === 'number') pending.delete(args[0]);
      nativeClear.call(window, args[0] as number);
    },
  });
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
  const state = (window as unknown as Record<symbol, Partial<ActivityState> | undefined>)[
    Symbol.for('pagemap.activity')
  ];
  // A short timer is waited for up to 600 ms (a 500 ms debounce and its work): a page that keeps
  // setting them (a poll chained through promises) does not hold every probe to its bound.
  const soon = () => !!state?.soon?.() && performance.now() - t0 < 600;
  // The probe's own timers are the browser's: the page's setTimeout counts what it sets.
  const later = (fn: () => void, ms: number) => (state?.later ? state.later(fn, ms) : setTimeout(fn, ms));
  // An intercepted navigation (navigation.transition set) stays in this document: not leaving.
  const transition = () => !!(window as unknown as { navigation?: { transition?: unknown } }).navigation?.transition;
  const navigating = () => !!state && (state.navigating ?? 0) > 0 && !transition();
  let t0 = performance.now();
  return new Promise((resolve) => {
    later(() => {
      if (navigating()) {
        state!.navigating = 0;
        return resolve({ state: 'navigating' });
      }
      t0 = performance.now();
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
          if (!changed && !moving() && !soon()) return done('quiet');
          if (performance.now() - t0 > maxMs) return done('busy');
          changed = false;
          frame();
        };
        requestAnimationFrame(tick);
        later(tick, 34);
      };
      frame();
    }, 0);
  });
}

/**
 * The settling signal above, asked from the page script's own world (../quiet.ts: the quiet wait
 * it runs right after a click, in the click's message): the events of the bridge's name made per
 * process (../../page-script-host/main-world.ts), `activity` answering `activity-answer` with "1"
 * while the page is being left (as quietProbe's `navigating`), "t" while a short timer of the
 * page is still to run (as quietProbe's `soon`), `activity-consume` clearing the
 * signal as quietProbe does when it answers. Runs in the page's world of every document before its
 * scripts (preparePage); self-contained.
 */
export function activityBridgeInit(type: string): void {
  const dispatch = EventTarget.prototype.dispatchEvent;
  const Custom = CustomEvent;
  const state = () =>
    (window as unknown as Record<symbol, { navigating: number; soon?: () => boolean } | undefined>)[
      Symbol.for('pagemap.activity')
    ];
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
    // "1": being left; "t": a short timer of the page is still to run; "0": neither.
    const detail = leaving ? '1' : s?.soon?.() ? 't' : '0';
    dispatch.call(window, new Custom(`${type}:activity-answer`, { detail, composed: true }));
  });
  on('activity-consume', () => {
    const s = state();
    if (s) s.navigating = 0;
  });
}

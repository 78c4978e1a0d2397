/**
 * The settle's quiet wait (../settle/settle.ts, serialized/activity.ts's quietProbe) done in the
 * page script's own world, right after a click, in the click's own message: one protocol round
 * trip less per click. The same rule: one macrotask (the click is deferred by one), then a frame
 * without DOM mutations, without a transition or finite animation running and without a short
 * timer of the page still to run, or at once when the page is being left. Whether it is being left lives in the page's world (activity.ts); it is
 * asked through the bridge (activityBridgeInit). A page without the bridge gets no wait here: the
 * runner then probes as before.
 */
import type { PageScriptResponse, QuietState } from '../shared/page-script-protocol';
import { ask } from './main-world';

/** The page's activity: "1" being left, "t" a short timer still to run, "0" neither; undefined when no bridge answers. */
function activity(): string | undefined {
  const got: { v?: string } = {};
  return ask(window, 'activity', 'activity-answer', (e) => (got.v = String(e.detail)), got).v;
}

/** The page's "being left" signal: true, false, or undefined when no bridge answers. */
function leaving(): boolean | undefined {
  const a = activity();
  return a === undefined ? undefined : a === '1';
}

/** Clears the signal, as quietProbe does when it answers (the runner now waits for that navigation). */
function consume(): void {
  ask(window, 'activity-consume', 'activity-answer', () => undefined, null);
}

/** A transition or finite animation still running (a dialog's backdrop fading in). */
function moving(): boolean {
  return (
    typeof document.getAnimations === 'function' &&
    document.getAnimations().some((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return a.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
    })
  );
}

function waitQuiet(maxMs: number): Promise<QuietState> {
  return new Promise((resolve) => {
    setTimeout(() => {
      if (leaving()) {
        consume();
        return resolve('navigating');
      }
      const t0 = performance.now();
      let changed = false;
      const mo = new MutationObserver(() => (changed = true));
      mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      const done = (s: QuietState) => {
        mo.disconnect();
        consume();
        resolve(s);
      };
      const frame = () => {
        let fired = false;
        const tick = () => {
          if (fired) return;
          fired = true;
          const now = activity();
          if (now === '1') return done('navigating');
          // Quiet: one task more before saying so. A form the click submitted (or a navigation
          // the page scheduled) starts in a task of its own, already queued; the frame the
          // click's change asked for can come first, and the page would look quiet but for it.
          // A short timer of the page is waited for up to 600 ms, as quietProbe does.
          const soon = now === 't' && performance.now() - t0 < 600;
          if (!changed && !moving() && !soon) return setTimeout(() => done(leaving() ? 'navigating' : 'quiet'), 0);
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

/** A click's answer, once the page is quiet after it when `quietMs` asks for that (and a bridge answers). */
export function thenQuiet(
  res: PageScriptResponse | Promise<PageScriptResponse>,
  quietMs: number | undefined,
): PageScriptResponse | Promise<PageScriptResponse> {
  // A click that first opens a panel answers once the item is pressed (revealed.ts).
  if (res instanceof Promise) return res.then((r) => thenQuiet(r, quietMs));
  if (quietMs === undefined || !('ok' in res) || !res.ok || leaving() === undefined) return res;
  return waitQuiet(quietMs).then((quiet) => ({ ...res, quiet }) as PageScriptResponse);
}

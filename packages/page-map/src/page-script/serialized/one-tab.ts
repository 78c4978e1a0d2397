/**
 * One page per session: what a page would open in a new tab or window (a form or link with
 * `target="_blank"` or a target that names no frame, `formtarget`, `window.open(url)`) opens in
 * the session's own page instead, as the tab a person would be looking at next. Without it the
 * results of such a search or link landed in a tab nobody reads, and the tool answered "success"
 * with the agent's page unchanged.
 *
 * `oneTabInit` runs in every document before its scripts (preparePage installs it); it must be
 * self-contained. In a frame, a new-tab target becomes `_top`: the whole page shows the result.
 *
 * A target names a frame when a frame anywhere in the page has that name, not only in the link's
 * own document: a link in one frame of a frameset may load its page in a sibling frame (Selenium's
 * click_frames.html), and making it `_top` replaced the whole frameset. A frame of another origin
 * does not tell its name (reading it throws); what lies under it is not searched.
 */
export function oneTabInit(): void {
  const KEY = Symbol.for('pagemap.oneTab');
  const w = window as unknown as Record<symbol, unknown>;
  if (w[KEY]) return;
  Object.defineProperty(window, KEY, { value: true, enumerable: false });

  /** Whether a frame anywhere under `w` is named `t` (see the file's note). */
  const named = (w: Window, t: string, depth: number): boolean => {
    for (let i = 0; i < w.frames.length; i++) {
      try {
        const f = w.frames[i] as Window;
        if (f.name === t || (depth < 8 && named(f, t, depth + 1))) return true;
      } catch {} // another origin's frame does not tell its name
    }
    return false;
  };
  /** A target that opens another browsing context: `_blank`, or a name no frame of this page has. */
  const elsewhere = (target: string | null | undefined): boolean => {
    const t = (target ?? '').trim();
    if (!t || /^_(self|parent|top)$/i.test(t) || t === window.name) return false;
    if (/^_blank$/i.test(t)) return true;
    return !named(window.top ?? window, t, 0);
  };
  const retarget = (el: HTMLFormElement | HTMLAnchorElement | HTMLAreaElement): void => {
    if (elsewhere(el.target)) el.target = '_top';
  };

  // A form's target is read after its submit event, a link's after its click (keyboard
  // activation is a click too): these capture listeners come first.
  const retargetOn = (e: Event): void => {
    const first = e.composedPath()[0];
    if (e.type === 'submit' && first instanceof HTMLFormElement) {
      const by = (e as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
      if (by?.hasAttribute('formtarget') && elsewhere(by.formTarget)) by.formTarget = '_top';
      return retarget(first);
    }
    const link = first instanceof Element ? first.closest('a[target],area[target]') : null;
    if (link) retarget(link as HTMLAnchorElement | HTMLAreaElement);
  };
  for (const type of ['submit', 'click']) document.addEventListener(type, retargetOn, true);
  // form.submit() fires no submit event.
  const submit = HTMLFormElement.prototype.submit;
  HTMLFormElement.prototype.submit = function (this: HTMLFormElement) {
    retarget(this);
    return submit.call(this);
  };
  // window.open(url) from the top page: the page goes there itself. (An empty window a script
  // writes into, and opens from inside frames, keep the browser's behaviour.)
  const open = window.open;
  window.open = function (url?: string | URL, target?: string, features?: string): WindowProxy | null {
    const here = window === window.top && url !== undefined && String(url) !== '';
    const href = here && (target === undefined || elsewhere(target)) ? new URL(String(url), location.href) : null;
    if (!href || (href.protocol !== 'http:' && href.protocol !== 'https:'))
      return open.call(window, url, target, features);
    location.assign(href.href);
    return null;
  };
}

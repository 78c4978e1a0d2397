/**
 * The page's-world answer to "which panels do jQuery plugins draw apart from their element?"
 * (../main-world.ts `jqueryPanels` asks; ../revealed.ts uses it). A plugin keeps its instance in
 * the element's jQuery data, and the instance keeps the panel it shows: Date Range Picker's
 * `container`, a date picker's `picker` — a `div` at the end of the body, hidden until the element
 * is clicked. The isolated world cannot read jQuery's data (it lives on the page's objects). Each
 * element-and-panel pair is answered as two events on the elements, `opener N` then `panel N`.
 * Self-contained: serialized into every document before the page's scripts (preparePage).
 */
/** What is used of the page's jQuery (a type only: nothing outside the function is serialized). */
interface JQueryLike {
  hasData?: (el: Element) => boolean;
  data?: (el: Element) => Record<string, unknown> | undefined;
}

export function jqueryPanelsBridgeInit(type: string): void {
  // Taken before the page's scripts run: a page that patches them later does not change the answers.
  const keys = Object.keys;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const Custom = CustomEvent;
  const MAX_ELEMENTS = 10_000;
  const MAX_PANELS = 40;
  const MAX_FIELDS = 80;
  /** An element a value holds: the element itself, or a jQuery object of exactly one. */
  const elementIn = (v: unknown): Element | null => {
    if (v instanceof Element) return v;
    const j = v as { jquery?: unknown; length?: number; 0?: unknown } | null;
    return j && typeof j === 'object' && j.jquery && j.length === 1 && j[0] instanceof Element ? j[0] : null;
  };
  /** The elements drawn apart from `el` that the plugin instances in its jQuery data hold. */
  const panelsOf = (el: Element, jq: JQueryLike): Element[] => {
    const out: Element[] = [];
    try {
      const data = jq.data!(el) ?? {};
      for (const name of keys(data)) {
        const instance = data[name];
        if (!instance || typeof instance !== 'object' || instance instanceof Node) continue;
        for (const field of keys(instance).slice(0, MAX_FIELDS)) {
          const panel = elementIn((instance as Record<string, unknown>)[field]);
          const apart = panel && panel.isConnected && !panel.contains(el) && !el.contains(panel);
          if (apart && !out.includes(panel)) out.push(panel);
        }
      }
    } catch {
      // a plugin's getter that throws: what was found so far stands
    }
    return out;
  };
  const answer = (target: EventTarget, detail: string) =>
    dispatch.call(target, new Custom(`${type}:jquery-panel`, { detail, composed: true }));
  window.addEventListener(
    `${type}:jquery-panels`,
    (e) => {
      e.stopImmediatePropagation();
      const jq = (window as unknown as { jQuery?: JQueryLike }).jQuery;
      if (typeof jq?.hasData !== 'function' || typeof jq.data !== 'function') return;
      let seen = 0;
      let pairs = 0;
      for (const el of Array.from(document.querySelectorAll('*'))) {
        if (++seen > MAX_ELEMENTS || pairs >= MAX_PANELS) return;
        if (!jq.hasData(el)) continue;
        for (const panel of panelsOf(el, jq)) {
          pairs += 1;
          answer(el, `opener ${pairs}`);
          answer(panel, `panel ${pairs}`);
        }
      }
    },
    true,
  );
}

/**
 * The page's-world half of what the page script (which runs in an isolated world: see
 * ../../page-script-host/world.ts) cannot read itself: the handlers React keeps on each element
 * (own properties `__reactProps$<id>` of the page's objects) and the WebMCP registry
 * (webmcp-capture.ts). Runs in every document before the page's scripts (preparePage); it must be
 * self-contained. The page script asks with an event of a name made per process on the window
 * (../main-world.ts); this answers with events of that name on the elements (React) or the window
 * (WebMCP), and stops the question there, so the page's own listeners never see it.
 */
export function mainWorldBridgeInit(type: string): void {
  // Taken before the page's scripts run: a page that patches them later does not change the answers.
  const keys = Object.keys;
  const stringify = JSON.stringify;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const Custom = CustomEvent;
  const CLICK = ['onClick', 'onMouseDown', 'onPointerDown'];
  const MAX_ELEMENTS = 10_000;
  /** The kinds React handles on the element itself: 'click', 'dblclick', both or none (''). */
  const reactKinds = (el: Element): string => {
    const k = keys(el).find((name) => name.startsWith('__reactProps$'));
    const p = k ? (el as unknown as Record<string, Record<string, unknown> | undefined>)[k] : undefined;
    if (!p) return '';
    const click = CLICK.some((n) => typeof p[n] === 'function') ? 'click' : '';
    return typeof p.onDoubleClick === 'function' ? `${click} dblclick`.trim() : click;
  };
  const answer = (target: EventTarget, name: string, detail: string) =>
    dispatch.call(target, new Custom(`${type}:${name}`, { detail, composed: true }));
  const ask = (name: string, fn: () => void) =>
    window.addEventListener(
      `${type}:${name}`,
      (e) => {
        e.stopImmediatePropagation();
        fn();
      },
      true,
    );
  ask('react', () => {
    let seen = 0;
    const walk = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (++seen > MAX_ELEMENTS) return;
        const kinds = reactKinds(el);
        if (kinds) answer(el, 'react-element', kinds);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
  });
  ask('webmcp', () => {
    const reg = (window as unknown as Record<symbol, { tools?: Map<string, Record<string, unknown>> } | undefined>)[
      Symbol.for('pagemap.webmcp')
    ];
    let json = '[]';
    try {
      const tools = Array.from(reg?.tools?.values() ?? []).slice(0, 30);
      json = stringify(
        tools.map((t) => ({
          name: String(t.name),
          description: String(t.description ?? ''),
          inputSchema: t.inputSchema ?? {},
        })),
      );
    } catch {
      // a schema that is not JSON: no tools rather than no page map
    }
    answer(window, 'webmcp-answer', json);
  });
}

/**
 * The page's-world half of what the page script (which runs in an isolated world: see
 * ../../page-script-host/world.ts) cannot read itself: the handlers React keeps on each element
 * (own properties `__reactProps$<id>` of the page's objects) and the WebMCP registry
 * (webmcp-capture.ts). Runs in every document before the page's scripts (preparePage); it must be
 * self-contained. What React keeps on an element is answered as kinds: 'root' for the container it
 * renders into (React 17 and later listen there, once, for every event of the app), and the kinds
 * of its handlers on the element itself, 'click', 'dblclick', 'key' (props of React 17 and later,
 * the event handlers of React 16). The page script asks with an event of a name made per process
 * on the window (../main-world.ts); this answers with events of that name on the elements (React)
 * or the window (WebMCP), and stops the question there, so the page's own listeners never see it.
 * (jquery-panels.ts answers the jQuery question the same way.)
 */
export function mainWorldBridgeInit(type: string): void {
  // Taken before the page's scripts run: a page that patches them later does not change the answers.
  const keys = Object.keys;
  const stringify = JSON.stringify;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const Custom = CustomEvent;
  const CLICK = ['onClick', 'onMouseDown', 'onPointerDown'];
  const KEY = ['onKeyDown', 'onKeyPress', 'onKeyUp'];
  const MAX_ELEMENTS = 10_000;
  const reactKinds = (el: Element): string => {
    const names = keys(el);
    const k = names.find((n) => n.startsWith('__reactProps$') || n.startsWith('__reactEventHandlers$'));
    const p = (k ? (el as unknown as Record<string, Record<string, unknown> | undefined>)[k] : undefined) ?? {};
    const has = (handlers: string[]) => handlers.some((n) => typeof p[n] === 'function');
    const kinds = [has(CLICK) && 'click', has(['onDoubleClick']) && 'dblclick', has(KEY) && 'key'];
    return [names.some((n) => n.startsWith('__reactContainer$')) && 'root', ...kinds].filter(Boolean).join(' ');
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

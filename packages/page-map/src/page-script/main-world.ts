/**
 * What the page's own JavaScript world knows, asked from the page script's isolated world through
 * DOM events (serialized/main-world-bridge.ts answers them): which elements React handles a click
 * or double-click on, and the page's WebMCP tools. The events' name is made per process and kept
 * in this world only (`pagemapBridge`, set where the script is defined: page-script-host/call.ts).
 * A page never prepared (no bridge) answers nothing: no React handlers, no WebMCP tools.
 */
import type { RawWebMcpTool } from '../shared/page-script-types';

const bridge = (): string | undefined => (globalThis as { pagemapBridge?: string }).pagemapBridge;

/** React's handlers per element of a document, asked once per document per call (see `forgetMainWorld`). */
let react = new WeakMap<Document, Map<Element, string>>();

/** The panels jQuery plugins draw apart from an element, per document (see `jqueryPanels`). */
let panels = new WeakMap<Document, Map<Element, Element[]>>();

/** Forgets what was asked: each call of the page script asks again (the app may have re-rendered). */
export function forgetMainWorld(): void {
  react = new WeakMap();
  panels = new WeakMap();
}

/**
 * The elements a jQuery plugin on `el` draws apart from it and shows on its own terms (a picker's
 * panel at the end of the body): the page's world holds the link, in the plugin's instance.
 */
export function jqueryPanels(el: Element): Element[] {
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  if (!win) return [];
  let byEl = panels.get(doc);
  if (!byEl) {
    const openers = new Map<string, Element>();
    const found = new Map<Element, Element[]>();
    const take = (e: CustomEvent) => {
      const [role, n] = String(e.detail).split(' ');
      const node = e.composedPath()[0] as Element;
      if (role === 'opener') openers.set(n!, node);
      const opener = role === 'panel' ? openers.get(n!) : undefined;
      if (opener) found.set(opener, [...(found.get(opener) ?? []), node]);
    };
    ask(win, 'jquery-panels', 'jquery-panel', take, null);
    byEl = found;
    panels.set(doc, byEl);
  }
  return byEl.get(el) ?? [];
}

export function ask<T>(win: Window, name: string, answer: string, take: (e: CustomEvent) => void, out: T): T {
  const type = bridge();
  if (!type) return out;
  const got = (e: Event) => {
    e.stopImmediatePropagation();
    take(e as CustomEvent);
  };
  win.addEventListener(`${type}:${answer}`, got, true);
  try {
    win.dispatchEvent(new Event(`${type}:${name}`));
  } finally {
    win.removeEventListener(`${type}:${answer}`, got, true);
  }
  return out;
}

/**
 * Whether React handles `kind` ('click', 'dblclick', 'key') on the element itself, or ('root') the
 * element is a container React renders into and listens on for the whole app.
 */
export function reactHandles(el: Element, kind: 'click' | 'dblclick' | 'key' | 'root'): boolean {
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  if (!win) return false;
  let byEl = react.get(doc);
  if (!byEl) {
    const found = new Map<Element, string>();
    byEl = ask(
      win,
      'react',
      'react-element',
      (e) => found.set(e.composedPath()[0] as Element, String(e.detail)),
      found,
    );
    react.set(doc, byEl);
  }
  return (byEl.get(el) ?? '').split(' ').includes(kind);
}

/** The tools the page registered with WebMCP (serialized/webmcp-capture.ts keeps them in the page's world). */
export function webMcpTools(): RawWebMcpTool[] {
  const json = { text: '[]' };
  ask(window, 'webmcp', 'webmcp-answer', (e) => (json.text = String(e.detail)), json);
  try {
    const tools = JSON.parse(json.text) as unknown;
    return Array.isArray(tools) ? (tools as RawWebMcpTool[]) : [];
  } catch {
    return [];
  }
}

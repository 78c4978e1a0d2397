/**
 * Marks which elements the page listens on (click, key and double-click listeners), read with the
 * browser's own debugger (CDP `DOMDebugger.getEventListeners` over the whole document, open
 * shadow roots included), so the page script can offer what a script alone made interactive: a
 * row or list item a jQuery handler selects, an input that acts on Enter, a label edited on
 * double-click. The marks are a non-enumerable symbol property per element (shared/listens.ts) in
 * the page script's own world (page-script-host/world.ts), where the page cannot see them,
 * refreshed before each reading and each click (the listeners are read each time; the marks are
 * put again only when those changed); nothing of the page changes.
 *
 * Best effort and bounded: a page the debugger cannot read (a closed target, a page still being
 * replaced) simply gets no marks, and the in-page signs (roles, cursor, onclick) still apply.
 */
import type { CDPSession, Page } from 'puppeteer-core';
import { LISTENS_KEY, MARKED_EVENTS } from './shared/listens';
import { sessionOf as frameSession, worldOf } from './page-script-host/world';
import { beforeNextCall } from './page-script-host/call';

/** Most elements marked per reading (pages with thousands of own listeners keep the first ones). */
const MAX_MARKED = 2000;
/** How long the marking may take before the reading goes on without it. */
const MARK_BUDGET_MS = 1500;
/** The debugger's handles of one marking, released together at its end. */
const GROUP = 'pagemap-listeners';

interface Listener {
  type: string;
  backendNodeId?: number;
}

/**
 * The page's own DevTools session (puppeteer's, on the page's target): no session of our own to
 * attach per page.
 */
const sessionOf = (page: Page): CDPSession => frameSession(page.mainFrame());

/**
 * The handles one marking needs, kept for the document's life (its contexts drop them with the
 * document): later readings of the same document (after a tool) skip asking for them. A new
 * document has a new world (context id); a stale handle fails its call and is asked for again.
 *
 * The listeners are read on the page's OWN world's document and window, never on the page
 * script's: asked with an isolated world's object, `DOMDebugger.getEventListeners` (pierce) also
 * reports the page's listeners, from another world than the one asking, and after that the
 * renderer could stop for good at its next garbage collection (Chromium 156; the MoJ date picker
 * with its CSSOM read: test/hover-date-picker-hang.test.ts). Asked in the page's world, every
 * listener it reports is of the world asking. The handles carry no object group, so the debugger
 * wraps no listener function for us (they were kept, one per listener, until the document went).
 */
interface DocHandles {
  /** The page script's world in the document. */
  contextId: number;
  /** The document and window of the page's own world: what the listeners are read on. */
  doc: string;
  win: string;
  /** The window in the page script's world: the mark of the window's own listeners goes on it. */
  ownWin: string;
  /** Whether marks were put in this document (then a reading with none clears them). */
  marked: boolean;
  /**
   * The listeners (see `signature`) whose marks the page script's world holds now, and how many
   * targets that marked: a reading that finds the same ones again has nothing to change.
   */
  applied?: { signature: string; count: number };
}
const handles = new WeakMap<Page, DocHandles>();
const DOC_GROUP = 'pagemap-document';

async function handlesOf(page: Page, cdp: CDPSession): Promise<DocHandles | null> {
  const { contextId } = await worldOf(page.mainFrame());
  const known = handles.get(page);
  if (known?.contextId === contextId) return known;
  // No contextId: the page's own world of the main frame. `document` and `window` are
  // unforgeable: the page cannot answer these with objects of its own.
  const [doc, win, ownWin] = await Promise.all([
    cdp.send('Runtime.evaluate', { expression: 'document' }),
    cdp.send('Runtime.evaluate', { expression: 'window' }),
    cdp.send('Runtime.evaluate', { expression: 'window', contextId, objectGroup: DOC_GROUP }),
  ]);
  if (!doc.result.objectId || !win.result.objectId || !ownWin.result.objectId) return null;
  const h = {
    contextId,
    doc: doc.result.objectId,
    win: win.result.objectId,
    ownWin: ownWin.result.objectId,
    marked: false,
  };
  handles.set(page, h);
  return h;
}

/** In the page: puts each element's listened types under the shared key (and clears stale marks first). */
function applyMarks(key: string, types: string[], ...els: EventTarget[]): void {
  const k = Symbol.for(key);
  // The set of marked targets lives under a key of its own: the window can be marked itself.
  const all = Symbol.for(`${key}.all`);
  const w = window as unknown as { [s: symbol]: Set<EventTarget> | undefined };
  for (const old of w[all] ?? []) delete (old as unknown as Record<symbol, unknown>)[k];
  const marked = new Set<EventTarget>();
  els.forEach((el, i) => {
    Object.defineProperty(el, k, { value: types[i], configurable: true, enumerable: false });
    marked.add(el);
  });
  Object.defineProperty(window, all, { value: marked, configurable: true, enumerable: false });
}

/**
 * What the marks of one reading say: each node (its backend id, unique for the node's life) with
 * its types, and the window's. Equal signatures in one document put equal marks on the same nodes.
 */
function signature(byNode: [number, Set<string>][], winTypes: string[]): string {
  return `${byNode.map(([id, set]) => `${id}:${[...set].join(' ')}`).join(',')}|${winTypes.join(' ')}`;
}

/** Types per node (backend id) among the listeners reported, only the marked kinds. */
function typesByNode(listeners: Listener[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const l of listeners) {
    if (!l.backendNodeId || !MARKED_EVENTS.includes(l.type)) continue;
    const set = out.get(l.backendNodeId) ?? new Set<string>();
    set.add(l.type);
    out.set(l.backendNodeId, set);
  }
  return out;
}

async function markWith(page: Page, cdp: CDPSession, live: () => boolean): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const h = await handlesOf(page, cdp);
    if (!h) return 0;
    try {
      return await markAll(page, cdp, h, live);
    } catch (err) {
      // The document was replaced under its handles: asked for again, once.
      handles.delete(page);
      if (attempt >= 2) throw err;
    }
  }
}

async function markAll(page: Page, cdp: CDPSession, h: DocHandles, live: () => boolean): Promise<number> {
  const [inDoc, onWin] = await Promise.all([
    cdp.send('DOMDebugger.getEventListeners', { objectId: h.doc, depth: -1, pierce: true }),
    cdp.send('DOMDebugger.getEventListeners', { objectId: h.win }),
  ]);
  const byNode = [...typesByNode(inDoc.listeners).entries()].slice(0, MAX_MARKED);
  const winTypes = [...new Set(onWin.listeners.map((l) => l.type).filter((t) => MARKED_EVENTS.includes(t)))];
  // Nothing to mark and nothing marked before in this document: no call at all.
  if (byNode.length === 0 && winTypes.length === 0 && !h.marked) return 0;
  // The same listeners as the marks already in place (a follow-up that changed none): no handles,
  // no marking. Known only once the joint call put them (not when they were put one by one).
  const sig = signature(byNode, winTypes);
  if (h.applied?.signature === sig) return h.applied.count;
  h.applied = undefined;
  const marks = await resolveAll(cdp, h, byNode, winTypes);
  // The marks are put by the page script's next call, in its message (see beforeNextCall), which
  // releases the handles after it.
  const release = () => {
    if (byNode.length) void cdp.send('Runtime.releaseObjectGroup', { objectGroup: GROUP }).catch(() => undefined);
  };
  if (!live()) {
    release();
    return 0;
  }
  beforeNextCall(page, {
    contextId: h.contextId,
    fn: applyMarks.toString(),
    args: [{ value: LISTENS_KEY }, { value: marks.types }, ...marks.args],
    alone: () => applyAlone(cdp, h, marks),
    // Only a marking that reached every node stands for its signature (a node that could not be
    // resolved is tried again by the next reading).
    done: () => {
      if (marks.args.length === byNode.length + (winTypes.length ? 1 : 0))
        h.applied = { signature: sig, count: marks.args.length };
    },
    release,
  });
  return marks.args.length;
}

interface Marks {
  args: { objectId: string }[];
  types: string[];
}

/** The debugger's handles of the marked elements (and the window), in the page script's world. */
async function resolveAll(
  cdp: CDPSession,
  h: DocHandles,
  byNode: [number, Set<string>][],
  winTypes: string[],
): Promise<Marks> {
  const resolved = await Promise.all(
    byNode.map(([backendNodeId]) =>
      cdp
        .send('DOM.resolveNode', { backendNodeId, executionContextId: h.contextId, objectGroup: GROUP })
        .catch(() => null),
    ),
  );
  const marks: Marks = { args: [], types: [] };
  byNode.forEach(([, set], i) => {
    const id = resolved[i]?.object.objectId;
    if (!id) return;
    marks.args.push({ objectId: id });
    marks.types.push([...set].join(' '));
  });
  if (winTypes.length) {
    marks.args.push({ objectId: h.ownWin });
    marks.types.push(winTypes.join(' '));
  }
  h.marked = marks.args.length > 0;
  return marks;
}

/**
 * The marks put by calls of their own. Elements of a same-origin frame live in another JavaScript
 * context, and one call cannot take them with the top's: each element is marked by a call of its own.
 */
async function applyAlone(cdp: CDPSession, h: DocHandles, marks: Marks): Promise<void> {
  await cdp.send('Runtime.callFunctionOn', {
    executionContextId: h.contextId,
    functionDeclaration: applyMarks.toString(),
    arguments: [{ value: LISTENS_KEY }, { value: [] }],
  });
  await Promise.all(marks.args.map((a, i) => markOne(cdp, a.objectId, marks.types[i]!)));
}

/** In the page: one target's mark, in the target's own world, recorded in its window's set (see applyMarks). */
function applyMark(this: EventTarget, key: string, types: string): void {
  Object.defineProperty(this, Symbol.for(key), { value: types, configurable: true, enumerable: false });
  const node = this as unknown as { ownerDocument?: Document | null; defaultView?: Window | null };
  const win = (node.ownerDocument ? node.ownerDocument.defaultView : (node.defaultView ?? this)) as unknown as {
    [s: symbol]: Set<EventTarget> | undefined;
  };
  const all = Symbol.for(`${key}.all`);
  if (!win[all]) Object.defineProperty(win, all, { value: new Set(), configurable: true, enumerable: false });
  win[all]!.add(this);
}

async function markOne(cdp: CDPSession, objectId: string, types: string): Promise<void> {
  await cdp
    .send('Runtime.callFunctionOn', {
      objectId,
      functionDeclaration: applyMark.toString(),
      arguments: [{ value: LISTENS_KEY }, { value: types }],
    })
    .catch(() => undefined);
}

/**
 * Marks the listened elements of the page's main document; answers how many were marked (0 when
 * the debugger could not read the page in time).
 */
export async function markListeners(page: Page): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(0), MARK_BUDGET_MS)));
  try {
    let live = true;
    const marking = markWith(page, sessionOf(page), () => live).catch(() => 0);
    const timedOut = late.then((n) => {
      live = false;
      return n;
    });
    return await Promise.race([marking, timedOut]);
  } catch {
    return 0;
  } finally {
    clearTimeout(timer);
  }
}

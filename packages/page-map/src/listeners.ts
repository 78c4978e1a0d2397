/**
 * Marks which elements the page listens on (click, key and double-click listeners), read with the
 * browser's own debugger (CDP `DOMDebugger.getEventListeners` over the whole document, open
 * shadow roots included), so the page script can offer what a script alone made interactive: a
 * row or list item a jQuery handler selects, an input that acts on Enter, a label edited on
 * double-click. The marks are a non-enumerable symbol property per element (shared/listens.ts),
 * refreshed before each reading and each click; nothing else of the page changes.
 *
 * Best effort and bounded: a page the debugger cannot read (a closed target, a page still being
 * replaced) simply gets no marks, and the in-page signs (roles, cursor, onclick) still apply.
 */
import type { CDPSession, Page } from 'puppeteer-core';
import { LISTENS_KEY, MARKED_EVENTS } from './shared/listens';

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

const sessions = new WeakMap<Page, Promise<CDPSession>>();

function sessionOf(page: Page): Promise<CDPSession> {
  let s = sessions.get(page);
  if (!s) {
    s = page.createCDPSession();
    sessions.set(page, s);
    s.catch(() => sessions.delete(page));
  }
  return s;
}

/** In the page: puts each element's listened types under the shared key (and clears stale marks first). */
function applyMarks(this: Document, key: string, types: string[], ...els: EventTarget[]): void {
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

async function markWith(cdp: CDPSession): Promise<number> {
  try {
    return await markAll(cdp);
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: GROUP }).catch(() => undefined);
  }
}

async function markAll(cdp: CDPSession): Promise<number> {
  const doc = await cdp.send('Runtime.evaluate', { expression: 'document', objectGroup: GROUP });
  const docId = doc.result.objectId;
  const win = await cdp.send('Runtime.evaluate', { expression: 'window', objectGroup: GROUP });
  if (!docId || !win.result.objectId) return 0;
  const [inDoc, onWin] = await Promise.all([
    cdp.send('DOMDebugger.getEventListeners', { objectId: docId, depth: -1, pierce: true }),
    cdp.send('DOMDebugger.getEventListeners', { objectId: win.result.objectId }),
  ]);
  const byNode = [...typesByNode(inDoc.listeners).entries()].slice(0, MAX_MARKED);
  const resolved = await Promise.all(
    byNode.map(([backendNodeId]) =>
      cdp.send('DOM.resolveNode', { backendNodeId, objectGroup: GROUP }).catch(() => null),
    ),
  );
  const args: { objectId?: string; value?: unknown }[] = [];
  const types: string[] = [];
  byNode.forEach(([, set], i) => {
    const id = resolved[i]?.object.objectId;
    if (!id) return;
    args.push({ objectId: id });
    types.push([...set].join(' '));
  });
  const winTypes = [...new Set(onWin.listeners.map((l) => l.type).filter((t) => MARKED_EVENTS.includes(t)))];
  if (winTypes.length) {
    args.push({ objectId: win.result.objectId });
    types.push(winTypes.join(' '));
  }
  try {
    await cdp.send('Runtime.callFunctionOn', {
      objectId: docId,
      functionDeclaration: applyMarks.toString(),
      arguments: [{ value: LISTENS_KEY }, { value: types }, ...args],
    });
  } catch {
    // Elements of a same-origin frame live in another JavaScript world, and one call cannot take
    // them with the top's: each element is marked by a call of its own instead.
    await cdp.send('Runtime.callFunctionOn', {
      objectId: docId,
      functionDeclaration: applyMarks.toString(),
      arguments: [{ value: LISTENS_KEY }, { value: [] }],
    });
    await Promise.all(args.map((a, i) => markOne(cdp, a.objectId!, types[i]!)));
  }
  return args.length;
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
    const cdp = await sessionOf(page);
    return await Promise.race([markWith(cdp).catch(() => 0), late]);
  } catch {
    return 0;
  } finally {
    clearTimeout(timer);
  }
}

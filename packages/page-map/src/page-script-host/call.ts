/**
 * Node side: runs the bundled page script in a page's main frame (or one of its frames). The
 * bundle (built from ../page-script/main.ts by scripts/build-page-script.mjs into ./generated/)
 * defines `pagemapPageScript`.
 *
 * It runs in its own isolated world (world.ts), never in the page's: the page's scripts cannot
 * see it, call it or patch what it uses. It is installed once per document: preparePage
 * (../prepare-page.ts) gives the page a new-document script in that world, so each document (and
 * each same-site frame) holds the script before its own scripts run, and each call is one short
 * message (the request). The install only defines a loader: the bundle is compiled on the first
 * call in a document, so frames and documents never read cost only V8's pre-parse of it.
 *
 * A document the install did not reach (about:blank made before it, a page never prepared, a
 * frame of another site, which has a DevTools session of its own) answers "none" to the short
 * message and gets the source with the next (once per document).
 *
 * What only the page's world knows (React's handlers on an element, the WebMCP registry) the
 * script asks through DOM events of a name made per process (main-world.ts and
 * ../page-script/serialized/main-world-bridge.ts). The request travels as a call argument (never
 * spliced into source, so fill values stay out of the script text).
 */
import type { Frame, Page } from 'puppeteer-core';
import { PAGE_SCRIPT_SOURCE } from './generated/page-script.generated';
import type { PageScriptRequest, PageScriptResponse } from '../shared/page-script-protocol';
import { forgetWorld, sessionOf, watchWorlds, WORLD, worldOf, type World } from './world';
import { BRIDGE } from './main-world';

/**
 * Defines the script in this world unless it is there. `load` returns the bundle's
 * `pagemapPageScript`: a function declaration (not one called at once), so V8 only pre-parses
 * the bundle until the first call.
 */
const DEFINE = `if (typeof globalThis.pagemapKept === 'undefined') {
  globalThis.pagemapBridge = ${JSON.stringify(BRIDGE)};
  globalThis.pagemapKept = (function () {
    var script = null;
    function load() {
${PAGE_SCRIPT_SOURCE}
return pagemapPageScript;
    }
    return { run: function (req) { if (!script) script = load(); return script.run(req); } };
  })();
}`;

/** Runs the request with the script this world keeps; null when it has none. */
const RUN_KEPT = `function (req) { return typeof pagemapKept === 'undefined' ? null : pagemapKept.run(req); }`;
/** The whole source (no eval: a page's CSP could forbid it): defines the script, then runs the request. */
const DEFINE_AND_RUN = `function (req) {
${DEFINE}
return pagemapKept.run(req);
}`;

/** The document was replaced under the call (the next call finds the new document's world). */
const GONE = /Cannot find context with specified id|Execution context was destroyed/i;
/** Replaced while the call waited in the page: the request had run (only one that waits can see this). */
const DESTROYED = /Execution context was destroyed/i;

/**
 * Installs the page script in the page's world of every document the page creates from now on,
 * and in the one it shows now (call it before the page's first navigation: preparePage does).
 */
export async function installPageScript(page: Page): Promise<void> {
  const client = sessionOf(page.mainFrame());
  watchWorlds(client);
  await client.send('Page.addScriptToEvaluateOnNewDocument', {
    source: DEFINE,
    worldName: WORLD,
    runImmediately: true,
  });
}

type CallArgument = { value?: unknown; objectId?: string };

async function callIn(
  world: World,
  fn: string,
  req: PageScriptRequest,
  more: CallArgument[] = [],
): Promise<PageScriptResponse | null> {
  const r = await world.client.send('Runtime.callFunctionOn', {
    functionDeclaration: fn,
    executionContextId: world.contextId,
    arguments: [{ value: req }, ...more],
    returnByValue: true,
    awaitPromise: true,
  });
  if (r.exceptionDetails) {
    const e = r.exceptionDetails;
    throw new Error(e.exception?.description ?? e.text);
  }
  return (r.result.value ?? null) as PageScriptResponse | null;
}

/**
 * Work in the page script's world that the next call in the page's main frame does first, in the
 * same message (../listeners.ts: the listener marks): `fn` is called with `args`.
 */
export interface Prelude {
  contextId: number;
  fn: string;
  args: CallArgument[];
  /** Does the work on its own instead, when the joint call cannot take it. */
  alone: () => Promise<void>;
  /** Called when the joint call did the work (not when it was dropped or done alone). */
  done?: () => void;
  /** Called once the prelude was done or dropped (releases what `args` hold). */
  release: () => void;
}

const preludes = new WeakMap<Page, Prelude>();

/** Has the next call in the page's main frame do `prelude` first (a later one replaces it). */
export function beforeNextCall(page: Page, prelude: Prelude): void {
  preludes.get(page)?.release();
  preludes.set(page, prelude);
}

/** The prelude for this call, if it is one in the main frame's current world. */
function preludeFor(frame: Frame, world: World): Prelude | undefined {
  const page = frame.page();
  const p = preludes.get(page);
  if (!p || frame !== page.mainFrame()) return undefined;
  preludes.delete(page);
  if (p.contextId === world.contextId) return p;
  p.release(); // made for a document that is gone
  return undefined;
}

/** The short message: the prelude's work, if any, then the request with the kept script. */
async function runKept(world: World, req: PageScriptRequest, prelude: Prelude | undefined) {
  if (!prelude) return callIn(world, RUN_KEPT, req);
  const fn = `function (req, ...args) { (${prelude.fn}).apply(null, args); return (${RUN_KEPT})(req); }`;
  try {
    const answer = await callIn(world, fn, req, prelude.args);
    prelude.done?.();
    return answer;
  } catch (err) {
    if (GONE.test((err as Error).message)) throw err;
    await prelude.alone(); // e.g. handles of another context (a same-origin frame's elements)
    return callIn(world, RUN_KEPT, req);
  } finally {
    prelude.release();
  }
}

/**
 * Runs a request of the page script in the page's main frame, or in one frame (a cross-origin
 * frame the main frame's script cannot enter: see frames.ts). One short message where the
 * document holds the script; the source with a second one otherwise.
 *
 * `ranIfDestroyed`: for a request that acts and then waits in the page (a click and the quiet
 * after it): the answer when the document was replaced while it waited. It is not run again in
 * the new document (a request still answers synchronously when it did not act).
 */
export async function callPageScript(
  target: Page | Frame,
  req: PageScriptRequest,
  ranIfDestroyed?: PageScriptResponse,
): Promise<PageScriptResponse> {
  const frame = 'mainFrame' in target ? target.mainFrame() : target;
  for (let attempt = 1; ; attempt++) {
    const world = await worldOf(frame);
    try {
      const kept = await runKept(world, req, preludeFor(frame, world));
      if (kept) return kept;
      const answer = await callIn(world, DEFINE_AND_RUN, req);
      if (!answer) throw new Error('the page script gave no answer');
      return answer;
    } catch (err) {
      forgetWorld(frame, world.contextId);
      if (ranIfDestroyed && DESTROYED.test((err as Error).message)) return ranIfDestroyed;
      // A call that met a replaced document's world tries once more, in the new one.
      if (attempt >= 2 || !GONE.test((err as Error).message)) throw err;
    }
  }
}

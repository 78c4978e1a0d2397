/**
 * Node side: runs the bundled page script in a page's main frame (or one of its frames). The
 * bundle (built from ../page-script/main.ts by scripts/build-page-script.mjs into ./generated/)
 * defines `pagemapPageScript`.
 *
 * The first call in a document sends the whole source, which also keeps the script in the
 * document; later calls in the same document send only the request. Sending the source (then
 * 45 KB, unminified) with every call cost about 3 ms per call on top of the call itself (transfer
 * and compile, measured on the fixture pages), and a login makes five calls.
 *
 * `installPageScript` puts it in every new document instead (evaluateOnNewDocument). The worker
 * does not use it: a new session's page has one document, which gets the source once either way,
 * and measured per page (bench/src/page-work.ts: protocol messages, bytes, Chromium CPU) the
 * install saved nothing, while it compiles the script in every frame and every document, read or
 * not (an earlier measurement saw each load 3–6 ms slower). The bench keeps it to measure again.
 *
 * The request travels as an evaluate argument (never spliced into source, so fill values stay out
 * of the script text).
 */
import { randomBytes } from 'node:crypto';
import type { Frame, Page } from 'puppeteer-core';
import { PAGE_SCRIPT_SOURCE } from './generated/page-script.generated';
import type { PageScriptRequest, PageScriptResponse } from '../shared/page-script-types';

/**
 * The symbol the script is kept under in a document: named per process, so a page cannot define
 * it in advance to answer in the script's place. Not enumerable, not writable, not configurable.
 */
const KEY = `pagemap.script.${randomBytes(8).toString('hex')}`;

/** The whole source: defines the script in this document if it is not there yet, then runs the request. */
const defineAndRun = new Function(
  'key',
  'req',
  `var script = (function () {
${PAGE_SCRIPT_SOURCE}
return pagemapPageScript;
})();
var symbol = Symbol.for(key);
if (!Object.prototype.hasOwnProperty.call(window, symbol)) Object.defineProperty(window, symbol, { value: script });
return window[symbol].run(req);`,
) as (key: string, req: PageScriptRequest) => PageScriptResponse;

/** Runs the request with the script this document keeps; null when it has none (a new document). */
function runKept(key: string, req: PageScriptRequest): PageScriptResponse | null {
  const script = (
    window as unknown as Record<symbol, { run?: (r: PageScriptRequest) => PageScriptResponse } | undefined>
  )[Symbol.for(key)];
  return script && typeof script.run === 'function' ? script.run(req) : null;
}

/**
 * The same definition as `defineAndRun`, without running anything: handed to
 * evaluateOnNewDocument by `installPageScript`, it defines the script in every document of the
 * page (frames included) before the page's own scripts run.
 */
const DEFINE_SOURCE = `(function () {
var symbol = Symbol.for(${JSON.stringify(KEY)});
if (Object.prototype.hasOwnProperty.call(window, symbol)) return;
var script = (function () {
${PAGE_SCRIPT_SOURCE}
return pagemapPageScript;
})();
Object.defineProperty(window, symbol, { value: script });
})();`;

/** Pages whose documents get the script as they are created (installPageScript). */
const installed = new WeakSet<Page>();

/**
 * Installs the page script in every document the page creates from now on (call it before the
 * page's first navigation; the worker does not, see the top of this file): the source (≈ 38 KB
 * minified) then crosses the protocol once per page instead of once per document, and every call
 * is a short message. A document the script did not reach (a frame Chromium gave no
 * new-document scripts, one created before the install) answers "none" to the short message and
 * gets the source as before (one more round trip, once).
 */
export async function installPageScript(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(DEFINE_SOURCE);
  installed.add(page);
}

/**
 * Frames whose current document was given the script, as far as Node knows: forgotten on every
 * navigation of the frame, so the first call in a new document sends the source at once instead
 * of asking first. A wrong guess only costs the round trip of that ask.
 */
const kept = new WeakMap<Frame, boolean>();
const watched = new WeakSet<Page>();

function watch(page: Page): void {
  if (watched.has(page)) return;
  watched.add(page);
  page.on('framenavigated', (frame) => kept.set(frame, false));
}

/**
 * Runs a request of the page script in the page's main frame, or in one frame (a cross-origin
 * frame the main frame's script cannot enter: see frames.ts).
 */
export async function callPageScript(target: Page | Frame, req: PageScriptRequest): Promise<PageScriptResponse> {
  const frame = 'mainFrame' in target ? target.mainFrame() : target;
  watch(frame.page());
  if (kept.get(frame) || installed.has(frame.page())) {
    const answer = (await frame.evaluate(runKept, KEY, req)) as PageScriptResponse | null;
    if (answer) return answer;
  }
  const answer = (await frame.evaluate(defineAndRun, KEY, req)) as PageScriptResponse;
  kept.set(frame, true);
  return answer;
}

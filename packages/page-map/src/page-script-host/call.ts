/**
 * Node side: runs the bundled page script in a page's main frame (or one of its frames). The
 * bundle (built from ../page-script/main.ts by scripts/build-page-script.mjs into ./generated/)
 * defines `pagemapPageScript`.
 *
 * The first call in a document sends the whole source, which also keeps the script in the
 * document; later calls in the same document send only the request. Sending the 45 KB source with
 * every call cost about 3 ms per call on top of the call itself (transfer and compile, measured
 * on the fixture pages), and a login makes five calls. (Installing it in every new document
 * before the page's scripts, with evaluateOnNewDocument, was measured too: it delayed each
 * document's load by 3–6 ms, more than the one call it saves.)
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
  if (kept.get(frame)) {
    const answer = (await frame.evaluate(runKept, KEY, req)) as PageScriptResponse | null;
    if (answer) return answer;
  }
  const answer = (await frame.evaluate(defineAndRun, KEY, req)) as PageScriptResponse;
  kept.set(frame, true);
  return answer;
}

import type { Page } from 'puppeteer-core';
import { dialogsOf } from './dialogs';
import { trackPageRequests } from './settle/requests-in-flight';
import { installPageScript } from './page-script-host/call';
import { MAIN_WORLD_BRIDGE } from './page-script-host/main-world';
import { activityInit } from './page-script/serialized/activity';
import { oneTabInit } from './page-script/serialized/one-tab';
import { webMcpInit } from './page-script/serialized/webmcp-capture';

/**
 * What every document of a prepared page runs in the page's own world before its scripts, as one
 * new-document script (one protocol message instead of one per part): the WebMCP capture, the
 * settling signals (page-script/serialized/activity.ts), new tabs opened in the page itself
 * (…/one-tab.ts) and the bridge the page script asks the page's world through (…/main-world-bridge.ts).
 * Each part runs on its own: one that throws does not keep the others out.
 */
const DOCUMENT_START = [
  ...[webMcpInit, activityInit, oneTabInit].map((init) => `(${init.toString()})();`),
  MAIN_WORLD_BRIDGE,
]
  .map((part) => `try { ${part} } catch (e) {}`)
  .join('\n');

/**
 * Prepares a page before its first navigation: the scripts above, the page script in its own
 * world (page-script-host/call.ts) and dialog handling (dialogs.ts), so that a dialog during the
 * first load is answered instead of hanging it.
 */
export async function preparePage(page: Page): Promise<void> {
  dialogsOf(page);
  trackPageRequests(page);
  await Promise.all([page.evaluateOnNewDocument(DOCUMENT_START), installPageScript(page)]);
}

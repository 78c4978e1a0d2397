import type { Page } from 'puppeteer-core';
import { dialogsOf } from './dialogs';
import { activityInit } from './page-script/serialized/activity';
import { oneTabInit } from './page-script/serialized/one-tab';
import { webMcpInit } from './page-script/serialized/webmcp-capture';

/**
 * Prepares a page before its first navigation: the WebMCP capture script, the settling signals
 * (page-script/serialized/activity.ts), new tabs opened in the page itself (…/one-tab.ts) and dialog handling
 * (dialogs.ts), so that a dialog during the first load is answered instead of hanging it.
 */
export async function preparePage(page: Page): Promise<void> {
  dialogsOf(page);
  await Promise.all([
    page.evaluateOnNewDocument(webMcpInit),
    page.evaluateOnNewDocument(activityInit),
    page.evaluateOnNewDocument(oneTabInit),
  ]);
}

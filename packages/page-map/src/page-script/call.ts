/**
 * Node side: runs the bundled page script in a page's main frame. The bundle (built from main.ts
 * by scripts/build-page-script.mjs) defines `pagemapPageScript`; the function below evaluates it
 * and calls `run` with the request, which Puppeteer passes as an argument (never spliced into
 * source, so fill values stay out of the script text).
 */
import type { Page } from 'puppeteer-core';
import { PAGE_SCRIPT_SOURCE } from './generated/page-script.generated';
import type { PageScriptRequest, PageScriptResponse } from './types';

const runInPage = new Function('req', `${PAGE_SCRIPT_SOURCE}\nreturn pagemapPageScript.run(req);`) as (req: PageScriptRequest) => PageScriptResponse;

export function callPageScript(page: Page, req: PageScriptRequest): Promise<PageScriptResponse> {
  return page.evaluate(runInPage, req) as Promise<PageScriptResponse>;
}

/**
 * WebMCP tools run from Node: the page's tools are captured by page-script/serialized/
 * webmcp-capture.ts (installed by prepare-page.ts), listed by page-script/webmcp.ts, and run here
 * through their own execute handler (page-script/serialized/webmcp-call.ts).
 */
import type { Page } from 'puppeteer-core';
import { runWebMcpTool, type WebMcpCallResult } from './page-script/serialized/webmcp-call';

export type { WebMcpCallResult };

/** Runs a captured tool's own execute handler in the page. */
export function callWebMcp(page: Page, name: string, args: Record<string, unknown>): Promise<WebMcpCallResult> {
  return page.evaluate(runWebMcpTool, name, args);
}

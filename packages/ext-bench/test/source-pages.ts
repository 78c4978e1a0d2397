/**
 * Opening one page of an external source the way the worker does (a fresh browser context, the
 * page prepared and mapped, waiting for it to render), for the tests that check a mechanism on
 * that source's own pages.
 */
import { closeTestBrowser, launchTestBrowser } from '@pagemap/test-utils';
import { extractPageMap, preparePage, runTool, type PageMap, type ToolCall } from '@pagemap/page-map';
import type { Browser, Page } from 'puppeteer-core';
import { sourceNamed, startSourceServer, type SourceServer } from '../src';

export interface SourcePages {
  /** Opens `path` in a fresh context, maps it, runs `check`, closes the context. */
  withPage(path: string, check: (page: Page, map: PageMap) => Promise<void>): Promise<void>;
}

/** Serves `source` and launches a browser for the file's tests (jest's beforeAll/afterAll). */
export function sourcePages(source: string): SourcePages {
  let server: SourceServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startSourceServer(sourceNamed(source)), launchTestBrowser()]);
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
    await server?.close();
  });
  return {
    async withPage(path, check) {
      const ctx = await browser.createBrowserContext();
      try {
        const page = await ctx.newPage();
        await preparePage(page);
        await page.goto(server.url(path), { waitUntil: 'load' });
        await check(page, await extractPageMap(page, { includeContent: false, awaitRenderMs: 10_000 }));
      } finally {
        await ctx.close();
      }
    },
  };
}

/** Runs `call`, then maps the page again: the click options it offers now. */
export async function clickOptionsAfter(page: Page, map: PageMap, call: ToolCall) {
  const out = await runTool(page, map, call, { timeoutMs: 8000 });
  expect(out.result.success).toBe(true);
  const next = await extractPageMap(page, { includeContent: false });
  return { next, options: next.tools.find((t) => t.tool.name === 'click')?.tool.params[0]?.options ?? [] };
}

/** The page map's one tool taking a file, and the name of its file param (the tests fail without one). */
export function fileToolOf(map: PageMap): {
  tool: string;
  param: string;
  description: string;
  toolDescription: string;
} {
  const tool = map.tools.find((t) => t.tool.params.some((p) => p.type === 'file'))?.tool;
  if (!tool) throw new Error(`no tool takes a file: ${map.tools.map((t) => t.tool.name).join(', ')}`);
  const param = tool.params.find((p) => p.type === 'file')!;
  return { tool: tool.name, param: param.name, description: param.description, toolDescription: tool.description };
}

import type { Browser, Page } from 'puppeteer-core';
import { closeTestBrowser, launchTestBrowser, startFixtureServer, type FixtureServer } from '@pagemap/test-utils';
import { extractPageMap, preparePage, type PageMap } from '../src';

export interface Env {
  browser: Browser;
  server: FixtureServer;
}

/** One browser and one fixture server per test file; both closed in afterAll. */
export function useEnv(): () => Env {
  let env: Env | undefined;
  beforeAll(async () => {
    const [browser, server] = await Promise.all([launchTestBrowser(), startFixtureServer()]);
    env = { browser, server };
  });
  afterAll(async () => {
    await closeTestBrowser(env?.browser);
    await env?.server.close();
  });
  return () => env!;
}

/** Serves `html` as a page at `path` on the env's fixture site (pages a test writes itself). */
export function servePage(env: Env, path: string, html: string): void {
  env.server.route('GET', path, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(html);
  });
}

/**
 * A form target at `path` (POST): keeps each submitted body, in order, and answers a page titled
 * `title`. Returns the list of bodies, which the test reads (and may empty).
 */
export function acceptPosts(env: Env, path: string, title = 'Received'): string[] {
  const bodies: string[] = [];
  env.server.route('POST', path, (_req, res, _url, body) => {
    bodies.push(body);
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>${title}</title><p>${title}</p>`);
  });
  return bodies;
}

/** A fresh isolated context + prepared page at a fixture path. */
export async function openPage(
  env: Env,
  path: string,
): Promise<{ page: Page; status: number; close: () => Promise<void> }> {
  const ctx = await env.browser.createBrowserContext();
  const page = await ctx.newPage();
  await preparePage(page);
  const res = await page.goto(env.server.url(path), { waitUntil: 'load' });
  return { page, status: res?.status() ?? 0, close: () => ctx.close() };
}

export async function mapOf(env: Env, path: string, includeContent = false): Promise<PageMap> {
  const p = await openPage(env, path);
  try {
    return await extractPageMap(p.page, { includeContent, status: p.status });
  } finally {
    await p.close();
  }
}

export const names = (m: PageMap): string[] => m.tools.map((t) => t.tool.name);
export const tool = (m: PageMap, name: string) => m.tools.find((t) => t.tool.name === name)?.tool;

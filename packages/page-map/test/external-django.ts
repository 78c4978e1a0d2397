/**
 * A real Django site (Debian's python3-django and python3-django-allauth, run by the Debian
 * Python) serving Django's own admin sign-in and password pages and django-allauth's account
 * pages in eleven languages, from their templates and locale files: `external/django-site.py`.
 * One staff account per site; the site and its data folder are this test file's own and are
 * removed in afterAll.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser, Page } from 'puppeteer-core';
import { closeTestBrowser, launchTestBrowser } from '@pagemap/test-utils';
import { extractPageMap, preparePage, type PageMap } from '../src';

/** Django's language codes, as its URLs carry them (/<code>/admin/login/). */
export const DJANGO_LANGUAGES = ['en', 'es', 'de', 'ja', 'fr', 'pt-br', 'ru', 'it', 'nl', 'pl', 'zh-hans'] as const;

/** The Debian interpreter that has Django (scripts/setup.sh installs python3-django). */
const PYTHON = '/usr/bin/python3';

export interface DjangoSite {
  url: (path: string) => string;
  username: string;
  password: string;
}

/** Starts the site in beforeAll (waiting for the port it prints) and stops it in afterAll. */
export function useDjangoSite(): () => DjangoSite {
  let child: ChildProcess | undefined;
  let dir: string | undefined;
  let site: DjangoSite | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pagemap-django-'));
    const username = 'staff_ann';
    const password = `pw-${Math.random().toString(36).slice(2)}`;
    child = spawn(PYTHON, [join(__dirname, 'external', 'django-site.py'), dir, username, password], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child!.once('exit', (code) => reject(new Error(`the Django site exited (${code}) before listening`)));
      createInterface({ input: child!.stdout! }).once('line', (line) => resolve(Number(line)));
    });
    site = { url: (path) => `http://127.0.0.1:${port}${path}`, username, password };
  }, 60_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => site!;
}

export interface DjangoPage {
  page: Page;
  map: PageMap;
  close: () => Promise<void>;
}

/** Opens a page of the site in a fresh context (its own cookies) and maps it. */
export async function openDjangoPage(browser: Browser, site: DjangoSite, path: string): Promise<DjangoPage> {
  const ctx = await browser.createBrowserContext();
  const page = await ctx.newPage();
  await preparePage(page);
  await page.goto(site.url(path), { waitUntil: 'load' });
  const map = await extractPageMap(page, { includeContent: false });
  return { page, map, close: () => ctx.close() };
}

/** The page's tools that sign in. */
export const loginTools = (map: PageMap) =>
  map.tools.filter((t) => t.binding.kind === 'form' && t.binding.purpose === 'login');

/**
 * The site and a browser for one test file (both started in beforeAll, stopped in afterAll), and
 * `open(path)`: a page of the site in a fresh context, mapped.
 */
export function useDjangoPages(): { site: () => DjangoSite; open: (path: string) => Promise<DjangoPage> } {
  const site = useDjangoSite();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchTestBrowser();
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
  });
  return { site, open: (path) => openDjangoPage(browser, site(), path) };
}

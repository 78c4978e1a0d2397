/**
 * Loads ONE page-script module (and what it imports) into a real page, the way the build bundles
 * the whole script, so a module can be tested on its own: its exports land on
 * `window.__pagemapModule`.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'puppeteer-core';

const MODULES = join(__dirname, '..', '..', 'src', 'page-script');

export async function loadModule(page: Page, name: string): Promise<void> {
  const out = await build({
    entryPoints: [join(MODULES, `${name}.ts`)],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__pagemapModule',
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'silent',
  });
  await page.evaluate(out.outputFiles[0]!.text);
}

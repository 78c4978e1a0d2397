/**
 * Builds The National Archives' design system source: every example (fixture) the
 * @nationalarchives/frontend package ships for the form and disclosure components below, rendered
 * with the package's own Nunjucks macros, one page per example, inside a GET form with a
 * "Continue" button, with the package's compiled CSS and JavaScript, initialised with `initAll()`.
 * Output: sources/tna-frontend/web (generated, not committed); the fixtures and macros are the
 * package's, unchanged. The package follows GOV.UK Frontend's layout (`fixtures.json` with
 * `options`), so the same helper renders it.
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import nunjucks from 'nunjucks';
import { govukNaming, readFixtures, renderExamples, tnaDesignSystem } from '@pagemap/test-utils';
import { SOURCES_DIR } from './sources';

export const TNA_COMPONENTS = [
  'accordion',
  'checkboxes',
  'date-input',
  'date-search',
  'details',
  'radios',
  'search-field',
  'select',
  'tabs',
  'text-input',
  'textarea',
] as const;

// The package exports only its main script, nationalarchives/all.js: its root is two levels up.
const PKG = dirname(dirname(require.resolve('@nationalarchives/frontend')));
export const TNA_WEB = join(SOURCES_DIR, 'tna-frontend', 'web');

const TNA = tnaDesignSystem(PKG);

export function buildTna(out = TNA_WEB): number {
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(PKG), { autoescape: true });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const pages = TNA_COMPONENTS.flatMap((c) => renderExamples(TNA, env, out, c, readFixtures(TNA, c), govukNaming));
  for (const file of ['all.css', 'all.js']) cpSync(join(PKG, 'nationalarchives', file), join(out, file));
  cpSync(join(PKG, 'nationalarchives', 'assets'), join(out, 'assets'), { recursive: true });
  return pages.length;
}

if (require.main === module) console.log(`tna-frontend: ${buildTna()} example pages in ${TNA_WEB}`);

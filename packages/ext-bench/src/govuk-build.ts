/**
 * Builds the GOV.UK Design System source: every example (fixture) the govuk-frontend package ships
 * for the components below, rendered with the package's own Nunjucks macros, one page per example,
 * inside a GET form with a "Continue" button (as a service page holds its components), with the
 * package's compiled CSS and JavaScript. Output: sources/govuk-frontend/web (generated, not
 * committed); the fixtures and macros are the package's, unchanged.
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import nunjucks from 'nunjucks';
import { exampleSlug, govukDesignSystem, govukNaming, readFixtures, renderExamples } from '@pagemap/test-utils';
import { SOURCES_DIR } from './sources';

export const GOVUK_COMPONENTS = [
  'accordion',
  'character-count',
  'checkboxes',
  'date-input',
  'details',
  'error-summary',
  'file-upload',
  'input',
  'password-input',
  'radios',
  'select',
  'tabs',
  'textarea',
] as const;

const PKG_DIST = join(dirname(require.resolve('govuk-frontend/package.json')), 'dist');
export const GOVUK_WEB = join(SOURCES_DIR, 'govuk-frontend', 'web');

/** `with count type 'words' and value` → `with-count-type-words-and-value`. */
export const slug = exampleSlug;

export const GOVUK = govukDesignSystem(PKG_DIST);

export function buildGovuk(out = GOVUK_WEB): number {
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(PKG_DIST), { autoescape: true });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const pages = GOVUK_COMPONENTS.flatMap((c) =>
    renderExamples(GOVUK, env, out, c, readFixtures(GOVUK, c), govukNaming),
  );
  for (const file of ['govuk-frontend.min.css', 'govuk-frontend.min.js'])
    cpSync(join(PKG_DIST, 'govuk', file), join(out, file));
  cpSync(join(PKG_DIST, 'govuk', 'assets'), join(out, 'assets'), { recursive: true });
  return pages.length;
}

if (require.main === module) console.log(`govuk-frontend: ${buildGovuk()} example pages in ${GOVUK_WEB}`);

/**
 * Builds the NHS.UK design system source: every example (fixture) the nhsuk-frontend package ships
 * for the form components below, rendered with the package's own Nunjucks macros, one page per
 * example, inside a GET form with a "Continue" button, with the package's compiled CSS and
 * JavaScript, initialised with `initAll()`. Output: sources/nhsuk-frontend/web (generated, not
 * committed); the fixtures and macros are the package's, unchanged. nhsuk-frontend's fixtures
 * carry the macro's params in `context` and a `description` that tells apart examples of the same
 * name.
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import nunjucks from 'nunjucks';
import { type DesignSystem, readFixtures, renderExamples } from '@pagemap/test-utils';
import { slug } from './govuk-build';
import { SOURCES_DIR } from './sources';

export const NHSUK_COMPONENTS = [
  'character-count',
  'checkboxes',
  'date-input',
  'details',
  'error-summary',
  'input',
  'password-input',
  'radios',
  'select',
  'tabs',
  'textarea',
] as const;

const PKG_DIST = join(dirname(require.resolve('nhsuk-frontend/package.json')), 'dist');
export const NHSUK_WEB = join(SOURCES_DIR, 'nhsuk-frontend', 'web');

const NHSUK: DesignSystem = {
  name: 'NHS.UK design system',
  dist: PKG_DIST,
  folder: 'nhsuk',
  paramsKey: 'context',
  /** `character-count` → `characterCount`, the macro's name in its macro.njk. */
  macroName: (component) => component.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
  mainId: 'maincontent',
  css: ['nhsuk-frontend.min.css'],
  js: 'nhsuk-frontend.min.js',
};

/** The page name of an example: its name, and its description when it has one (`default` / `default, small`). */
export const exampleSlug = (f: { name: string; description?: string }) =>
  slug(f.description ? `${f.name} ${f.description}` : f.name);

export function buildNhsuk(out = NHSUK_WEB): number {
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(PKG_DIST), { autoescape: true });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const naming = {
    slugOf: exampleSlug,
    titleOf: (f: { name: string; description?: string }) => `${f.name}${f.description ? `, ${f.description}` : ''}`,
  };
  const pages = NHSUK_COMPONENTS.flatMap((c) => renderExamples(NHSUK, env, out, c, readFixtures(NHSUK, c), naming));
  for (const file of ['nhsuk-frontend.min.css', 'nhsuk-frontend.min.js'])
    cpSync(join(PKG_DIST, 'nhsuk', file), join(out, file));
  cpSync(join(PKG_DIST, 'nhsuk', 'assets'), join(out, 'assets'), { recursive: true });
  return pages.length;
}

if (require.main === module) console.log(`nhsuk-frontend: ${buildNhsuk()} example pages in ${NHSUK_WEB}`);

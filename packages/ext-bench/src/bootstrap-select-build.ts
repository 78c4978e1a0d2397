/**
 * Builds the bootstrap-select source: the two usability test pages its npm package ships
 * (`tests/bootstrap4.html`, `tests/bootstrap3.html`: some twenty selects it replaces with its own
 * drop-downs — live search, multiple choice, option groups, a most-chosen limit, 4 000 options).
 * Their jQuery, Bootstrap and Font Awesome come from CDNs: pointed at the same versions from npm
 * (src/cdn-mirror.ts); nothing else in a page changes. Output: sources/bootstrap-select/web (not
 * committed); the package's own `dist/`, which the pages load as `../dist/`, is served at /dist/.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mirrorPage } from './cdn-mirror';
import { SOURCES_DIR } from './sources';

export const BOOTSTRAP_SELECT_WEB = join(SOURCES_DIR, 'bootstrap-select', 'web');
const PAGES = ['tests/bootstrap4.html', 'tests/bootstrap3.html'];

export const bootstrapSelectPackage = () => dirname(require.resolve('bootstrap-select/package.json'));

export function buildBootstrapSelect(out = BOOTSTRAP_SELECT_WEB): number {
  rmSync(out, { recursive: true, force: true });
  for (const p of PAGES) {
    mkdirSync(dirname(join(out, p)), { recursive: true });
    writeFileSync(join(out, p), mirrorPage(readFileSync(join(bootstrapSelectPackage(), p), 'utf8')));
  }
  return PAGES.length;
}

if (require.main === module)
  console.log(`bootstrap-select: ${buildBootstrapSelect()} pages in ${BOOTSTRAP_SELECT_WEB}`);

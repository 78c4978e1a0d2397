/**
 * Builds the jsTree source: the demo page its npm package (`jstree`) ships, `demo/basic/index.html`
 * (seven trees: from markup, from inline data, from a JSON file over AJAX, lazily loaded, from a
 * callback, and one whose selection raises an alert, with a button that selects by id). Its jQuery
 * comes from Google's CDN: pointed at the same version from npm (src/cdn-mirror.ts). Nothing else
 * changes. Output: sources/jstree/web/demo/basic (not committed), beside which the package's
 * `dist/` and the demo's `root.json` are served from the package.
 */
import { dirname, join } from 'node:path';
import { writeMirroredPage } from './cdn-mirror';
import { SOURCES_DIR } from './source-list';

export const JSTREE_WEB = join(SOURCES_DIR, 'jstree', 'web');
const PAGE = 'demo/basic/index.html';

export const jstreePackage = () => dirname(require.resolve('jstree/package.json'));

export const buildJstree = (out = JSTREE_WEB): number => writeMirroredPage(jstreePackage(), PAGE, out);

if (require.main === module) console.log(`jstree: ${buildJstree()} page in ${JSTREE_WEB}`);

/**
 * Builds the Bootstrap Tags Input source: the examples page its npm package (`bootstrap-tagsinput`)
 * ships (`examples/index.html`: a text box and a multiple select turned into boxes of tags, tags
 * with typeahead.js suggestions, tags bound to objects and coloured by category, and the plugin's
 * reference). jQuery, Bootstrap and typeahead.js come from cdnjs: pointed at the same versions from
 * npm (src/cdn-mirror.ts). Dropped, as nothing here can serve them: the Rainbow code highlighter
 * (1.2.0 is not on npm; the code samples stay unhighlighted), AngularJS 1.2.20 (on npm only as a
 * CommonJS wrapper built on jsdom; the page's AngularJS example cannot work anyway, as the directive
 * script it names is not in the package) and the GitHub star buttons. Nothing else changes.
 * Output: sources/bootstrap-tagsinput/web/examples (not committed), beside which the package's
 * `dist/` and `examples/assets/` are served from the package.
 */
import { dirname, join } from 'node:path';
import { writeMirroredPage } from './cdn-mirror';
import { SOURCES_DIR } from './sources';

export const BOOTSTRAP_TAGSINPUT_WEB = join(SOURCES_DIR, 'bootstrap-tagsinput', 'web');
const PAGE = 'examples/index.html';
const DROP = [/\/ajax\/libs\/rainbow\//, /\/ajax\/libs\/angular\.js\//, /^\/\/ghbtns\.com\//];

export const buildBootstrapTagsinput = (out = BOOTSTRAP_TAGSINPUT_WEB): number =>
  writeMirroredPage(dirname(require.resolve('bootstrap-tagsinput/package.json')), PAGE, out, DROP);

if (require.main === module)
  console.log(`bootstrap-tagsinput: ${buildBootstrapTagsinput()} page in ${BOOTSTRAP_TAGSINPUT_WEB}`);

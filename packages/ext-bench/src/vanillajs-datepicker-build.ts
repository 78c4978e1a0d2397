/**
 * Builds the Vanilla JS Datepicker source: the live demo its npm package (`vanillajs-datepicker`)
 * ships in plain CSS (`demo/plain-css.html`: one date box that becomes an inline calendar or a
 * range of two boxes, and a form of some forty options applied as they change). Its tooltip styles
 * and highlight.js come from CDNs: pointed at the same versions from npm (src/cdn-mirror.ts).
 * Nothing else changes. Output: sources/vanillajs-datepicker/web/demo (not committed), beside which
 * the package's `demo/live-demo.js` and `dist/` are served from the package.
 */
import { dirname, join } from 'node:path';
import { writeMirroredPage } from './cdn-mirror';
import { SOURCES_DIR } from './sources';

export const VANILLAJS_DATEPICKER_WEB = join(SOURCES_DIR, 'vanillajs-datepicker', 'web');
const PAGE = 'demo/plain-css.html';

/** The package's folder (its `exports` name no package.json: found from its main module, `js/main.js`). */
export const vanillajsDatepickerPackage = () => dirname(dirname(require.resolve('vanillajs-datepicker')));

export const buildVanillajsDatepicker = (out = VANILLAJS_DATEPICKER_WEB): number =>
  writeMirroredPage(vanillajsDatepickerPackage(), PAGE, out);

if (require.main === module)
  console.log(`vanillajs-datepicker: ${buildVanillajsDatepicker()} page in ${VANILLAJS_DATEPICKER_WEB}`);

/**
 * Builds the Date Range Picker source: the two pages its npm package (`daterangepicker`) ships,
 * its documentation site's page (`index.html`: five worked examples — a range, a range with
 * times, a single date, predefined ranges, an input left empty — and a configuration generator)
 * and its demo (`demo.html`: the configuration builder). Their libraries come from CDNs: pointed
 * at the same versions from npm (src/cdn-mirror.ts). Removed, as remote decoration: the examples'
 * code shown from GitHub gists, GitHub's star buttons, an ad, a visit counter, Font Awesome 5.0.10
 * (icons only; that version is on no npm package) and two scripts for old Internet Explorers.
 * Nothing else changes. Output: sources/daterangepicker/web (not committed), beside which the
 * package's own files (daterangepicker.js, .css, website.js) are served from the package.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mirrorPage } from './cdn-mirror';
import { SOURCES_DIR } from './sources';

export const DATERANGEPICKER_WEB = join(SOURCES_DIR, 'daterangepicker', 'web');
const PAGES = ['index.html', 'demo.html'];
const DECORATION = [
  /^https:\/\/gist\.github\.com\//,
  /^https:\/\/ghbtns\.com\//,
  /^\/\/pagead2\.googlesyndication\.com\//,
  /^https:\/\/www\.w3counter\.com\//,
  /^https:\/\/use\.fontawesome\.com\//,
  /^https:\/\/oss\.maxcdn\.com\/libs\/(html5shiv|respond\.js)\//,
];

export const daterangepickerPackage = () => dirname(require.resolve('daterangepicker/package.json'));

export function buildDaterangepicker(out = DATERANGEPICKER_WEB): number {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const p of PAGES)
    writeFileSync(join(out, p), mirrorPage(readFileSync(join(daterangepickerPackage(), p), 'utf8'), DECORATION));
  return PAGES.length;
}

if (require.main === module) console.log(`daterangepicker: ${buildDaterangepicker()} pages in ${DATERANGEPICKER_WEB}`);

/**
 * Pages that load their libraries from public CDNs, which this machine cannot reach: each CDN
 * address is pointed at the same version of the same library from npm (a dev dependency of this
 * package, aliased by version where two versions are needed), served at `/vendor/<package>/`.
 * The tag keeps everything but its address and the CDN file's integrity hash (the npm copy of a
 * file may differ from the CDN's by a byte: a source map comment). Remote embeds a source lists as
 * decoration (a code gist, a GitHub star button, an ad, a visit counter) are removed: nothing on
 * the page depends on them. Anything else still loaded from the network fails the build.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A CDN folder of one library version → the npm package with the same files, and the folder there. */
const MIRRORS: ReadonlyArray<readonly [cdn: string, pkg: string, folder: string]> = [
  ['https://ajax.googleapis.com/ajax/libs/jquery/3.2.1/', 'jquery-3.2.1', 'dist/'],
  ['https://ajax.googleapis.com/ajax/libs/jquery/1.11.3/', 'jquery-1.11.3', 'dist/'],
  ['https://code.jquery.com/jquery-3.3.1.slim.min.js', 'jquery-3.3.1', 'dist/jquery.slim.min.js'],
  ['https://cdnjs.cloudflare.com/ajax/libs/jquery/3.3.1/', 'jquery-3.3.1', 'dist/'],
  ['https://ajax.googleapis.com/ajax/libs/jquery/3.3.1/', 'jquery-3.3.1', 'dist/'],
  ['https://stackpath.bootstrapcdn.com/bootstrap/4.4.1/', 'bootstrap-4.4.1', 'dist/'],
  ['https://stackpath.bootstrapcdn.com/bootstrap/4.1.0/', 'bootstrap-4.1.0', 'dist/'],
  ['https://maxcdn.bootstrapcdn.com/bootstrap/3.3.7/', 'bootstrap-3.3.7', 'dist/'],
  ['https://stackpath.bootstrapcdn.com/font-awesome/4.7.0/', 'font-awesome', ''],
  ['https://cdnjs.cloudflare.com/ajax/libs/popper.js/1.14.0/', 'popper.js', 'dist/'],
  ['https://cdnjs.cloudflare.com/ajax/libs/moment.js/2.22.1/', 'moment', 'min/'],
  ['https://cdnjs.cloudflare.com/ajax/libs/trianglify/0.2.1/', 'trianglify', 'dist/'],
  ['https://cdn.jsdelivr.net/npm/bulma-tooltip@3.0.2/', 'bulma-tooltip', ''],
  ['https://cdn.jsdelivr.net/gh/highlightjs/cdn-release@11.7.0/build/', '@highlightjs/cdn-assets', ''],
  ['https://cdnjs.cloudflare.com/ajax/libs/jquery/2.1.4/', 'jquery-2.1.4', 'dist/'],
  ['https://cdnjs.cloudflare.com/ajax/libs/twitter-bootstrap/3.3.5/', 'bootstrap-3.3.5', 'dist/'],
  ['https://cdnjs.cloudflare.com/ajax/libs/typeahead.js/0.11.1/', 'typeahead.js', 'dist/'],
];

const pkgDir = (pkg: string) => dirname(require.resolve(`${pkg}/package.json`));

/**
 * `/vendor/<package>/` → where each of `packages` is installed: the allowlist of a source whose
 * pages were pointed at them (each source names its own, so no source serves another's).
 */
export function mirrorPaths(packages: readonly string[]): Record<string, string> {
  for (const pkg of packages) if (!MIRRORS.some(([, p]) => p === pkg)) throw new Error(`${pkg} mirrors no CDN folder`);
  return Object.fromEntries(packages.map((pkg) => [`/vendor/${pkg}/`, pkgDir(pkg)]));
}

const TAG = /<(script|link|iframe)\b[^>]*>(?:\s*<\/(?:script|iframe)>)?/gi;
const ADDRESS = /\b(?:src|href)="([^"]*)"/i;

/** The page with its CDN addresses mirrored and the remote embeds `drop` matches removed. */
export function mirrorPage(html: string, drop: readonly RegExp[] = []): string {
  const out = html.replace(TAG, (tag) => {
    const url = tag.match(ADDRESS)?.[1] ?? '';
    if (!/^(https?:)?\/\//.test(url)) return tag;
    if (drop.some((d) => d.test(url))) return '';
    const hit = MIRRORS.find(([cdn]) => url.startsWith(cdn));
    if (!hit) throw new Error(`no npm copy of ${url}`);
    const [cdn, pkg, folder] = hit;
    const local = `/vendor/${pkg}/${folder}${url.slice(cdn.length)}`;
    return tag.replace(url, local).replace(/\s(integrity|crossorigin)="[^"]*"/gi, '');
  });
  return out;
}

/**
 * A source made of one page a package ships, with its CDN addresses mirrored: `page` (a path under
 * the package's folder `pkg`) written to the same path under `out`, emptied first. Returns 1.
 */
export function writeMirroredPage(pkg: string, page: string, out: string, drop: readonly RegExp[] = []): number {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, dirname(page)), { recursive: true });
  writeFileSync(join(out, page), mirrorPage(readFileSync(join(pkg, page), 'utf8'), drop));
  return 1;
}

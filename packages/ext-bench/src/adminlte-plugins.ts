/**
 * AdminLTE's pages load their libraries from `/plugins/<name>/`, a folder its own build script
 * (`build/npm/Plugins.js` in the package, run by `npm run plugins`) fills by copying each
 * dependency's files from `node_modules`. The package on npm ships without that folder, so the
 * bench serves the same mapping from the dependencies as installed, read from that same script:
 * the pages stay unchanged and nothing is copied.
 */
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface PluginCopy {
  from: string;
  to: string;
}

/** URL path (a prefix ending in `/`, or one file) → where the installed dependency has it, longest first. */
export function adminLtePluginPaths(): Record<string, string> {
  memo ??= pluginPaths();
  return memo;
}

let memo: Record<string, string> | undefined;

function pluginPaths(): Record<string, string> {
  const pkgDir = dirname(require.resolve('admin-lte/package.json'));
  const copies = require(join(pkgDir, 'build', 'npm', 'Plugins.js')) as PluginCopy[];
  // The template's dependencies sit beside it (pnpm's layout), or higher up in a flat install.
  const modulesDir = dirname(realpathSync(pkgDir));
  const entries = copies.map(({ from, to }): [string, string] => {
    const target = join(modulesDir, from.replace(/^node_modules\//, ''));
    const isFile = /\.[a-z]+$/i.test(to);
    return [`/${to.replace(/\/$/, '')}${isFile ? '' : '/'}`, target];
  });
  // A prefix inside another (`/plugins/flot/plugins/` in `/plugins/flot/`) must be tried first.
  entries.sort((a, b) => b[0].length - a[0].length);
  return Object.fromEntries(entries);
}

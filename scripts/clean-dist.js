#!/usr/bin/env node
// Empties a package's build output before its build (`node ../../scripts/clean-dist.js` in each
// package's "build" script), so dist/ holds only what the current sources compile to: a module
// whose source was deleted must not stay importable from an old build. Folders to empty are the
// arguments, relative to the package; `dist` when none is given.
const { rmSync } = require('node:fs');
const { resolve } = require('node:path');

const folders = process.argv.slice(2);
for (const folder of folders.length > 0 ? folders : ['dist']) {
  const target = resolve(process.cwd(), folder);
  if (!target.startsWith(`${process.cwd()}/`)) throw new Error(`refusing to remove ${target}: outside the package`);
  rmSync(target, { recursive: true, force: true });
}

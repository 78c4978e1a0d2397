// Finishes dist/esm: marks it as ES modules (the package itself is CommonJS, dist/cjs, and Node
// decides a .js file's module system by the nearest package.json), and gives it the bundled
// declarations of dist/cjs (every entry's) (no default export, so one file fits both module systems).
const { copyFileSync, readdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const dist = join(__dirname, '..', 'dist');
writeFileSync(join(dist, 'esm', 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
for (const f of readdirSync(join(dist, 'cjs'))) {
  if (f.endsWith('.d.ts')) copyFileSync(join(dist, 'cjs', f), join(dist, 'esm', f));
}

// Finishes dist/esm: marks it as ES modules (the package itself is CommonJS, dist/cjs, and Node
// decides a .js file's module system by the nearest package.json), and gives it the bundled
// declarations of dist/cjs (no default export, so one file fits both module systems).
const { copyFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const dist = join(__dirname, '..', 'dist');
writeFileSync(join(dist, 'esm', 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
copyFileSync(join(dist, 'cjs', 'index.d.ts'), join(dist, 'esm', 'index.d.ts'));

// Marks dist/esm as ES modules: the package itself is CommonJS (dist/cjs), and Node decides a
// .js file's module system by the nearest package.json.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
writeFileSync(join(__dirname, '..', 'dist', 'esm', 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);

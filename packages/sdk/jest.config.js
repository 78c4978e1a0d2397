const preset = require('../../jest.preset.js');

// The AI SDK (`ai`, `@ai-sdk/*`, its `@workflow/*` helpers) ships ES modules only: jest (CommonJS) gets them through the
// same swc transform as the sources. Every other dependency is loaded as it is.
const ESM_ONLY = ['ai', '@ai-sdk', '@workflow', 'eventsource-parser'];
const esm = `(${ESM_ONLY.join('|')})`;

// Sources import siblings as './x.js' (so the ESM build runs in Node); jest resolves them to the .ts files.
module.exports = {
  ...preset,
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // The AI SDK imports zod's locale by its ES module file; the CommonJS twin sits beside it.
    '^zod/v4/locales/(.*)\\.js$': 'zod/v4/locales/$1.cjs',
  },
  transform: {
    ...preset.transform,
    '^.+\\.js$': [
      '@swc/jest',
      { jsc: { target: 'es2023', parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/${esm}[^/]*/node_modules/)?${esm}/)`],
};

const preset = require('../../jest.preset.js');

// Sources import siblings as './x.js' (so the ESM build runs in Node); jest resolves them to the .ts files.
module.exports = { ...preset, moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' } };

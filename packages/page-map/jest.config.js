const preset = require('../../jest.preset.js');

// Rebuild the page-script bundle first, so tests always exercise the modules as they are in src/.
module.exports = { ...preset, globalSetup: '<rootDir>/test/build-page-script.setup.js' };

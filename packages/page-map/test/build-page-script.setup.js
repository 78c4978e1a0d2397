// jest globalSetup: regenerate src/page-script-host/generated/page-script.generated.ts from the modules.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

module.exports = () => {
  execFileSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'build-page-script.mjs')], {
    stdio: 'inherit',
  });
};

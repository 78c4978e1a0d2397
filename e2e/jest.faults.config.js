// The fault-matrix suite (issue 26): real redis-server (standalone and cluster), real gateways,
// workers and the launcher, a steady client load through each fault. Its own CI step
// (`pnpm --filter @pagemap/e2e test:faults`), not part of `test`: it takes about five minutes.
const path = require('node:path');
const preset = require('../jest.preset.js');

const reportsDir = process.env.PAGEMAP_TEST_RESULTS_DIR;

module.exports = {
  ...preset,
  testMatch: ['<rootDir>/faults/**/*.test.ts'],
  // The embedded and the cluster files share nothing (each its own Redis, ports, processes and
  // tenants): run side by side, the suite takes the longer file's time, not the sum.
  maxWorkers: 2,
  ...(reportsDir
    ? {
        reporters: [
          'default',
          [
            path.join(__dirname, '..', 'scripts', 'jest-json-reporter.js'),
            { file: path.join(reportsDir, 'e2e-faults.json') },
          ],
        ],
      }
    : {}),
};

// The cluster suite (issue 17): the contract's end-to-end suites again, on a real Redis Cluster
// (PAGEMAP_TEST_REDIS_MODE=cluster makes startStack start one per file), plus the failover test.
// Run by this package's `test` script after the single-Redis run; reports as "e2e-cluster".
// (apps/gateway/test/cluster-slots.test.ts, the slot rule on a cluster, runs in the gateway's own suite.)
const path = require('node:path');
const preset = require('../jest.preset.js');

const reportsDir = process.env.PAGEMAP_TEST_RESULTS_DIR;
const repo = path.resolve(__dirname, '..');

module.exports = {
  ...preset,
  rootDir: repo,
  // These files drive client loads against whole stacks. A load loop a failed step left running
  // once kept jest from exiting, and the test script waited forever: exit when the run is done
  // (jest still prints that it forced the exit, so a leak stays visible).
  forceExit: true,
  testMatch: [
    // open, follow-up, close, health, unauthenticated, cross-tenant isolation
    '<rootDir>/apps/gateway/test/browse.e2e.test.ts',
    // exact usage with two gateways under concurrent load, batches, revocation, session cap
    '<rootDir>/apps/gateway/test/usage.e2e.test.ts',
    // idle expiry and the memory reclaim after it (max age: on an injected clock, worker suite)
    '<rootDir>/apps/worker/test/expiry.test.ts',
    // worker kill -9 (and Chromium crash)
    '<rootDir>/apps/worker/test/failure.test.ts',
    // a master killed under load
    '<rootDir>/e2e/cluster/**/*.test.ts',
  ],
  ...(reportsDir
    ? {
        reporters: [
          'default',
          [path.join(repo, 'scripts', 'jest-json-reporter.js'), { file: path.join(reportsDir, 'e2e-cluster.json') }],
        ],
      }
    : {}),
};

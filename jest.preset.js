// Shared jest settings for every package: TypeScript through swc (no type-check at test time;
// `pnpm typecheck` does that), tests under test/ and src/**/*.test.ts. When the workspace test
// script runs, each package also writes a JSON report that scripts/test-summary.js adds up.
const path = require('node:path');

const reportsDir = process.env.PAGEMAP_TEST_RESULTS_DIR;
const pkgName = path.basename(process.cwd());

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { target: 'es2023', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.test.ts'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 60_000,
  ...(reportsDir
    ? {
        reporters: [
          'default',
          [
            path.join(__dirname, 'scripts', 'jest-json-reporter.js'),
            { file: path.join(reportsDir, `${pkgName}.json`) },
          ],
        ],
      }
    : {}),
};

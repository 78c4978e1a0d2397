// Adds up the jest JSON reports that every package wrote (see jest.preset.js) and prints one
// closing line for the whole workspace: "Tests: N passed, N failed, N skipped".
const fs = require('node:fs');
const path = require('node:path');

const dir = process.argv[2];
let passed = 0, failed = 0, skipped = 0, suitesFailed = 0, files = 0;
for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!f.endsWith('.json')) continue;
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  files += 1;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests || 0);
  suitesFailed += r.numFailedTestSuites + (r.numRuntimeErrorTestSuites || 0);
}
console.log(`\nWorkspace: ${files} package report(s), ${suitesFailed} failed suite(s)`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || suitesFailed > 0 || passed === 0 ? 1 : 0);

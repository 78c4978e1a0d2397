// Adds up the jest JSON reports that every package wrote (see jest.preset.js) and prints one
// closing line for the whole workspace: "Tests: N passed, N failed, N skipped". Failed tests are
// listed again right above that line, each with the start of its message: a CI log is often read
// from its tail only, and a failure scrolled away among 20 packages' output is a failure lost.
const fs = require('node:fs');
const path = require('node:path');

const MESSAGE_LINES = 15;
// Stack frames inside jest or Node, and a compiler's empty backtrace: they say nothing about the test.
const NOISE = /^\s*(at .*(node_modules|node:internal|<anonymous>)|\d+: <unknown>$)/;
const dir = process.argv[2];
let passed = 0,
  failed = 0,
  skipped = 0,
  suitesFailed = 0,
  files = 0;
const failures = [];

/** The first lines of a jest failure message, without colour codes or blank lines. */
function excerpt(message) {
  const plain = String(message).replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((l) => l.trim() !== '' && !NOISE.test(l))
    .slice(0, MESSAGE_LINES)
    .map((l) => `    ${l}`)
    .join('\n');
}

for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!f.endsWith('.json')) continue;
  const r = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  files += 1;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests || 0);
  suitesFailed += r.numFailedTestSuites; // suites that could not run are counted in it already
  for (const x of r.failures || [])
    failures.push(`${f.replace(/\.json$/, '')}: ${x.file} › ${x.test ?? '(the suite itself)'}\n${excerpt(x.message)}`);
}
if (failures.length > 0) console.log(`\nFailed:\n\n${failures.join('\n\n')}`);
console.log(`\nWorkspace: ${files} package report(s), ${suitesFailed} failed suite(s)`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || suitesFailed > 0 || passed === 0 ? 1 : 0);

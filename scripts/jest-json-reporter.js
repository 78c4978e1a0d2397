// A tiny jest reporter: writes the run's aggregate counts, and what failed, to a JSON file (for
// test-summary.js).
const fs = require('node:fs');
const path = require('node:path');

/** Each failed test (or a suite that failed before its tests ran): where, which, and the message. */
function failuresOf(results) {
  const out = [];
  for (const suite of results.testResults) {
    const file = path.relative(process.cwd(), suite.testFilePath);
    const failed = suite.testResults.filter((t) => t.status === 'failed');
    for (const t of failed) out.push({ file, test: t.fullName, message: t.failureMessages.join('\n') });
    const suiteError = suite.testExecError?.message ?? (failed.length === 0 ? suite.failureMessage : null);
    if (suiteError) out.push({ file, test: null, message: suiteError });
  }
  return out;
}

class JsonCountsReporter {
  constructor(_globalConfig, options) {
    this.file = options.file;
  }
  onRunComplete(_contexts, results) {
    const {
      numPassedTests,
      numFailedTests,
      numPendingTests,
      numTodoTests,
      numFailedTestSuites,
      numRuntimeErrorTestSuites,
    } = results;
    const failures = failuresOf(results);
    fs.writeFileSync(
      this.file,
      JSON.stringify({
        numPassedTests,
        numFailedTests,
        numPendingTests,
        numTodoTests,
        numFailedTestSuites,
        numRuntimeErrorTestSuites,
        failures,
      }),
    );
  }
}
module.exports = JsonCountsReporter;

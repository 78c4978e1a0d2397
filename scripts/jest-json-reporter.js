// A tiny jest reporter: writes the run's aggregate counts to a JSON file (for test-summary.js).
const fs = require('node:fs');

class JsonCountsReporter {
  constructor(_globalConfig, options) {
    this.file = options.file;
  }
  onRunComplete(_contexts, results) {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, numFailedTestSuites, numRuntimeErrorTestSuites } = results;
    fs.writeFileSync(this.file, JSON.stringify({ numPassedTests, numFailedTests, numPendingTests, numTodoTests, numFailedTestSuites, numRuntimeErrorTestSuites }));
  }
}
module.exports = JsonCountsReporter;

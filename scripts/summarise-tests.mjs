// Adds up the Jest and Playwright JSON reports of one test run and prints one closing line per suite and
// the plain total line 'N passed, N failed'. Exits non-zero when a report is missing or anything failed.
import fs from 'node:fs';
import path from 'node:path';

const reports = [];
for (const dir of fs.readdirSync('.', { withFileTypes: true })) {
  const folder = path.join(dir.name, '.test-results');
  if (!dir.isDirectory() || !fs.existsSync(folder)) continue;
  for (const file of fs.readdirSync(folder)) reports.push(path.join(folder, file));
}
if (fs.existsSync('.test-results'))
  for (const file of fs.readdirSync('.test-results')) reports.push(path.join('.test-results', file));

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of reports.sort()) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  let p = 0;
  let f = 0;
  let s = 0;
  if (typeof report.numPassedTests === 'number') {
    p = report.numPassedTests;
    f = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    s = report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    p = report.stats.expected + (report.stats.flaky ?? 0);
    f = report.stats.unexpected;
    s = report.stats.skipped;
  }
  console.log(`${file}: ${p} passed, ${f} failed, ${s} skipped`);
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

// Adds up the Jest and Playwright JSON reports of one test run and prints one closing line per suite and
// the plain total line 'N passed, N failed'. Exits non-zero when a report is missing or anything failed.
// Playwright's errors outside any test (a worker that failed between tests or in its teardown) count as
// failures and are printed here with the tests that did not run, so the end of a CI log names them.
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

/** Every test of a Playwright JSON report, with its project and file. */
function* playwrightTests(suite, file = suite.file) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      yield { title: `${test.projectName} › ${file}:${spec.line} › ${spec.title}`, test };
  for (const child of suite.suites ?? []) yield* playwrightTests(child, child.file ?? file);
}

// eslint-disable-next-line no-control-regex -- the reporters colour their messages with ANSI escapes
const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');

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
    for (const error of report.errors ?? []) {
      f += 1;
      console.log(
        `${file}: an error outside any test:\n${plain(error.stack ?? error.message)
          .split('\n')
          .slice(0, 30)
          .join('\n')}`,
      );
    }
    for (const suite of report.suites ?? [])
      for (const { title, test } of playwrightTests(suite))
        if (test.status === 'skipped' && (test.results.length === 0 || test.expectedStatus !== 'skipped'))
          console.log(`${file}: did not run: ${title}`);
  }
  console.log(`${file}: ${p} passed, ${f} failed, ${s} skipped`);
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

// Adds up the Jest and Playwright JSON reports of one test run and prints what a reader of a CI log needs at
// its end: every failed test by name, every flaky one (failed, then passed on a retry), every one that did
// not run, the ten slowest test files with their times, one closing line per report and the plain total line
// 'N passed, N failed'. Exits non-zero when a report is missing, unreadable, or anything failed.
// Playwright's errors outside any test (a worker that failed between tests or in its teardown) count as
// failures and are printed with the tests that did not run.
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
      yield { title: `${test.projectName} › ${file}:${spec.line} › ${spec.title}`, file, test };
  for (const child of suite.suites ?? []) yield* playwrightTests(child, child.file ?? file);
}

// eslint-disable-next-line no-control-regex -- the reporters colour their messages with ANSI escapes
const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
const firstLines = (text, lines) => plain(text).split('\n').slice(0, lines).join('\n');

const failures = [];
const flaky = [];
const notRun = [];
/** Seconds per test file, with the report it came from. */
const fileTimes = [];
const totals = [];
let passed = 0;
let failed = 0;
let skipped = 0;

const bundled = (testFile) => testFile.split(path.sep).includes('test-bundles');

for (const file of reports.sort()) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    failures.push(`${file}: the report cannot be read (${error.message}): its run did not finish`);
    failed += 1;
    continue;
  }
  let p = 0;
  let f = 0;
  let s = 0;
  if (typeof report.numPassedTests === 'number') {
    p = report.numPassedTests;
    f = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    s = report.numPendingTests + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      const name = path.relative(process.cwd(), result.name);
      if (bundled(result.name)) {
        // A bundle of several test files (server/jest.bundles.cjs), each in a describe named after its path:
        // each file's time is the sum of its tests (its beforeAll is not counted).
        // The describe's path is relative to the package: the folder above the bundles' folder.
        const packageDir = path.relative(process.cwd(), path.dirname(path.dirname(result.name)));
        const perFile = new Map();
        for (const assertion of result.assertionResults ?? []) {
          const title = assertion.ancestorTitles?.[0];
          const source = title ? path.join(packageDir, title) : name;
          perFile.set(source, (perFile.get(source) ?? 0) + (assertion.duration ?? 0) / 1000);
        }
        for (const [source, seconds] of perFile)
          fileTimes.push({ name: source, report: file, seconds, note: `sum of its tests, in ${name}` });
      } else fileTimes.push({ name, report: file, seconds: (result.endTime - result.startTime) / 1000 });
      if (result.status === 'failed' && (result.assertionResults ?? []).every((a) => a.status !== 'failed'))
        failures.push(`${name} (the file could not run):\n${firstLines(result.message, 20)}`);
      for (const assertion of result.assertionResults ?? [])
        if (assertion.status === 'failed')
          failures.push(
            `${name} › ${assertion.fullName}\n${firstLines(assertion.failureMessages?.join('\n'), 12)}`,
          );
    }
  } else if (report.stats) {
    p = report.stats.expected + (report.stats.flaky ?? 0);
    f = report.stats.unexpected;
    s = report.stats.skipped;
    for (const error of report.errors ?? []) {
      f += 1;
      failures.push(`${file}: an error outside any test:\n${firstLines(error.stack ?? error.message, 30)}`);
    }
    const perFile = new Map();
    for (const suite of report.suites ?? [])
      for (const { title, file: spec, test } of playwrightTests(suite)) {
        const seconds = test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
        perFile.set(spec, (perFile.get(spec) ?? 0) + seconds);
        if (test.status === 'flaky')
          flaky.push(`${file}: ${title} (passed on retry ${test.results.length - 1})`);
        else if (test.status === 'unexpected') {
          const last = test.results.at(-1);
          failures.push(
            `${file}: ${title}\n${firstLines(last?.error?.message ?? last?.errors?.[0]?.message, 12)}`,
          );
        } else if (
          test.status === 'skipped' &&
          (test.results.length === 0 || test.expectedStatus !== 'skipped')
        )
          notRun.push(`${file}: ${title}`);
      }
    const testDir = report.config?.rootDir ?? process.cwd();
    for (const [spec, seconds] of perFile)
      fileTimes.push({
        name: path.relative(process.cwd(), path.join(testDir, spec)),
        report: file,
        seconds,
        note: 'sum of its tests',
      });
  }
  totals.push(`${file}: ${p} passed, ${f} failed, ${s} skipped`);
  passed += p;
  failed += f;
  skipped += s;
}

const section = (title, lines) => {
  if (lines.length === 0) return;
  console.log(`\n--- ${title} (${lines.length})`);
  for (const line of lines) console.log(line);
};
section('failed', failures);
section('flaky: failed, then passed on a retry', flaky);
section('did not run', notRun);
section(
  'slowest test files',
  fileTimes
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10)
    .map(
      (t) => `${t.seconds.toFixed(1).padStart(7)} s  ${t.name}  (${t.report}${t.note ? `, ${t.note}` : ''})`,
    ),
);
console.log('');
for (const line of totals) console.log(line);

console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped, ${flaky.length} flaky`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

// Every package's Jest tests in one run (scripts/test.sh): one pool of workers for the whole workspace instead
// of one Jest start per package. Each package keeps its own configuration; `pnpm --dir <package> test` still
// runs one package alone.
const fs = require('node:fs');
const path = require('node:path');

const packages = fs
  .readdirSync(__dirname, { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && fs.existsSync(path.join(__dirname, entry.name, 'jest.config.cjs')),
  )
  .map((entry) => `<rootDir>/${entry.name}`);

module.exports = {
  projects: packages,
  // The server's test bundles first, heaviest first (jest.sequencer.cjs).
  testSequencer: '<rootDir>/jest.sequencer.cjs',
  // A global option: Jest ignores the projects' own `testTimeout` in a multi-project run. The longest of them
  // (the server's): on a loaded two-core machine a slow test is not a failing one.
  testTimeout: 120_000,
  // A worker's heap grows by some 25 MB per test file (each file's module registry and the servers it
  // started are not all collected), to 3.5 GB by the end of a run, where every collection costs seconds.
  // A worker past this much after a file is replaced: the PGlite pass of every package then took half the
  // processor time (1,732 s → 834 s; docs/performance.md, "The test command").
  workerIdleMemoryLimit: '350MB',
};

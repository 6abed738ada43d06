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
  // A global option: Jest ignores the projects' own `testTimeout` in a multi-project run. The longest of them
  // (the server's): on a loaded two-core machine a slow test is not a failing one.
  testTimeout: 120_000,
};

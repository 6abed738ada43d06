// Which server test files reach a database: those whose imports (followed through the server's own files)
// arrive at src/db/client.ts. The PostgreSQL run (TEST_DATABASE_URL set) runs only these; a test of pure rules
// would run the same code twice and test nothing new on a second database.
const fs = require('node:fs');
const path = require('node:path');

const src = path.join(__dirname, 'src');
const databaseModule = path.join(src, 'db', 'client.ts');
const importPattern =
  /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|(?:import|require)\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolveLocal(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}

function reachesDatabase(file, seen = new Set()) {
  if (file === databaseModule) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    // `import type` brings no code, and no database.
    if (/^(?:import|export)\s+type\s/.test(match[0])) continue;
    const target = resolveLocal(file, match[1] ?? match[2]);
    if (target && reachesDatabase(target, seen)) return true;
  }
  return false;
}

function testFiles(dir = src) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The server's test files that never reach a database. */
function databaseFreeTestFiles() {
  return testFiles().filter((file) => !reachesDatabase(file));
}

/**
 * The database files the test command runs on PGlite as well as on PostgreSQL; every other database file runs
 * on PostgreSQL only there (a developer's `pnpm --dir server test` runs every file on PGlite). PGlite is the
 * same PostgreSQL compiled to WebAssembly, so the SQL every route sends behaves alike on both; what differs
 * is below the SQL, and these files are about that:
 * - the database layer and the platform's own pieces (src/db, src/platform): the drivers' row parsing, the
 *   migrations and their lock, the unit of work, the bus, leadership and the scheduler on one connection;
 * - the files named below, each for a reason of its own, among them the randomized tests of money, orders and
 *   jobs (the ledger, the order engine, plan payouts, NFT auctions), which run half their cases on each
 *   database (test/property-runs.ts). The other randomized files (hostile and bad input to every route, the
 *   address book's rules, the chain sender, the live socket's messages) are about validation and rules above
 *   the SQL: they run all their cases on PostgreSQL, where a case costs about a fifth of PGlite's processor
 *   time (hostile input: 18 s against 96 s for the same number of requests in the 9d5b14c run).
 * The end-to-end suites run the whole site on PGlite besides (e2e/playwright.config.ts).
 */
const onBothEnginesByName = [
  // Crash and restart of the embedded database's data directory (a PGlite folder) and of PostgreSQL.
  'src/trading/__tests__/crash.test.ts',
  'src/trading/__tests__/order-crash.test.ts',
  'src/cashier/__tests__/withdrawal-crash.test.ts',
  // A migration's own SQL on a bare database.
  'src/kyc/__tests__/legacy.test.ts',
  // Notifications between two instances on one database (one shared PGlite, or two pools).
  'src/live/__tests__/live.test.ts',
  // Races: on PGlite every transaction waits for the one connection.
  'src/ledger/__tests__/ledger.concurrency.test.ts',
  'src/staff/__tests__/four-eyes-race.test.ts',
  // Randomized sequences of money, orders and jobs (half their cases on each database).
  'src/ledger/__tests__/ledger.property.test.ts',
  'src/trading/__tests__/engine.property.test.ts',
  'src/plans/__tests__/payouts.property.test.ts',
  'src/nfts/__tests__/property.test.ts',
];

function relativeToServer(file) {
  return path.relative(__dirname, file).split(path.sep).join('/');
}

/** Whether the test command runs this database test file on PGlite too (see above). */
function runsOnBothEngines(file) {
  const relative = relativeToServer(file);
  if (relative.startsWith('src/db/') || relative.startsWith('src/platform/')) return true;
  return onBothEnginesByName.includes(relative);
}

module.exports = {
  databaseFreeTestFiles,
  onBothEnginesByName,
  reachesDatabase,
  relativeToServer,
  runsOnBothEngines,
  testFiles,
};

if (require.main === module) {
  const free = databaseFreeTestFiles();
  console.log(`${free.length} of ${testFiles().length} test files reach no database:`);
  for (const file of free) console.log(`  ${path.relative(__dirname, file)}`);
}

#!/usr/bin/env node
// Records how long each server test file takes on each database, for the test command's bundles
// (server/jest.bundles.cjs): they are filled to even weights and the heaviest run first, so the two workers
// finish together. Run the server's files alone (without SWX_TEST_BUNDLES), once per database:
//
//   cd server && export NODE_OPTIONS="--experimental-vm-modules --no-warnings=ExperimentalWarning" SWX_SPLIT_PROPERTY_RUNS=1
//   npx jest --maxWorkers=2 --json --outputFile=/tmp/pglite.json
//   TEST_DATABASE_URL=$(bash ../scripts/postgres.sh) npx jest --maxWorkers=2 --json --outputFile=/tmp/postgres.json
//   node ../scripts/test-weights.mjs /tmp/pglite.json /tmp/postgres.json
//
// Writes server/test-weights.json: seconds per file and database (its wall time in that run, hooks
// included), relative figures only. A file missing from it weighs the median; stale weights only make the
// bundles less even, never change what runs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server');
const [pgliteReport, postgresReport] = process.argv.slice(2);
if (!pgliteReport || !postgresReport) {
  console.error('usage: node scripts/test-weights.mjs <PGlite Jest --json report> <PostgreSQL report>');
  process.exit(2);
}

function weightsFrom(report) {
  const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
  const weights = {};
  for (const result of testResults) {
    const file = path.relative(serverDir, result.name).split(path.sep).join('/');
    if (file.startsWith('test-bundles/')) {
      console.error(`${report} is a bundled run: run the server's files alone (without SWX_TEST_BUNDLES)`);
      process.exit(1);
    }
    if (file.startsWith('src/')) weights[file] = Math.round((result.endTime - result.startTime) / 100) / 10;
  }
  return Object.fromEntries(Object.entries(weights).sort(([a], [b]) => a.localeCompare(b)));
}

const weights = { pglite: weightsFrom(pgliteReport), postgres: weightsFrom(postgresReport) };
fs.writeFileSync(path.join(serverDir, 'test-weights.json'), `${JSON.stringify(weights, null, 2)}\n`);
console.log(
  `server/test-weights.json: ${Object.keys(weights.pglite).length} files on PGlite, ${Object.keys(weights.postgres).length} on PostgreSQL`,
);

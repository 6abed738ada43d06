/**
 * How many cases a randomized property test runs on this pass. The test command (scripts/test.sh) runs the
 * randomized files of money, orders and jobs on both databases, PGlite and PostgreSQL (the others on
 * PostgreSQL alone: server/jest.database-files.cjs), and its bundles set SWX_SPLIT_PROPERTY_RUNS for a file
 * that runs on both (src/test/bundle.ts): each pass then runs half of `runs` (rounded up), drawn from its own
 * random seed, so the two passes together try as many cases as one full run and every case runs on a real
 * database. A file that runs once (on PostgreSQL alone, or one that reaches no database) runs all of them, as
 * does a file run alone (a developer, one file).
 */
export function propertyRuns(runs: number): number {
  return split() ? Math.ceil(runs / 2) : runs;
}

function split(): boolean {
  return process.env.SWX_SPLIT_PROPERTY_RUNS === '1';
}

function onPostgres(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL);
}

/**
 * A fixed seed for this pass: the seed itself on PGlite, the next one on PostgreSQL when the runs are split
 * (the two halves then draw different cases, as `propertyRuns` promises). Reproduce a failure with the seed
 * the report prints.
 */
export function propertySeed(seed: number): number {
  return split() && onPostgres() ? seed + 1 : seed;
}

/** This pass's share of cases drawn once for both: the first half on PGlite, the second on PostgreSQL. */
export function propertyCases<T>(cases: T[]): T[] {
  if (!split()) return cases;
  const half = Math.ceil(cases.length / 2);
  return onPostgres() ? cases.slice(half) : cases.slice(0, half);
}

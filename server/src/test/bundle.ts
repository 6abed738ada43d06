import path from 'node:path';

/**
 * Runs test files inside one Jest test file (a bundle written by jest.bundles.cjs for the test command):
 * each in a `describe` named after its path, so its `beforeAll`/`afterAll` and its tests stay its own and a
 * report names it. A file that cannot even load (a syntax or import error) fails there, in a test of its own,
 * and the others still run.
 */
export function runTestFiles(bundleDir: string, files: { file: string; splitPropertyRuns: boolean }[]): void {
  const serverDir = path.resolve(bundleDir, '..');
  for (const { file, splitPropertyRuns } of files) {
    // Whether this file's randomized tests run half their cases (src/test/property-runs.ts): set while its
    // tests are collected (a table of cases is drawn then) and again before they run (a run count is read
    // then), since the bundle's files are collected first and run one after the other.
    const splitRuns = () => {
      process.env.SWX_SPLIT_PROPERTY_RUNS = splitPropertyRuns ? '1' : '0';
    };
    describe(file, () => {
      beforeAll(splitRuns);
      splitRuns();
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a test file is loaded for its effects: it registers its tests.
        require(path.join(serverDir, file));
      } catch (error) {
        it('loads', () => {
          throw error;
        });
      }
    });
  }
}

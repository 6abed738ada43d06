import path from 'node:path';

/**
 * Runs test files inside one Jest test file (a bundle written by jest.bundles.cjs for the test command):
 * each in a `describe` named after its path, so its `beforeAll`/`afterAll` and its tests stay its own and a
 * report names it. A file that cannot even load (a syntax or import error) fails there, in a test of its own,
 * and the others still run.
 */
export function runTestFiles(bundleDir: string, files: string[]): void {
  const serverDir = path.resolve(bundleDir, '..');
  for (const file of files) {
    describe(file, () => {
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

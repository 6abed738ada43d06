// Jest preset for every browser package (shared, shell, mf-*): swc transform, jsdom, CSS modules as
// identity maps, jest-dom matchers. Use: module.exports = createJestConfig(__dirname).
const path = require('node:path');
const { writeBrowserTestBundles } = require('./bundles.cjs');

/** @param {string} rootDir @param {import('jest').Config} [overrides] */
function createJestConfig(rootDir, overrides = {}) {
  // The test command runs the test files a few to a module registry and window (bundles.cjs).
  const bundles = process.env.SWX_TEST_BUNDLES === '1' && writeBrowserTestBundles(rootDir);
  return {
    rootDir,
    // The package's folder: the root configuration runs every package as one Jest project.
    displayName: path.basename(rootDir),
    testEnvironment: 'jsdom',
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
        },
      ],
    },
    moduleNameMapper: {
      // The SDK's own chart folder imports the SDK by name (see shared/src/chart); Jest has no self-reference.
      '^@swx/shared$': path.join(__dirname, '..', 'src', 'index.ts'),
      '\\.module\\.css$': require.resolve('identity-obj-proxy'),
      '\\.(css)$': path.join(__dirname, 'style-stub.cjs'),
      '\\.(svg|png|jpe?g|gif|webp)$': path.join(__dirname, 'file-stub.cjs'),
    },
    setupFiles: [path.join(__dirname, 'polyfills.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'setup.cjs')],
    testMatch: bundles ? bundles.testMatch : ['<rootDir>/src/**/*.test.ts?(x)'],
    // Generous, as in the server: on a loaded two-core machine a slow test is not a failing one.
    testTimeout: 60_000,
    ...overrides,
  };
}

module.exports = { createJestConfig };

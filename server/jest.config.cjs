// Server tests run on PGlite by default; with TEST_DATABASE_URL set (scripts/test.sh does it) every test
// file gets its own fresh PostgreSQL database on that server.
// openid-client and its two dependencies ship only ES modules: they are compiled like our sources.
const { databaseFreeTestFiles } = require('./jest.database-files.cjs');
const { writeTestBundles } = require('./jest.bundles.cjs');

// The test command runs the test files a few to a module registry (jest.bundles.cjs).
const bundles =
  process.env.SWX_TEST_BUNDLES === '1' &&
  writeTestBundles({ databaseOnly: Boolean(process.env.TEST_DATABASE_URL) });

const esmOnly = '(openid-client|oauth4webapi|jose)';
// otplib's base32 and HMAC plugins use the ES-module-only majors of @scure/base and @noble/hashes (the 1.x
// copies other packages use stay as they are).
const esmOnlyMajors = '(@scure\\+base@2|@noble\\+hashes@2)';
const esmOnlyMajorNames = '(@scure/base|@noble/hashes)';
module.exports = {
  displayName: 'server',
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
    [`/node_modules/\\.pnpm/${esmOnlyMajors}[^/]*/.+\\.js$`]: [
      '@swc/jest',
      { jsc: { target: 'es2022' }, module: { type: 'commonjs' } },
    ],
    [`/node_modules/.*${esmOnly}/.+\\.js$`]: [
      '@swc/jest',
      { jsc: { target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [
    `/node_modules/(?!\\.pnpm/${esmOnly}@)(?!\\.pnpm/${esmOnlyMajors})(?!${esmOnly}/)(?!${esmOnlyMajorNames}/)`,
  ],
  testMatch: bundles ? bundles.testMatch : ['<rootDir>/src/**/*.test.ts'],
  // The test databases' templates, made once per run before the workers start (src/test/database.ts).
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  // On PostgreSQL only the files that reach a database run: the rest ran on the PGlite run already.
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(bundles ? bundles.ignored : []),
    ...(!bundles && process.env.TEST_DATABASE_URL
      ? databaseFreeTestFiles().map((file) => `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
      : []),
  ],
  // Generous: in CI the PostgreSQL and PGlite runs share two cores, and a slow test is not a failing one.
  testTimeout: 120_000,
};

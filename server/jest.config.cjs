// Server tests run on PGlite by default; with TEST_DATABASE_URL set (scripts/test.sh does it) every test
// file gets its own fresh PostgreSQL database on that server.
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // Generous: in CI the PostgreSQL and PGlite runs share two cores, and a slow test is not a failing one.
  testTimeout: 120_000,
};

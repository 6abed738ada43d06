// Server tests run on PGlite by default; with TEST_DATABASE_URL set (scripts/test.sh does it) every test
// file gets its own fresh PostgreSQL database on that server.
// openid-client and its two dependencies ship only ES modules: they are compiled like our sources.
const esmOnly = '(openid-client|oauth4webapi|jose)';
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
    [`/node_modules/.*${esmOnly}/.+\\.js$`]: [
      '@swc/jest',
      { jsc: { target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/${esmOnly}@)(?!${esmOnly}/)`],
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // Generous: in CI the PostgreSQL and PGlite runs share two cores, and a slow test is not a failing one.
  testTimeout: 120_000,
};

const path = require('node:path');
const { createJestConfig } = require('@swx/shared/jest/preset');

module.exports = createJestConfig(__dirname, {
  // react-router 7 reads TextEncoder at import time, which jsdom does not provide.
  setupFiles: [path.join(__dirname, 'jest.polyfills.cjs')],
});

const { createJestConfig } = require('@swx/shared/jest/preset');

module.exports = createJestConfig(__dirname);

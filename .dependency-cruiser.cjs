/**
 * Dependency boundaries (STYLE.md "Checks that help us"): a feature module imports only the SDK and its own
 * files; the shell likewise; the SDK imports no app; the server imports no front-end code (only the SDK's
 * contract); no import cycles anywhere.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order fragile and modules impossible to split.',
      from: { pathNot: 'node_modules' },
      to: { circular: true },
    },
    {
      name: 'module-imports-only-shared-and-itself',
      severity: 'error',
      comment: 'A feature module (mf-*) may import only @swx/shared and its own files.',
      from: { path: '^(mf-[^/]+)/' },
      to: { path: '^(shell|server|e2e|mf-[^/]+)/', pathNot: ['^$1/'] },
    },
    {
      name: 'shell-imports-only-shared-and-itself',
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: '^(server|e2e|mf-[^/]+)/' },
    },
    {
      name: 'sdk-imports-no-app',
      severity: 'error',
      comment: 'The SDK is below every app: it never imports one.',
      from: { path: '^shared/' },
      to: { path: '^(shell|server|e2e|mf-[^/]+)/' },
    },
    {
      name: 'server-imports-no-frontend',
      severity: 'error',
      comment: 'The server shares only the API contract with the front end.',
      from: { path: '^server/' },
      to: { path: '^(shell|e2e|mf-[^/]+)/|^shared/(?!src/contract/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
    },
    combinedDependencies: false,
  },
};

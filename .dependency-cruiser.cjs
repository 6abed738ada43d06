/**
 * Dependency boundaries (STYLE.md "Checks that help us"): a feature module imports only the SDK and its own
 * files; the shell likewise; the SDK imports no app; the server imports no front-end code (only the SDK's
 * contract); no import cycles anywhere. Inside the server, a domain (`server/src/<domain>/`) imports another only
 * through its published surface and never its tables.
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
    // ---- inside the server: domains meet through their published surface (STYLE.md "Server layout") ----
    {
      name: 'server-domain-tables-are-private',
      severity: 'error',
      comment:
        "A server domain's tables are its own: another domain reads and writes them through the owner's service. " +
        'Only db/schema.ts (the schema drizzle-kit reads), other tables files (foreign keys) and tests may import ' +
        'them. So only server/src/ledger/ touches the ledger tables.',
      from: {
        path: '^server/src/([^/]+)/',
        pathNot: [
          '(^|/)__tests__/',
          '^server/src/test/',
          '^server/src/db/schema\\.ts$',
          '^server/src/[^/]+/tables\\.ts$',
          // Known debt: the invite programme reads `users.invited_by` directly until auth publishes a read for it.
          '^server/src/invites/service\\.ts$',
        ],
      },
      to: { path: '^server/src/[^/]+/tables\\.ts$', pathNot: ['^server/src/$1/'] },
    },
    {
      name: 'server-domain-imports-published-surface',
      severity: 'error',
      comment:
        'A server domain imports another only through its published surface: service.ts, index.ts, rules.ts and ' +
        "types.ts, plus the few files named here (the ledger's account references and precision rule, the parameter definitions, " +
        "the staff domain's audit, staff, review registry and four eyes). Shared mechanisms (db, http, platform, guards, " +
        'mail, test) are not domains and may be imported anywhere.',
      from: {
        path: '^server/src/([^/]+)/',
        pathNot: ['(^|/)__tests__/', '^server/src/test/', '(^|/)testing\\.ts$'],
      },
      to: {
        path: '^server/src/[^/]+/',
        pathNot: [
          '^server/src/$1/',
          '^server/src/(db|http|platform|guards|mail|test|web)/',
          '^server/src/[^/]+/(service|index|rules)\\.ts$',
          '^server/src/.*/types\\.ts$',
          '^server/src/ledger/(accounts|precision)\\.ts$',
          '^server/src/params/definitions\\.ts$',
          '^server/src/admin/(audit|staff|staff-auth|reviews|four-eyes)\\.ts$',
          '^server/src/[^/]+/tables\\.ts$',
        ],
      },
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

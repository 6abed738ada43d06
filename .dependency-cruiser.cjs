/**
 * Dependency boundaries (STYLE.md "Checks that help us"): a feature module imports only the SDK and its own
 * files; the shell likewise; the SDK imports no app; the server imports no front-end code (only the SDK's
 * contract); no import cycles anywhere. Inside the server, a domain (`server/src/<domain>/`) imports another only
 * through its published surface and never its tables, and the server's layers (docs/architecture.md "Server
 * layers") are imported only downwards:
 *
 *   root          server/src/*.ts: the composition (services, routes, app, config, main, the admin CLI)
 *   back office   server/src/backoffice/: features over several domains (review queues, pending changes,
 *                 customers, corrections)
 *   domains       every other folder (auth, ledger, cashier, trading, ...); between them, folder cycles are
 *                 refused by scripts/check-boundaries.mjs
 *   staff         server/src/staff/: staff identity (members, roles, sessions, TOTP, credentials), the audit
 *                 log and the approval mechanics every domain uses (four eyes, claims, review registry,
 *                 pending changes)
 *   mechanisms    db, http, platform, guards, mail, web: no domain at all
 *
 * Tests (`__tests__/`, `server/src/test/`, `testing.ts`) build whole servers and may import any layer.
 */
const mechanisms = '(db|http|platform|guards|mail|web)';
const tests = ['(^|/)__tests__/', '^server/src/test/', '(^|/)testing\\.ts$'];

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
        'Only other tables files (foreign keys) and tests may import ' +
        'them. So only server/src/ledger/ touches the ledger tables.',
      from: {
        path: '^server/src/([^/]+)/',
        pathNot: [
          '(^|/)__tests__/',
          '^server/src/test/',
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
        "the staff domain's audit, staff, review registry, four eyes, pending changes and staff management). Shared mechanisms (db, http, platform, guards, " +
        'mail, web, test) are not domains and may be imported anywhere.',
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
          '^server/src/staff/(audit|staff|staff-auth|reviews|four-eyes|changes|staff-management)\\.ts$',
          '^server/src/[^/]+/tables\\.ts$',
        ],
      },
    },
    // ---- the server's layers, imported only downwards (see the comment at the top) ----
    {
      name: 'server-mechanisms-import-no-domain',
      severity: 'error',
      comment:
        'db, http, platform, guards, mail and web are below every domain: they import only each other. A ' +
        'mechanism that needs configuration declares the slice it reads; the root passes its Config.',
      from: { path: `^server/src/${mechanisms}/`, pathNot: tests },
      to: { path: '^server/src/', pathNot: `^server/src/${mechanisms}/` },
    },
    {
      name: 'server-staff-imports-only-mechanisms',
      severity: 'error',
      comment:
        'Staff identity, the audit log and the approval mechanics are a low-level domain every other imports: ' +
        'it imports none of them (a domain registers its review kinds and change kinds with it instead).',
      from: { path: '^server/src/staff/', pathNot: tests },
      to: { path: '^server/src/', pathNot: `^server/src/(staff|${mechanisms})/` },
    },
    {
      name: 'server-back-office-is-on-top',
      severity: 'error',
      comment:
        "The back office's features (server/src/backoffice/) use the domains; no domain, staff or mechanism " +
        'imports them. Only the root composes them.',
      from: { path: '^server/src/[^/]+/', pathNot: ['^server/src/backoffice/', ...tests] },
      to: { path: '^server/src/backoffice/' },
    },
    {
      name: 'server-root-is-the-top',
      severity: 'error',
      comment:
        'The files at server/src/ (services, routes, app, config, main, the admin CLI) compose the server: ' +
        'nothing in a folder imports them. Configuration reaches a domain as the slice its constructor declares.',
      from: { path: '^server/src/[^/]+/', pathNot: tests },
      to: { path: '^server/src/[^/]+\\.ts$' },
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

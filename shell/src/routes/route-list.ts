// Plain data, no react-router: the entry chunk reads it (remotes/early-start.ts) before any shared library
// is loaded, and a shared library imported there would break the async boundary of src/index.ts.

/** Federation names of the feature modules (docs/product.md, how it is built). */
export type ModuleName =
  'mf_markets' | 'mf_trading' | 'mf_loan' | 'mf_nft' | 'mf_account' | 'mf_pass' | 'mf_staff';

export interface ModuleRoute {
  /** A react-router path pattern; `/*` also matches the sub-paths the module routes itself. */
  path: string;
  module: ModuleName;
}

/** Every route of the seed (§2) and the module that owns it; anything else shows the not-found page. */
export const routeTable: readonly ModuleRoute[] = [
  { path: '/', module: 'mf_markets' },
  { path: '/market', module: 'mf_markets' },
  { path: '/cruuency', module: 'mf_markets' },
  { path: '/trading', module: 'mf_trading' },
  { path: '/loan', module: 'mf_loan' },
  { path: '/nfts', module: 'mf_nft' },
  { path: '/profile', module: 'mf_account' },
  { path: '/profile/*', module: 'mf_account' },
  { path: '/help', module: 'mf_account' },
  { path: '/help/*', module: 'mf_account' },
  { path: '/detail', module: 'mf_account' },
  { path: '/introduction', module: 'mf_account' },
  { path: '/pass/*', module: 'mf_pass' },
  { path: '/api/loginCallback/:provider', module: 'mf_pass' },
  // The back office (issue 19): staff pages, with their own sign-in; not part of the seed's customer site.
  { path: '/staff', module: 'mf_staff' },
  { path: '/staff/*', module: 'mf_staff' },
];

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** The few pattern forms the table uses (`/a`, `/a/*`, `/a/:b`), matched as react-router does. */
function matches(pattern: string, pathname: string): boolean {
  const wanted = segments(pattern);
  const given = segments(pathname);
  if (wanted.at(-1) === '*')
    return given.length >= wanted.length - 1 && matchesEach(wanted.slice(0, -1), given);
  return given.length === wanted.length && matchesEach(wanted, given);
}

function matchesEach(wanted: string[], given: string[]): boolean {
  return wanted.every((segment, i) =>
    segment.startsWith(':') ? true : segment.toLowerCase() === given[i]?.toLowerCase(),
  );
}

/**
 * The module a path will need, for the start-up hint only (remotes/early-start.ts). The shell's routing
 * uses `moduleForPath` (react-router's matcher); a test keeps the two in agreement.
 */
export function landingModule(pathname: string): ModuleName | null {
  return routeTable.find((route) => matches(route.path, pathname))?.module ?? null;
}

import { matchPath } from 'react-router-dom';

/** Federation names of the feature modules (PRODUCT.md §2). */
export type ModuleName = 'mf_markets' | 'mf_trading' | 'mf_loan' | 'mf_nft' | 'mf_account' | 'mf_pass';

export interface ModuleRoute {
  /** A react-router path pattern; `/*` also matches the sub-paths the module routes itself. */
  path: string;
  module: ModuleName;
}

/** Every route of the seed (§2) and the module that owns it; anything else redirects to `/`. */
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
];

/** The module that owns a path, or null for an unknown path (which the shell redirects to `/`). */
export function moduleForPath(pathname: string): ModuleName | null {
  const route = routeTable.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname));
  return route ? route.module : null;
}

/** Which parts of the navigation chrome a page shows (CSS then picks desktop or mobile by width). */
export interface ChromeVisibility {
  desktopTopBar: boolean;
  mobileTopBar: boolean;
  tabBar: boolean;
  footer: boolean;
}

const FORM_PAGES = ['/pass/login', '/pass/register', '/pass/reset'];

/**
 * Seed §2: footer and tab bar are hidden on the login, register and reset pages; the social sign-in return
 * page has no chrome at all (it only finishes the sign-in and moves on).
 */
export function chromeFor(pathname: string): ChromeVisibility {
  if (matchPath({ path: '/api/loginCallback/:provider', end: true }, pathname)) {
    return { desktopTopBar: false, mobileTopBar: false, tabBar: false, footer: false };
  }
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const formPage = FORM_PAGES.includes(normalised);
  return { desktopTopBar: true, mobileTopBar: true, tabBar: !formPage, footer: !formPage };
}

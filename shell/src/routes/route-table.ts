import { matchPath } from 'react-router-dom';
import { routeTable, type ModuleName } from './route-list';

export { routeTable, type ModuleName, type ModuleRoute } from './route-list';

/** The module that owns a path, or null for an unknown path (the shell shows its not-found page there). */
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
 * page has no chrome at all (it only finishes the sign-in and moves on), nor has the back office (`/staff`).
 */
export function chromeFor(pathname: string): ChromeVisibility {
  // The back office draws its own frame (staff identity, sections): the customer site's bars would offer
  // customer sign-in and the demo switch on a staff page.
  if (
    matchPath({ path: '/api/loginCallback/:provider', end: true }, pathname) ||
    matchPath({ path: '/staff/*', end: true }, pathname)
  ) {
    return { desktopTopBar: false, mobileTopBar: false, tabBar: false, footer: false };
  }
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const formPage = FORM_PAGES.includes(normalised);
  return { desktopTopBar: true, mobileTopBar: true, tabBar: !formPage, footer: !formPage };
}

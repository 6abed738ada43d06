import { moduleForPath } from '../routes/route-table';

/**
 * Seed §2: the onboarding board shows once per browser session (`showBoard` in sessionStorage, kept by the
 * settings store), on the mobile layout only, and never on the sign-in return page or in the back office
 * (`/staff`: its members are not customers to welcome and sign up).
 */
export function shouldShowBoard(options: {
  isMobile: boolean;
  showBoard: boolean;
  pathname: string;
}): boolean {
  if (!options.isMobile || !options.showBoard) return false;
  const { pathname } = options;
  if (moduleForPath(pathname) === 'mf_staff') return false;
  return !pathname.startsWith('/api/loginCallback/');
}

/**
 * Where the board leads, or null to stay: Continue leads a visitor to registration; otherwise the customer
 * stays on the page they opened (a shared market link, the sign-up page), where the seed (§2) sent them
 * home and lost it (issue 32; docs/decisions.md).
 */
export function boardDestination(choice: 'continue' | 'skip', isLoggedIn: boolean): string | null {
  if (choice === 'continue' && !isLoggedIn) return '/pass/register';
  return null;
}

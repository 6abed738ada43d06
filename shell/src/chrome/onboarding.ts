/**
 * Seed §2: the onboarding board shows once per browser session (`showBoard` in sessionStorage, kept by the
 * settings store), on the mobile layout only, and never on the sign-in return page.
 */
export function shouldShowBoard(options: {
  isMobile: boolean;
  showBoard: boolean;
  pathname: string;
}): boolean {
  if (!options.isMobile || !options.showBoard) return false;
  return !options.pathname.startsWith('/api/loginCallback/');
}

/** Seed §2: Continue leads a visitor to registration and a customer home; Skip always goes home. */
export function boardDestination(choice: 'continue' | 'skip', isLoggedIn: boolean): string {
  if (choice === 'skip') return '/';
  return isLoggedIn ? '/' : '/pass/register';
}

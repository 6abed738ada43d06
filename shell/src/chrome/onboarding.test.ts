import { boardDestination, shouldShowBoard } from './onboarding';

describe('onboarding board rules', () => {
  it('shows on mobile while the session has not seen it', () => {
    expect(shouldShowBoard({ isMobile: true, showBoard: true, pathname: '/' })).toBe(true);
  });

  it('never shows on desktop, twice in a session, on the sign-in return page or in the back office', () => {
    expect(shouldShowBoard({ isMobile: false, showBoard: true, pathname: '/' })).toBe(false);
    expect(shouldShowBoard({ isMobile: true, showBoard: false, pathname: '/' })).toBe(false);
    expect(shouldShowBoard({ isMobile: true, showBoard: true, pathname: '/api/loginCallback/google' })).toBe(
      false,
    );
    expect(shouldShowBoard({ isMobile: true, showBoard: true, pathname: '/staff' })).toBe(false);
    expect(shouldShowBoard({ isMobile: true, showBoard: true, pathname: '/staff/reviews/deposit' })).toBe(
      false,
    );
    // A customer route whose name only starts the same way still shows it.
    expect(shouldShowBoard({ isMobile: true, showBoard: true, pathname: '/staffing' })).toBe(true);
  });

  it('Continue leads a visitor to registration; otherwise the opened page stays', () => {
    expect(boardDestination('continue', false)).toBe('/pass/register');
    expect(boardDestination('continue', true)).toBeNull();
    expect(boardDestination('skip', false)).toBeNull();
    expect(boardDestination('skip', true)).toBeNull();
  });
});

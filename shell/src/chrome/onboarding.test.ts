import { boardDestination, shouldShowBoard } from './onboarding';

describe('onboarding board rules', () => {
  it('shows on mobile while the session has not seen it', () => {
    expect(shouldShowBoard({ isMobile: true, showBoard: true, pathname: '/' })).toBe(true);
  });

  it('never shows on desktop, twice in a session, or on the sign-in return page', () => {
    expect(shouldShowBoard({ isMobile: false, showBoard: true, pathname: '/' })).toBe(false);
    expect(shouldShowBoard({ isMobile: true, showBoard: false, pathname: '/' })).toBe(false);
    expect(shouldShowBoard({ isMobile: true, showBoard: true, pathname: '/api/loginCallback/google' })).toBe(
      false,
    );
  });

  it('Continue leads a visitor to registration; otherwise the opened page stays', () => {
    expect(boardDestination('continue', false)).toBe('/pass/register');
    expect(boardDestination('continue', true)).toBeNull();
    expect(boardDestination('skip', false)).toBeNull();
    expect(boardDestination('skip', true)).toBeNull();
  });
});

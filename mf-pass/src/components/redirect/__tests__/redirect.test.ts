import { loginPathFor, safeRedirect } from '../redirect';

describe('safeRedirect', () => {
  it.each([
    ['/profile', '/profile'],
    ['/trading?code=BTCUSDT#orders', '/trading?code=BTCUSDT#orders'],
    ['/market', '/market'],
  ])('follows a path on this site: %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '//evil.com/pass/login',
    'https://evil.com/',
    'http://localhost/profile',
    'javascript:alert(1)',
    '/\\evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    'profile',
    '',
  ])('refuses %j and goes home', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });

  it('goes home without a target', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });

  it('does not come back to a sign-in page', () => {
    expect(safeRedirect('/pass/login?redirect=/profile')).toBe('/');
  });

  it('builds the login address that returns to a page', () => {
    expect(loginPathFor('/profile/balance')).toBe('/pass/login?redirect=%2Fprofile%2Fbalance');
    expect(loginPathFor('//evil.com')).toBe('/pass/login');
  });
});

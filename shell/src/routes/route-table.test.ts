import { landingModule } from './route-list';
import { chromeFor, moduleForPath, routeTable } from './route-table';

describe('route table', () => {
  it.each([
    ['/', 'mf_markets'],
    ['/market', 'mf_markets'],
    ['/cruuency', 'mf_markets'],
    ['/trading', 'mf_trading'],
    ['/loan', 'mf_loan'],
    ['/nfts', 'mf_nft'],
    ['/profile', 'mf_account'],
    ['/profile/balance', 'mf_account'],
    ['/profile/invite', 'mf_account'],
    ['/profile/notification', 'mf_account'],
    ['/help', 'mf_account'],
    ['/help/faq', 'mf_account'],
    ['/help/notice', 'mf_account'],
    ['/detail', 'mf_account'],
    ['/introduction', 'mf_account'],
    ['/pass/register', 'mf_pass'],
    ['/pass/login', 'mf_pass'],
    ['/pass/reset', 'mf_pass'],
    ['/api/loginCallback/google', 'mf_pass'],
    ['/staff', 'mf_staff'],
    ['/staff/reviews/deposit', 'mf_staff'],
    ['/staff/operations/params/trade_fee_rate', 'mf_staff'],
  ])('routes the seed route %s to %s', (path, moduleName) => {
    expect(moduleForPath(path)).toBe(moduleName);
  });

  it.each([
    '/unknown',
    '/market/extra',
    '/trading/x/y',
    '/api/loginCallback',
    '/api/other/google',
    '/passes',
  ])('knows no module for %s (the shell redirects it to /)', (path) => {
    expect(moduleForPath(path)).toBeNull();
  });

  it('names only the six feature modules and the back office', () => {
    expect(new Set(routeTable.map((route) => route.module))).toEqual(
      new Set(['mf_markets', 'mf_trading', 'mf_loan', 'mf_nft', 'mf_account', 'mf_pass', 'mf_staff']),
    );
  });
});

describe('landing module (the start-up hint, without react-router)', () => {
  it.each([
    '/',
    '/market',
    '/market/',
    '/MARKET',
    '/cruuency',
    '/trading',
    '/profile',
    '/profile/balance',
    '/profile/a/b',
    '/help',
    '/help/notice',
    '/detail',
    '/introduction',
    '/pass',
    '/pass/register',
    '/api/loginCallback/google',
    '/staff',
    '/staff/customers/42',
    '/staffing',
    '/unknown',
    '/market/extra',
    '/trading/x/y',
    '/api/loginCallback',
    '/api/other/google',
    '/passes',
  ])('agrees with the router for %s', (path) => {
    expect(landingModule(path)).toBe(moduleForPath(path));
  });
});

describe('chrome per route', () => {
  it('shows every bar on ordinary pages', () => {
    for (const path of ['/', '/market', '/trading', '/profile/balance', '/help/faq', '/detail']) {
      expect(chromeFor(path)).toEqual({
        desktopTopBar: true,
        mobileTopBar: true,
        tabBar: true,
        footer: true,
      });
    }
  });

  it('hides the footer and the tab bar on login, register and reset', () => {
    for (const path of ['/pass/login', '/pass/register', '/pass/reset', '/pass/login/']) {
      expect(chromeFor(path)).toEqual({
        desktopTopBar: true,
        mobileTopBar: true,
        tabBar: false,
        footer: false,
      });
    }
  });

  it('shows no customer chrome in the back office', () => {
    for (const path of ['/staff', '/staff/', '/staff/reviews/withdrawal/12']) {
      expect(chromeFor(path)).toEqual({
        desktopTopBar: false,
        mobileTopBar: false,
        tabBar: false,
        footer: false,
      });
    }
    expect(chromeFor('/staffing').footer).toBe(true);
  });

  it('shows no chrome on the social sign-in return page', () => {
    expect(chromeFor('/api/loginCallback/google')).toEqual({
      desktopTopBar: false,
      mobileTopBar: false,
      tabBar: false,
      footer: false,
    });
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { discoverRemotes, loadModuleRoutes, registerModules } from './remotes/load-remote';
import { resetLazyModules } from './module-area/module-area';
import { renderShell, setViewport } from './test-support/render-shell';

jest.mock('./remotes/load-remote', () => {
  const actual = jest.requireActual('./remotes/load-remote');
  return { ...actual, discoverRemotes: jest.fn(), registerModules: jest.fn(), loadModuleRoutes: jest.fn() };
});

beforeEach(() => {
  resetLazyModules();
  jest.mocked(discoverRemotes).mockReset().mockResolvedValue({
    mf_markets: '/mf-markets/mf-manifest.json',
    mf_trading: '/mf-trading/mf-manifest.json',
    mf_account: '/mf-account/mf-manifest.json',
    mf_pass: '/mf-pass/mf-manifest.json',
  });
  jest.mocked(registerModules).mockReset();
  jest
    .mocked(loadModuleRoutes)
    .mockReset()
    .mockImplementation(async (name) => ({ default: () => <p>{name} module content</p> }));
  setViewport('desktop');
  document.title = '';
  delete document.documentElement.dataset.theme;
});

describe('page title', () => {
  it.each([
    ['/', 'Home · SWX'],
    ['/trading', 'Trading · SWX'],
    ['/profile/balance', 'Balance · SWX'],
    ['/profile', 'Profile · SWX'],
    ['/profile/deposit', 'Deposit · SWX'],
    ['/profile/withdraw', 'Withdraw · SWX'],
    ['/profile/records', 'Records · SWX'],
    ['/profile/settings', 'Settings · SWX'],
    ['/profile/security', 'Security · SWX'],
    ['/pass/2fa', 'Two-step verification · SWX'],
    ['/staff/customers/7', 'Back office · SWX'],
    ['/no/such/page', 'Page not found · SWX'],
    ['/help/faq', 'FAQ · SWX'],
    ['/pass/login', 'Log in · SWX'],
    ['/api/loginCallback/google', 'Signing in · SWX'],
  ])('%s is titled "%s"', async (path, title) => {
    renderShell({ path });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('follows the language', async () => {
    const { root } = renderShell({ path: '/trading' });
    await waitFor(() => expect(document.title).toBe('Trading · SWX'));
    act(() => root.settings.setLanguage('de'));
    await waitFor(() => expect(document.title).toBe('Handel · SWX'));
    act(() => root.settings.setLanguage('ar'));
    await waitFor(() => expect(document.title).toBe('التداول · SWX'));
  });
});

describe('theme', () => {
  it('starts with the system theme and switches to a stored choice', async () => {
    const user = userEvent.setup();
    const { storage } = renderShell();
    const toggle = within(screen.getByTestId('desktop-top-bar')).getByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.dataset.theme).toBeUndefined();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(storage.getItem('theme')).toBe('dark');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(storage.getItem('theme')).toBe('light');
  });

  it('shows dark as on when the system is dark, and the first press chooses light', async () => {
    const user = userEvent.setup();
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('prefers-color-scheme: dark'),
    })) as typeof window.matchMedia;
    renderShell();
    const toggle = within(screen.getByTestId('desktop-top-bar')).getByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('account mode marker on a phone', () => {
  beforeEach(() => setViewport('mobile'));

  it('shows REAL in real mode', () => {
    renderShell({ signedIn: true, demo: false });
    const bar = within(screen.getByTestId('mobile-top-bar'));
    expect(bar.getByText('REAL')).toBeInTheDocument();
    expect(bar.queryByText('DEMO')).not.toBeInTheDocument();
  });

  it('shows DEMO in demo mode and REAL after switching', async () => {
    const { root } = renderShell({ signedIn: true, demo: true });
    const bar = within(screen.getByTestId('mobile-top-bar'));
    expect(bar.getByText('DEMO')).toBeInTheDocument();
    act(() => root.settings.adoptAccountMode('real'));
    expect(bar.getByText('REAL')).toBeInTheDocument();
    expect(bar.queryByText('DEMO')).not.toBeInTheDocument();
  });

  it('shows no marker to a visitor', () => {
    renderShell();
    const bar = within(screen.getByTestId('mobile-top-bar'));
    expect(bar.queryByText('REAL')).not.toBeInTheDocument();
    expect(bar.queryByText('DEMO')).not.toBeInTheDocument();
  });
});

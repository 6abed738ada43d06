import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { discoverRemotes, loadModuleRoutes, ModuleLoadError, registerModules } from './remotes/load-remote';
import { resetLazyModules } from './module-area/module-area';
import { customer, MemoryStorage, refusal, renderShell, setViewport } from './test-support/render-shell';

jest.mock('./remotes/load-remote', () => {
  const actual = jest.requireActual('./remotes/load-remote');
  return {
    ...actual,
    discoverRemotes: jest.fn(),
    registerModules: jest.fn(),
    loadModuleRoutes: jest.fn(),
  };
});

const discover = jest.mocked(discoverRemotes);
const loadRoutes = jest.mocked(loadModuleRoutes);

/** A module's `./routes` expose: its own <Routes> with absolute paths, like mf-markets. */
function moduleExpose(label: string) {
  return { default: () => <p>{label} module content</p> };
}

const allModules = {
  mf_markets: '/mf-markets/mf-manifest.json',
  mf_trading: '/mf-trading/mf-manifest.json',
  mf_loan: '/mf-loan/mf-manifest.json',
  mf_nft: '/mf-nft/mf-manifest.json',
  mf_account: '/mf-account/mf-manifest.json',
  mf_pass: '/mf-pass/mf-manifest.json',
};

beforeEach(() => {
  resetLazyModules();
  discover.mockReset().mockResolvedValue(allModules);
  jest.mocked(registerModules).mockReset();
  loadRoutes.mockReset().mockImplementation(async (name) => moduleExpose(name));
  setViewport('desktop');
  document.documentElement.lang = '';
  document.documentElement.dir = '';
});

describe('routes', () => {
  it.each(['/no/such/page', '/profile/nothing', '/help/faq/extra', '/pass'])(
    'shows the not-found page, with the chrome and a way home, for %s',
    async (path) => {
      const user = userEvent.setup();
      const { currentPath } = renderShell({ path });
      const page = await screen.findByTestId('not-found');
      expect(within(page).getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(within(page).getByText(path)).toBeInTheDocument();
      expect(currentPath()).toBe(path);
      expect(loadRoutes).not.toHaveBeenCalled();
      expect(screen.getByTestId('desktop-top-bar')).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Page not found · SWX'));

      await user.click(within(page).getByRole('link', { name: 'Go to the home page' }));
      expect(await screen.findByText('mf_markets module content')).toBeInTheDocument();
      expect(currentPath()).toBe('/');
    },
  );

  it('loads the module that owns the route, through load-remote', async () => {
    renderShell({ path: '/profile/balance' });
    expect(await screen.findByText('mf_account module content')).toBeInTheDocument();
    expect(loadRoutes).toHaveBeenCalledWith('mf_account');
    expect(jest.mocked(registerModules)).toHaveBeenCalledWith(allModules);
  });
});

describe('chrome', () => {
  it('shows both top bars (CSS picks one by width), the tab bar and the footer on ordinary pages', async () => {
    renderShell({ path: '/market' });
    await screen.findByText('mf_markets module content');
    expect(screen.getByTestId('desktop-top-bar')).toHaveClass('desktopBar');
    expect(screen.getByTestId('mobile-top-bar')).toHaveClass('mobileBar');
    expect(screen.getByTestId('tab-bar')).toHaveClass('tabBar');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Sections' }));
    for (const name of ['Home', 'Market', 'Trading', 'Profile'])
      expect(tabs.getByRole('link', { name })).toBeInTheDocument();
  });

  it('hides the footer and the tab bar on the login page', async () => {
    renderShell({ path: '/pass/login' });
    await screen.findByText('mf_pass module content');
    expect(screen.queryByTestId('tab-bar')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByTestId('desktop-top-bar')).toBeInTheDocument();
  });

  it('has no chrome at all on the social sign-in return page', async () => {
    renderShell({ path: '/api/loginCallback/google' });
    await screen.findByText('mf_pass module content');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tab-bar')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('offers login and sign-up to a visitor, and no bell', async () => {
    renderShell();
    const bar = within(screen.getByTestId('desktop-top-bar'));
    expect(bar.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/pass/login');
    expect(bar.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/pass/register');
    expect(screen.queryByRole('link', { name: /Notifications/ })).not.toBeInTheDocument();
    const mobile = within(screen.getByTestId('mobile-top-bar'));
    expect(mobile.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('shows the bell with the unread count, and the DEMO marker while demo is active, to a customer', async () => {
    const { root } = renderShell({ signedIn: true, demo: true });
    act(() => root.notifications.setUnreadCount(3));
    const bar = within(screen.getByTestId('desktop-top-bar'));
    expect(bar.getByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute(
      'href',
      '/profile/notification',
    );
    expect(bar.getByText('DEMO')).toBeInTheDocument();
    expect(within(screen.getByTestId('mobile-top-bar')).getByText('DEMO')).toBeInTheDocument();
    expect(bar.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('lists the footer content pages from the API and links them to /detail', async () => {
    renderShell({
      answers: { '/index/listContents/3-en': [{ id: '5', type: 3, title: 'Risk warning', slug: 'risk' }] },
    });
    const link = await screen.findByRole('link', { name: 'Risk warning' });
    expect(link).toHaveAttribute('href', '/detail?id=5&title=Risk+warning');
  });

  it('keeps working with an empty footer when the content list cannot be loaded', async () => {
    renderShell();
    expect(
      await screen.findByText('The legal and policy pages cannot be listed right now.'),
    ).toBeInTheDocument();
  });
});

describe('session at start-up', () => {
  it('refreshes the stored customer record', async () => {
    const { root } = renderShell({
      signedIn: true,
      answers: { '/user/getUserInfo': { ...customer, username: 'alice-renamed' } },
    });
    await waitFor(() => expect(root.session.userInfo?.username).toBe('alice-renamed'));
  });

  it('an expired token clears the session and leads to login', async () => {
    const { root, currentPath } = renderShell({
      signedIn: true,
      path: '/profile',
      answers: { '/user/getUserInfo': { [refusal]: 401 } },
    });
    await waitFor(() => expect(root.session.isLoggedIn).toBe(false));
    await waitFor(() => expect(currentPath()).toBe('/pass/login'));
    expect(
      within(screen.getByTestId('desktop-top-bar')).getByRole('link', { name: 'Log in' }),
    ).toBeInTheDocument();
  });
});

describe('language picker', () => {
  it('lists ten languages, sets <html lang dir> and reloads the footer list with the right selector', async () => {
    const user = userEvent.setup();
    const { api, storage } = renderShell();
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/index/listContents/3-en'));

    await user.click(
      within(screen.getByTestId('desktop-top-bar')).getByRole('button', { name: 'English, Language' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Choose a language' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .filter((b) => b.hasAttribute('lang')),
    ).toHaveLength(10);
    await user.click(within(dialog).getByRole('button', { name: 'العربية' }));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(storage.getItem('language')).toBe('ar');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('desktop-top-bar')).getByRole('link', { name: 'الرئيسية' }),
    ).toBeInTheDocument();

    await user.click(
      within(screen.getByTestId('desktop-top-bar')).getByRole('button', { name: 'العربية, اللغة' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '繁體中文' }));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'zh-TW');
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/index/listContents/3-zh-TW'));
  });
});

describe('demo/real switch', () => {
  it('asks for confirmation, then switches to demo and says so', async () => {
    const user = userEvent.setup();
    const { root, api } = renderShell({
      signedIn: true,
      demo: false,
      answers: { '/user/accountMode': null },
    });
    const bar = within(screen.getByTestId('desktop-top-bar'));
    await user.click(bar.getByRole('button', { name: 'Switch to demo account' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch to the demo account?' });
    expect(root.settings.isDemo).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Switch' }));
    expect(root.settings.isDemo).toBe(true);
    expect(await screen.findByText('Switched to the virtual account')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'POST', path: '/user/accountMode', body: { mode: 'demo' } });
    expect(bar.getByText('DEMO')).toBeInTheDocument();
  });

  it('switches back to real with its own confirmation, and Cancel changes nothing', async () => {
    const user = userEvent.setup();
    const { root } = renderShell({ signedIn: true, demo: true, answers: { '/user/accountMode': null } });
    const bar = within(screen.getByTestId('desktop-top-bar'));
    await user.click(bar.getByRole('button', { name: 'Switch to real account' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Switch to your real account?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(root.settings.isDemo).toBe(true);
    await user.click(bar.getByRole('button', { name: 'Switch to real account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Switch' }));
    expect(root.settings.isDemo).toBe(false);
    expect(await screen.findByText('Switched to the real account')).toBeInTheDocument();
    expect(bar.queryByText('DEMO')).not.toBeInTheDocument();
  });
});

describe('onboarding board', () => {
  it('shows once per session on mobile; Continue takes a visitor to registration', async () => {
    setViewport('mobile');
    const user = userEvent.setup();
    const session = new MemoryStorage();
    const { currentPath, unmount } = renderShell({ session, path: '/market' });
    const board = await screen.findByRole('dialog', { name: 'Welcome to SWX' });
    expect(session.getItem('showBoard')).toBe('false');
    await user.click(within(board).getByRole('button', { name: 'Continue' }));
    expect(currentPath()).toBe('/pass/register');
    unmount();

    renderShell({ session });
    await screen.findByText('mf_markets module content');
    expect(screen.queryByRole('dialog', { name: 'Welcome to SWX' })).not.toBeInTheDocument();
  });

  it('Continue keeps a customer on the opened page, and Skip keeps anyone there', async () => {
    setViewport('mobile');
    const user = userEvent.setup();
    const first = renderShell({ signedIn: true, path: '/market' });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    expect(first.currentPath()).toBe('/market');
    first.unmount();

    const second = renderShell({ path: '/cruuency?code=ETHUSDT' });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Skip' }));
    expect(second.currentPath()).toBe('/cruuency');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('mf_markets module content')).toBeInTheDocument();
  });

  it('never shows on desktop', async () => {
    renderShell();
    await screen.findByText('mf_markets module content');
    expect(screen.queryByRole('dialog', { name: 'Welcome to SWX' })).not.toBeInTheDocument();
  });
});

describe('module areas', () => {
  it('shows a chunk-load error panel, and Retry makes a fresh attempt that succeeds', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRoutes.mockRejectedValueOnce(
      new ModuleLoadError('mf_trading', new Error('RUNTIME-003: manifest unreachable')),
    );
    renderShell({ path: '/trading' });
    const heading = await screen.findByRole('heading', { name: 'Chunk-load error' });
    const panel = heading.closest('section') as HTMLElement;
    expect(panel).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('desktop-top-bar')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('mf_trading module content')).toBeInTheDocument();
    expect(loadRoutes).toHaveBeenCalledTimes(2);
  });

  it('keeps the other routes working while one module is broken', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRoutes.mockImplementation(async (name) => {
      if (name === 'mf_trading') throw new ModuleLoadError(name, new Error('timeout'));
      return moduleExpose(name);
    });
    renderShell({ path: '/trading' });
    expect(await screen.findByRole('heading', { name: 'Chunk-load error' })).toBeInTheDocument();
    await user.click(within(screen.getByTestId('desktop-top-bar')).getByRole('link', { name: 'Market' }));
    expect(await screen.findByText('mf_markets module content')).toBeInTheDocument();
  });

  it('contains a module that throws while rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRoutes.mockResolvedValueOnce({
      default: () => {
        throw new Error('a bug in the module');
      },
    });
    renderShell({ path: '/loan' });
    expect(
      await screen.findByRole('heading', { name: 'This part of SWX stopped working' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('gives another screen of a crashed module a fresh chance', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('a bug on one screen');
    }
    loadRoutes.mockResolvedValueOnce({
      default: () => (
        <Routes>
          <Route path="/profile" element={<p>profile overview</p>} />
          <Route path="/profile/balance" element={<Broken />} />
        </Routes>
      ),
    });
    renderShell({ path: '/profile/balance' });
    expect(
      await screen.findByRole('heading', { name: 'This part of SWX stopped working' }),
    ).toBeInTheDocument();
    await user.click(within(screen.getByTestId('desktop-top-bar')).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByText('profile overview')).toBeInTheDocument();
  });

  it('says honestly that a module is not deployed, and finds it on Retry once it is', async () => {
    const user = userEvent.setup();
    const { mf_nft: _notYet, ...withoutNft } = allModules;
    discover.mockResolvedValueOnce(withoutNft);
    renderShell({ path: '/nfts' });
    expect(await screen.findByRole('heading', { name: 'Module unavailable' })).toBeInTheDocument();
    expect(loadRoutes).not.toHaveBeenCalledWith('mf_nft');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('mf_nft module content')).toBeInTheDocument();
    expect(discover).toHaveBeenCalledTimes(2);
  });

  it('loads a module released since on the next navigation into its area, without a reload', async () => {
    const user = userEvent.setup();
    renderShell({ path: '/market' });
    expect(await screen.findByText('mf_markets module content')).toBeInTheDocument();
    const released = { ...allModules, mf_markets: '/releases/mf-markets/0.1.0-2/mf-manifest.json' };
    discover.mockResolvedValue(released);
    loadRoutes.mockImplementation(async (name) =>
      moduleExpose(name === 'mf_markets' ? 'mf_markets 0.1.0-2' : name),
    );
    const tabs = within(screen.getByRole('navigation', { name: 'Sections' }));

    await user.click(tabs.getByRole('link', { name: 'Trading' }));
    expect(await screen.findByText('mf_trading module content')).toBeInTheDocument();
    await waitFor(() => expect(jest.mocked(registerModules)).toHaveBeenLastCalledWith(released));
    await user.click(tabs.getByRole('link', { name: 'Market' }));
    expect(await screen.findByText('mf_markets 0.1.0-2 module content')).toBeInTheDocument();
    expect(loadRoutes.mock.calls.filter(([name]) => name === 'mf_markets')).toHaveLength(2);
  });

  it('keeps the module it has when the list cannot be read on a navigation', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShell({ path: '/market' });
    expect(await screen.findByText('mf_markets module content')).toBeInTheDocument();
    discover.mockRejectedValue(new Error('HTTP 502'));
    const tabs = within(screen.getByRole('navigation', { name: 'Sections' }));
    await user.click(tabs.getByRole('link', { name: 'Trading' }));
    expect(await screen.findByText('mf_trading module content')).toBeInTheDocument();
    await user.click(tabs.getByRole('link', { name: 'Market' }));
    expect(await screen.findByText('mf_markets module content')).toBeInTheDocument();
    expect(loadRoutes.mock.calls.filter(([name]) => name === 'mf_markets')).toHaveLength(1);
  });

  it('treats an unreadable /remotes.json as no module deployed, chrome intact', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    discover.mockRejectedValueOnce(new Error('HTTP 500'));
    renderShell({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'Module unavailable' })).toBeInTheDocument();
    expect(screen.getByTestId('desktop-top-bar')).toBeInTheDocument();
  });
});

describe('feed status', () => {
  it('is asked once per page by the shell and held in the root store for every module', async () => {
    const { root, api } = renderShell({
      path: '/',
      answers: { '/index/feedStatus': { feed: 'simulated', simulated: true } },
    });
    await waitFor(() => expect(root.market.isSimulated).toBe(true));
    expect(root.market.feed).toEqual({ feed: 'simulated', simulated: true });
    const tabs = within(screen.getByRole('navigation', { name: 'Sections' }));
    await userEvent.click(tabs.getByRole('link', { name: 'Trading' }));
    expect(await screen.findByText('mf_trading module content')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/index/feedStatus')).toHaveLength(1);
  });

  it('stays unknown (no badge claim either way) when the server cannot say', async () => {
    const { root, api } = renderShell({ path: '/' });
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/index/feedStatus'));
    expect(root.market.feed).toBeNull();
    expect(root.market.isSimulated).toBe(false);
  });
});

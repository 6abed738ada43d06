import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { discoverRemotes, loadModuleRoutes } from '../remotes/load-remote';
import { resetLazyModules } from '../module-area/module-area';
import { renderShell, setViewport } from '../test-support/render-shell';

jest.mock('../remotes/load-remote', () => ({
  ...jest.requireActual('../remotes/load-remote'),
  discoverRemotes: jest.fn(),
  registerModules: jest.fn(),
  loadModuleRoutes: jest.fn(),
}));

const entry = '/releases/mf-markets/0.1.0-2/mf-manifest.json';
const originalFetch = globalThis.fetch;

beforeEach(() => {
  resetLazyModules();
  jest.mocked(discoverRemotes).mockResolvedValue({ mf_markets: entry });
  jest
    .mocked(loadModuleRoutes)
    .mockImplementation(async (name) => ({ default: () => <p>{name} module content</p> }));
  setViewport('desktop');
  // The shell's own manifest, read by the panel for the shell's version.
  globalThis.fetch = jest.fn(async (url: string) =>
    url === '/mf-manifest.json'
      ? ({
          ok: true,
          json: async () => ({ metaData: { buildInfo: { buildVersion: '0.1.0-9' } } }),
        } as Response)
      : ({ ok: false, status: 404, json: async () => ({}) } as Response),
  ) as unknown as typeof fetch;
  // The federation runtime's page registry after the shell loaded mf_markets from a release.
  Object.assign(globalThis, {
    __FEDERATION__: {
      moduleInfo: { [`mf_markets:${entry}`]: { buildVersion: '0.1.0-2' } },
      __INSTANCES__: [
        {
          name: 'swx_shell',
          options: { remotes: [{ name: 'mf_markets', entry }] },
          moduleCache: new Map([['mf_markets', {}]]),
          shareScopeMap: {
            default: {
              react: { '19.3.1': { version: '19.3.1', from: 'swx_shell', loaded: true, useIn: [] } },
            },
          },
        },
      ],
    },
  });
});

afterEach(() => {
  globalThis.fetch = originalFetch;
  delete (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__;
});

describe('the diagnostics panel', () => {
  it('opens from the footer with the keyboard, lists each module area, and closes with Escape', async () => {
    const user = userEvent.setup();
    renderShell({ path: '/market' });
    await screen.findByText('mf_markets module content');
    const control = within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Diagnostics' });
    control.focus();
    await user.keyboard('{Enter}');

    const dialog = within(screen.getByRole('dialog', { name: 'Support diagnostics' }));
    const row = dialog.getByRole('row', { name: /mf_markets/ });
    expect(row).toHaveTextContent('0.1.0-2');
    expect(row).toHaveTextContent(entry);
    expect(row).toHaveTextContent('Loaded');
    expect(dialog.getByRole('row', { name: /react/ })).toHaveTextContent('19.3.1');
    const shell = dialog.getByRole('row', { name: /^swx_shell/ });
    expect(shell).toHaveTextContent('http://localhost/mf-manifest.json');
    await waitFor(() => expect(shell).toHaveTextContent('0.1.0-9'));
    expect(dialog.getByTestId('diagnostics-socket')).toHaveTextContent(/Connecting|Connected|Closed/);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Support diagnostics' })).not.toBeInTheDocument();
    expect(control).toHaveFocus();
  });

  it('opens on arrival with ?diagnostics=1, also where the page has no footer', async () => {
    renderShell({ path: '/pass/login?diagnostics=1' });
    expect(await screen.findByRole('dialog', { name: 'Support diagnostics' })).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('speaks the page language', async () => {
    const user = userEvent.setup();
    const { root } = renderShell({ path: '/market' });
    await screen.findByText('mf_markets module content');
    await act(async () => {
      root.settings.setLanguage('de');
    });
    await waitFor(() => expect(root.i18n.language).toBe('de'));
    await user.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Diagnose' }));
    expect(screen.getByRole('dialog', { name: 'Support-Diagnose' })).toBeInTheDocument();
  });
});

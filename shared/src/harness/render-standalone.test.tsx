import { TextDecoder, TextEncoder } from 'node:util';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '../store/root-store';

// react-router needs TextEncoder, which jsdom lacks; the harness is imported only once it exists.
Object.assign(globalThis, { TextEncoder, TextDecoder });

let harness: Awaited<typeof harnessModule>;
const harnessModule = Promise.resolve().then(() => import('./render-standalone'));

beforeAll(async () => {
  harness = await harnessModule;
});

function answer(result: unknown) {
  return {
    status: 200,
    ok: true,
    text: async () => JSON.stringify({ code: '200', message: '', result }),
  } as Response;
}

describe('standaloneBasename', () => {
  it('finds the module folder a built standalone page is served from', () => {
    expect(harness.standaloneBasename('/mf-markets/')).toBe('/mf-markets');
    expect(harness.standaloneBasename('/mf-markets/market')).toBe('/mf-markets');
    expect(harness.standaloneBasename('/market')).toBeUndefined();
  });

  it('uses the public path of a release, on this origin or another', () => {
    const release = '/releases/mf-markets/0.1.0-20261127061530/';
    expect(harness.standaloneBasename('/releases/mf-markets/0.1.0-20261127061530/market', release)).toBe(
      '/releases/mf-markets/0.1.0-20261127061530',
    );
    expect(harness.standaloneBasename('/m/mf-markets/2/', 'https://cdn.example/m/mf-markets/2/')).toBe(
      '/m/mf-markets/2',
    );
    // A page outside the public path (a module built with 'auto' served from its folder).
    expect(harness.standaloneBasename('/mf-markets/market', 'http://x/elsewhere/')).toBe('/mf-markets');
  });
});

describe('renderStandalone', () => {
  let root: RootStore;
  afterEach(() => {
    root.dispose();
    document.body.innerHTML = '';
  });

  it('shows the module with a diagnostics panel and signs in through /login/login', async () => {
    const user = userEvent.setup();
    const release = 'http://localhost/releases/mf-markets/0.1.0-2/';
    const fetch = jest.fn(async (url: string) =>
      url === `${release}mf-manifest.json`
        ? ({
            ok: true,
            json: async () => ({ metaData: { buildInfo: { buildVersion: '0.1.0-2' } } }),
          } as Response)
        : answer({ token: 't-1', userInfo: { id: '1', username: 'alice', email: 'a@x.io' } }),
    );
    const originalFetch = globalThis.fetch;
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    const container = document.createElement('div');
    document.body.append(container);
    try {
      await act(async () => {
        ({ root } = harness.renderStandalone({
          name: 'mf_markets',
          version: '1.2.3',
          publicPath: release,
          routes: () => <p>markets screen</p>,
          container,
        }));
      });
      act(() => root.socket.stop());
      expect(screen.getByText('markets screen')).toBeInTheDocument();
      const panel = within(screen.getByTestId('harness-diagnostics'));
      expect(panel.getAllByText('mf_markets')).not.toHaveLength(0);
      // The package version until the manifest is read, then the release's build version.
      expect(await panel.findByTestId('harness-version')).toHaveTextContent('0.1.0-2');
      expect(panel.getAllByText(`${release}mf-manifest.json`)).not.toHaveLength(0);
      expect(panel.getByTestId('diagnostics-socket')).toHaveTextContent('Closed');
      expect(panel.getByText('http://localhost/swx/customer')).toBeInTheDocument();
      expect(panel.getByText('Signed out')).toBeInTheDocument();

      await user.type(panel.getByLabelText(/Username or e-mail/), 'alice');
      await user.type(panel.getByLabelText(/Password/), 'secret-pass');
      await user.click(panel.getByRole('button', { name: 'Sign in' }));
      expect(await panel.findByText(/Signed in as alice/)).toBeInTheDocument();
      expect(fetch).toHaveBeenCalledWith(
        '/swx/customer/login/login',
        expect.objectContaining({ method: 'POST' }),
      );
      expect(root.session.token).toBe('t-1');
    } finally {
      globalThis.fetch = originalFetch;
    }
  });
});

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
});

describe('renderStandalone', () => {
  let root: RootStore;
  afterEach(() => {
    root.dispose();
    document.body.innerHTML = '';
  });

  it('shows the module with a diagnostics panel and signs in through /login/login', async () => {
    const user = userEvent.setup();
    const fetch = jest.fn(async () =>
      answer({ token: 't-1', userInfo: { id: '1', username: 'alice', email: 'a@x.io' } }),
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
          routes: () => <p>markets screen</p>,
          container,
        }));
      });
      act(() => root.socket.stop());
      expect(screen.getByText('markets screen')).toBeInTheDocument();
      const panel = within(screen.getByTestId('harness-diagnostics'));
      expect(panel.getByText('mf_markets')).toBeInTheDocument();
      expect(panel.getByText('1.2.3')).toBeInTheDocument();
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

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { Eip1193Provider } from '@swx/shared/wallet';
import { Refusal, createFakeSite, ok, renderScreen, resetRoot } from '../../../../test-support/fake-site';
import { SettingsScreen } from '../../settings';

let root: RootStore | undefined;
let stopAnnouncing: (() => void) | undefined;
afterEach(() => {
  stopAnnouncing?.();
  stopAnnouncing = undefined;
  resetRoot(root);
});

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const nonce = { nonce: 'a1b2c3d4e5f60718', chainId: 1, expiresAt: '2026-11-23T19:05:00.000Z' };
const linkedAt = '2026-11-20T10:00:00.000Z';

function announceWallet(name: string) {
  const provider: Eip1193Provider = {
    async request({ method }) {
      if (method === 'eth_requestAccounts') return [address];
      if (method === 'personal_sign') return `0x${'cd'.repeat(65)}`;
      throw Object.assign(new Error('unsupported'), { code: 4200 });
    },
  };
  const onRequest = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: 'uuid-1', name, icon: '', rdns: 'test' }, provider },
      }),
    );
  window.addEventListener('eip6963:requestProvider', onRequest);
  stopAnnouncing = () => window.removeEventListener('eip6963:requestProvider', onRequest);
}

const section = () => screen.getByRole('region', { name: 'Wallets' });

test('links the announced wallet with a signed message and lists it', async () => {
  announceWallet('Test Wallet');
  const site = createFakeSite(
    {
      'GET /user/wallets': { wallets: [], hasPassword: true },
      'GET /login/dappNonce': nonce,
      'POST /user/linkWallet': ok({ wallets: [{ address, linkedAt }], hasPassword: true }, '20005'),
    },
    { signedIn: true },
  );
  root = site.root;
  renderScreen(root, <SettingsScreen />, '/profile/settings');
  expect(await within(section()).findByText('No wallet linked yet.')).toBeInTheDocument();
  await userEvent.click(await within(section()).findByRole('button', { name: 'Link Test Wallet' }));

  expect(await within(section()).findByText(address)).toBeInTheDocument();
  const body = site.calls.find((call) => call.path === '/user/linkWallet')?.body as { message: string };
  expect(body.message).toContain('Nonce: a1b2c3d4e5f60718');
  expect(body.message).toContain(address);
});

test('shows a wallet linked elsewhere as refused, and unlinks a linked one', async () => {
  announceWallet('Test Wallet');
  const site = createFakeSite(
    {
      'GET /user/wallets': { wallets: [{ address: other, linkedAt }], hasPassword: true },
      'GET /login/dappNonce': nonce,
      'POST /user/linkWallet': new Refusal('11124'),
      'POST /user/unlinkWallet': ok({ wallets: [], hasPassword: true }, '20005'),
    },
    { signedIn: true },
  );
  root = site.root;
  renderScreen(root, <SettingsScreen />, '/profile/settings');
  await userEvent.click(await within(section()).findByRole('button', { name: 'Link Test Wallet' }));
  expect(await within(section()).findByRole('alert')).toHaveTextContent(
    'This wallet is already linked to an account',
  );

  await userEvent.click(within(section()).getByRole('button', { name: `Unlink wallet ${other}` }));
  await waitFor(() => expect(within(section()).queryByText(other)).toBeNull());
  expect(site.calls.find((call) => call.path === '/user/unlinkWallet')?.body).toEqual({ address: other });
});

test('says how to get a wallet when this browser has none, and notes a wallet-only account', async () => {
  const site = createFakeSite(
    { 'GET /user/wallets': { wallets: [{ address, linkedAt }], hasPassword: false } },
    { signedIn: true },
  );
  root = site.root;
  renderScreen(root, <SettingsScreen />, '/profile/settings');
  expect(await within(section()).findByText(/Your account has no password/)).toBeInTheDocument();
  const button = within(section()).getByRole('button', { name: 'Link a wallet' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  expect(within(section()).getByText('No wallet found in this browser')).toBeInTheDocument();
});

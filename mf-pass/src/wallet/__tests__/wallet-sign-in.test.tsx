import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import type { Eip1193Provider } from '@swx/shared/wallet';
import {
  createFakeSite,
  customer,
  field,
  ok,
  Refusal,
  renderScreen,
  resetRoot,
  type FakeRoutes,
} from '../../test-support/fake-site';
import { LoginScreen } from '../../screens/login';
import { WalletSignUpScreen } from '../wallet-sign-up';

let root: RootStore | undefined;
let stopAnnouncing: (() => void) | undefined;
afterEach(() => {
  stopAnnouncing?.();
  stopAnnouncing = undefined;
  resetRoot(root);
});

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const signature = `0x${'ab'.repeat(65)}`;
const nonce = { nonce: 'a1b2c3d4e5f60718', chainId: 1, expiresAt: '2026-11-23T19:05:00.000Z' };
const location = () => screen.getByTestId('location').textContent;

function site(routes: FakeRoutes = {}) {
  const fake = createFakeSite({ 'GET /login/dappNonce': nonce, ...routes });
  root = fake.root;
  return fake;
}

/** A wallet announcing itself by EIP-6963, answering requests with `answers`. */
function announceWallet(name: string, answers: Record<string, () => unknown> = {}) {
  const requests: { method: string; params?: unknown }[] = [];
  const provider: Eip1193Provider = {
    async request(args) {
      requests.push(args);
      const answer = answers[args.method];
      if (answer) return answer();
      if (args.method === 'eth_requestAccounts') return [address.toLowerCase()];
      if (args.method === 'personal_sign') return signature;
      throw Object.assign(new Error('unsupported'), { code: 4200 });
    },
  };
  const onRequest = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: { uuid: `uuid-${name}`, name, icon: 'data:image/svg+xml,<svg/>', rdns: 'test' },
          provider,
        },
      }),
    );
  window.addEventListener('eip6963:requestProvider', onRequest);
  stopAnnouncing = () => window.removeEventListener('eip6963:requestProvider', onRequest);
  return requests;
}

test('offers the announced wallet by name and signs in with its signature', async () => {
  const requests = announceWallet('Test Wallet');
  const { calls } = site({ 'POST /login/loginByDapp': ok({ token: 'tok-w', userInfo: customer }) });
  renderScreen(root!, <LoginScreen />, '/pass/login?redirect=%2Fprofile');

  await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Test Wallet' }));
  await waitFor(() => expect(location()).toBe('/profile'));

  const login = calls.find((call) => call.path === '/login/loginByDapp');
  const body = login?.body as { message: string; signature: string };
  expect(body.signature).toBe(signature);
  expect(body.message).toContain(`localhost wants you to sign in with your Ethereum account:\n${address}\n`);
  expect(body.message).toContain('Nonce: a1b2c3d4e5f60718');
  expect(body.message).toContain('Chain ID: 1');
  // The wallet was asked to sign exactly that message, hex-encoded, for the checksummed address.
  const sign = requests.find((r) => r.method === 'personal_sign');
  const [hex, signer] = sign?.params as [string, string];
  const bytes = Uint8Array.from(hex.slice(2).match(/../g) ?? [], (pair) => parseInt(pair, 16));
  expect(new TextDecoder().decode(bytes)).toBe(body.message);
  expect(signer).toBe(address);
  expect(root!.session.token).toBe('tok-w');
});

test('takes a new wallet to its sign-up page with the ticket and the way back', async () => {
  announceWallet('Test Wallet');
  const signUp = { ticket: 'ticket-1', address, expiresAt: '2026-11-23T19:30:00.000Z' };
  site({ 'POST /login/loginByDapp': ok({ signUp }) });
  renderScreen(root!, <LoginScreen />, '/pass/login?redirect=%2Fmarket');
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Test Wallet' }));
  await waitFor(() => expect(location()).toBe('/pass/wallet?redirect=%2Fmarket'));
});

test('says what a wallet browser is when this browser has no wallet', async () => {
  site();
  renderScreen(root!, <LoginScreen />, '/pass/login');
  const button = await screen.findByRole('button', { name: 'Sign in with a wallet' });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.setup().click(button);
  expect(screen.getByText('No wallet found in this browser')).toBeInTheDocument();
  expect(screen.getByText(/a wallet browser — a wallet app for your phone/)).toBeInTheDocument();
});

test('shows a signature declined in the wallet in words', async () => {
  announceWallet('Test Wallet', {
    personal_sign: () => Promise.reject(Object.assign(new Error('User rejected'), { code: 4001 })),
  });
  const { calls } = site();
  renderScreen(root!, <LoginScreen />, '/pass/login');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Continue with Test Wallet' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('You declined the request in your wallet.');
  expect(calls.some((call) => call.path === '/login/loginByDapp')).toBe(false);
});

test('a refused signature shows the catalogue text', async () => {
  announceWallet('Test Wallet');
  site({ 'POST /login/loginByDapp': new Refusal('11123') });
  renderScreen(root!, <LoginScreen />, '/pass/login');
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Test Wallet' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The signature does not match the wallet address',
  );
});

describe('wallet sign-up page', () => {
  const signUp = { ticket: 'ticket-1', address, expiresAt: '2026-11-23T19:30:00.000Z' };

  test('creates the account with the ticket, the username and the e-mailed code', async () => {
    const { calls } = site({
      'POST /login/sendCode': null,
      'POST /login/registerByDapp': ok({ token: 'tok-new', userInfo: customer }),
    });
    renderScreen(root!, <WalletSignUpScreen />, {
      pathname: '/pass/wallet',
      search: '?redirect=%2Fmarket&invite=K7M2QX9D',
      state: { signUp },
    });
    expect(screen.getByText(address)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(field('Username'), 'alice_01');
    await user.type(field('E-mail'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(field('E-mail verification code'), '042917');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(location()).toBe('/market'));
    expect(calls.find((call) => call.path === '/login/registerByDapp')?.body).toEqual({
      ticket: 'ticket-1',
      username: 'alice_01',
      email: 'alice@example.com',
      code: '042917',
      inviteCode: 'K7M2QX9D',
    });
    expect(root!.session.token).toBe('tok-new');
  });

  test('without a ticket, says to sign in with the wallet again', () => {
    site();
    renderScreen(root!, <WalletSignUpScreen />, '/pass/wallet');
    expect(screen.getByRole('alert')).toHaveTextContent('This wallet sign-up is no longer open');
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });
});

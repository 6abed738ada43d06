import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import {
  createFakeSite,
  customer,
  field,
  ok,
  Refusal,
  renderScreen,
  resetRoot,
  type FakeRoutes,
} from '../../../test-support/fake-site';
import { LoginScreen } from '../login';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

function site(routes: FakeRoutes = {}) {
  const fake = createFakeSite({ 'POST /login/login': ok({ token: 'tok-1', userInfo: customer }), ...routes });
  root = fake.root;
  return fake;
}

const location = () => screen.getByTestId('location').textContent;

/** The form's own calls: the social buttons below it ask for the configured providers on their own. */
const formCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path !== '/login/socialProviders');

async function logIn(account = 'alice_01', password = 'secret12') {
  const user = userEvent.setup();
  await user.type(field('Username or e-mail'), account);
  await user.type(field('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

test('asks for the account and the password, and focuses the first field to fix', async () => {
  const { calls } = site();
  renderScreen(root!, <LoginScreen />, '/pass/login');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));

  const account = field('Username or e-mail');
  const password = field('Password');
  expect(screen.getByText('Enter your username or e-mail')).toBeInTheDocument();
  expect(screen.getByText('Enter your password')).toBeInTheDocument();
  expect(account).toHaveAttribute('aria-invalid', 'true');
  expect(account).toHaveAccessibleDescription('Enter your username or e-mail');
  expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(account).toHaveFocus();
  expect(formCalls(calls)).toHaveLength(0);
});

test('signs in with Enter, keeps the seed local keys and goes back to the redirect page', async () => {
  const { calls } = site();
  renderScreen(root!, <LoginScreen />, '/pass/login?redirect=%2Fprofile%2Fbalance');
  const user = userEvent.setup();
  await user.type(field('Username or e-mail'), ' alice@example.com ');
  await user.type(field('Password'), 'secret12{Enter}');

  await waitFor(() => expect(location()).toBe('/profile/balance'));
  expect(formCalls(calls)[0]).toMatchObject({
    method: 'POST',
    path: '/login/login',
    body: { account: 'alice@example.com', password: 'secret12' },
  });
  expect(root!.session.isLoggedIn).toBe(true);
  expect(localStorage.getItem('token')).toBe('tok-1');
  expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ username: 'alice_01' });
  expect(localStorage.getItem('isLogin')).toBe('true');
  // The customer's stored mode (demo for this one) is the active one, without a call to store it again.
  expect(root!.settings.accountMode).toBe('demo');
  expect(localStorage.getItem('virtualStatus')).toBe('1');
  expect(formCalls(calls).map((call) => call.path)).toEqual(['/login/login']);
});

test.each(['//evil.com', 'https://evil.com/steal', '/\\evil.com', 'javascript:alert(1)'])(
  'never follows a redirect off the site: %s',
  async (redirect) => {
    site();
    renderScreen(root!, <LoginScreen />, `/pass/login?redirect=${encodeURIComponent(redirect)}`);
    await logIn();
    await waitFor(() => expect(location()).toBe('/'));
  },
);

test('goes home without a redirect', async () => {
  site();
  renderScreen(root!, <LoginScreen />, '/pass/login');
  await logIn();
  await waitFor(() => expect(location()).toBe('/'));
});

test('a wrong password shows the catalogue message at the password field', async () => {
  site({ 'POST /login/login': new Refusal('10004') });
  renderScreen(root!, <LoginScreen />, '/pass/login');
  await logIn();
  const password = field('Password');
  await waitFor(() => expect(password).toHaveAccessibleDescription('Password incorrect'));
  expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(password).toHaveFocus();
  expect(root!.session.isLoggedIn).toBe(false);
  expect(location()).toBe('/pass/login');
});

test('a refusal about the whole form is announced above the button', async () => {
  site({ 'POST /login/login': new Refusal('10005') });
  renderScreen(root!, <LoginScreen />, '/pass/login');
  await logIn();
  expect(await screen.findByRole('alert')).toHaveTextContent('Abnormal user status');
});

test('speaks the active language', async () => {
  const fake = createFakeSite({ 'POST /login/login': new Refusal('10004') }, { language: 'de' });
  root = fake.root;
  renderScreen(root, <LoginScreen />, '/pass/login');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  expect(field('Benutzername oder E-Mail')).toHaveAttribute('aria-invalid', 'true');
  await user.type(field('Benutzername oder E-Mail'), 'alice_01');
  await user.type(field('Passwort'), 'secret12{Enter}');
  const message = root.i18n.t('codes.10004', { ns: 'common' });
  expect(message).not.toBe('Password incorrect');
  await waitFor(() => expect(field('Passwort')).toHaveAccessibleDescription(message));
});

test('shows and hides the password', async () => {
  site();
  renderScreen(root!, <LoginScreen />, '/pass/login');
  const user = userEvent.setup();
  const password = field('Password');
  expect(password).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password).toHaveAttribute('type', 'password');
});

test('links to sign-up (keeping the way back) and to password reset', () => {
  site();
  renderScreen(root!, <LoginScreen />, '/pass/login?redirect=%2Ftrading');
  expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    '/pass/register?redirect=%2Ftrading',
  );
  expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/pass/reset');
});

test('confirms a password reset and has the address filled in', () => {
  site();
  renderScreen(root!, <LoginScreen />, {
    pathname: '/pass/login',
    state: { successCode: '20005', account: 'alice@example.com' },
  });
  expect(screen.getByText('Modified successfully')).toBeInTheDocument();
  expect(screen.getByText('Modified successfully').closest('[role="status"]')).toHaveTextContent(
    'Modified successfully Log in with your new password.',
  );
  expect(field('Username or e-mail')).toHaveValue('alice@example.com');
});

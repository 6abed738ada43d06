import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
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
import { LoginCallbackScreen } from '../login-callback';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

function renderCallback(path: string, routes: FakeRoutes, language: 'en' | 'ar' = 'en') {
  const fake = createFakeSite(routes, { language });
  root = fake.root;
  renderScreen(
    root,
    <Routes>
      <Route path="/api/loginCallback/:provider" element={<LoginCallbackScreen />} />
    </Routes>,
    path,
  );
  return fake;
}

const location = () => screen.getByTestId('location').textContent;
const signedIn = { outcome: 'signedIn', token: 'tok-9', userInfo: customer, returnTo: '/trade?code=BTC' };

test('hands the provider answer to the server once, signs in and lands where the customer started', async () => {
  const { calls } = renderCallback('/api/loginCallback/google?code=abc&state=xyz&iss=https%3A%2F%2Fidp', {
    'POST /login/socialCallback/google': ok(signedIn),
  });
  await waitFor(() => expect(location()).toBe('/trade?code=BTC'));
  const handed = calls.filter((call) => call.path.startsWith('/login/socialCallback/'));
  expect(handed).toHaveLength(1);
  expect(handed[0]!.body).toEqual({ callback: '?code=abc&state=xyz&iss=https%3A%2F%2Fidp' });
  expect(root!.session.token).toBe('tok-9');
});

test('a refusal shows the translated code and never text from the URL', async () => {
  renderCallback(
    `/api/loginCallback/${encodeURIComponent('<b>evil</b> site')}?error_description=${encodeURIComponent('Call +1 555 now')}`,
    {
      [`POST /login/socialCallback/${encodeURIComponent('<b>evil</b> site')}`]: new Refusal('11110'),
    },
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in method is not available');
  // The page itself (not the test's location probe, which shows the URL on purpose).
  const page = screen.getByRole('heading', { name: 'Sign-in did not complete' }).closest('section')!;
  expect(page).not.toHaveTextContent('evil');
  expect(page).not.toHaveTextContent('555');
  expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/pass/login');
});

test('a new identity chooses a username, then is signed in', async () => {
  const { calls } = renderCallback('/api/loginCallback/google?code=a&state=b', {
    'POST /login/socialCallback/google': ok({
      outcome: 'chooseUsername',
      ticket: 't1',
      email: null,
      returnTo: '/',
    }),
    'POST /login/socialRegister': ok({ token: 'tok-2', userInfo: customer }),
  });
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Username/), 'alice_01');
  await user.click(screen.getByRole('button', { name: 'Open account' }));
  await waitFor(() => expect(location()).toBe('/'));
  expect(calls.at(-1)!.body).toEqual({ ticket: 't1', username: 'alice_01' });
});

test('a verified e-mail of an existing account asks for that account password', async () => {
  const { calls } = renderCallback('/api/loginCallback/apple?code=a&state=b', {
    'POST /login/socialCallback/apple': ok({
      outcome: 'confirmLink',
      ticket: 't2',
      email: 'alice@example.com',
      returnTo: '/',
    }),
    'POST /login/socialConfirmLink': new Refusal('10004'),
  });
  expect(await screen.findByText(/already uses alice@example.com/)).toBeInTheDocument();
  const user = userEvent.setup();
  await user.type(field('Password'), 'wrong-1');
  await user.click(screen.getByRole('button', { name: 'Link and log in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Password incorrect');
  expect(calls.at(-1)!.body).toEqual({ ticket: 't2', password: 'wrong-1' });
  expect(root!.session.isLoggedIn).toBe(false);
});

test('is localised', async () => {
  renderCallback(
    '/api/loginCallback/apple?state=x',
    { 'POST /login/socialCallback/apple': new Refusal('11111') },
    'ar',
  );
  expect(await screen.findByRole('link', { name: 'العودة إلى تسجيل الدخول' })).toBeInTheDocument();
});

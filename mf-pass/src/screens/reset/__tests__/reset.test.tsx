import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { RootStore } from '@swx/shared';
import {
  createFakeSite,
  field,
  ok,
  Refusal,
  renderScreen,
  resetRoot,
  type FakeRoutes,
} from '../../../test-support/fake-site';
import { LoginScreen } from '../../login';
import { ResetScreen } from '../reset';

// Typing in jsdom, and the strength checker's dictionary on first use, are slow when the suite runs in
// parallel on a loaded machine.

let root: RootStore | undefined;
afterEach(() => {
  jest.useRealTimers();
  resetRoot(root);
});

function site(routes: FakeRoutes = {}) {
  const fake = createFakeSite({
    'POST /login/sendCode': ok(null),
    'POST /user/repassword': ok(null, '20005'),
    ...routes,
  });
  root = fake.root;
  return fake;
}

/** The reset page, and the login page it hands over to. */
function renderReset() {
  return renderScreen(
    root!,
    <Routes>
      <Route path="/pass/reset" element={<ResetScreen />} />
      <Route path="/pass/login" element={<LoginScreen />} />
    </Routes>,
    '/pass/reset',
  );
}

const submit = () => screen.getByRole('button', { name: 'Reset password' });

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('E-mail'), 'alice@example.com');
  await user.type(field('E-mail verification code'), '042917');
  await user.type(field('New password'), 'newsecret34');
  await user.type(field('Confirm password'), 'newsecret34');
}

test('an empty form names every required field and focuses the first', async () => {
  const { calls } = site();
  renderReset();
  await userEvent.setup().click(submit());
  const expectations: [string, string][] = [
    ['E-mail', 'Enter your e-mail'],
    ['E-mail verification code', 'Enter the verification code'],
    ['New password', 'Enter your password'],
    ['Confirm password', 'Confirm your password'],
  ];
  for (const [label, message] of expectations) {
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
  }
  expect(field('E-mail')).toHaveFocus();
  expect(calls).toHaveLength(0);
});

test('checks the e-mail format, the code and that both passwords match', async () => {
  site();
  renderReset();
  const user = userEvent.setup();
  await user.type(field('E-mail'), 'alice.example.com');
  await user.type(field('E-mail verification code'), '123');
  await user.type(field('New password'), 'newsecret34');
  await user.type(field('Confirm password'), 'newsecret35');
  await user.click(submit());
  expect(field('E-mail')).toHaveAccessibleDescription(expect.stringContaining('E-mail format incorrect'));
  expect(field('E-mail verification code')).toHaveAccessibleDescription(
    expect.stringContaining('The verification code has 6 digits'),
  );
  expect(field('Confirm password')).toHaveAccessibleDescription('The two passwords are inconsistent');
  expect(field('E-mail')).toHaveFocus();
});

test('sends the code for a reset and counts down', async () => {
  jest.useFakeTimers();
  const { calls } = site();
  renderReset();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await user.type(field('E-mail'), 'alice@example.com');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByRole('button', { name: 'Send again in 60 s' })).toBeDisabled();
  expect(calls.find((call) => call.path === '/login/sendCode')?.body).toEqual({
    email: 'alice@example.com',
    scene: 'reset',
  });
  await act(async () => {
    jest.advanceTimersByTime(60_000);
  });
  expect(screen.getByRole('button', { name: 'Send again' })).toBeEnabled();
});

test('an unknown address is refused at the e-mail field', async () => {
  site({ 'POST /login/sendCode': new Refusal('10009') });
  renderReset();
  const user = userEvent.setup();
  await user.type(field('E-mail'), 'nobody@example.com');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await waitFor(() => expect(field('E-mail')).toHaveAccessibleDescription('User not found'));
  expect(field('E-mail')).toHaveFocus();
});

test('saves the new password, then the login page confirms it (20005) with the address filled in', async () => {
  const { calls } = site();
  renderReset();
  const user = userEvent.setup();
  await fillValidForm(user);
  await user.click(submit());
  expect(await screen.findByText('Modified successfully')).toBeInTheDocument();
  expect(screen.getByText(/Log in with your new password/)).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/pass/login');
  expect(field('Username or e-mail')).toHaveValue('alice@example.com');
  expect(calls.find((call) => call.path === '/user/repassword')?.body).toEqual({
    email: 'alice@example.com',
    code: '042917',
    password: 'newsecret34',
    confirmPassword: 'newsecret34',
  });
});

test.each([
  ['10091', 'E-mail verification code', 'Verification code error'],
  ['11001', 'E-mail verification code', 'Verification code expired, please request a new one'],
  ['11004', 'New password', 'Password must be 8 to 64 characters with letters and digits'],
  ['11003', 'Confirm password', 'The two passwords are inconsistent'],
])('a refusal %s shows at its field', async (code, label, message) => {
  site({ 'POST /user/repassword': new Refusal(code) });
  renderReset();
  const user = userEvent.setup();
  await fillValidForm(user);
  await user.click(submit());
  await waitFor(() => expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message)));
  expect(field(label)).toHaveFocus();
  expect(screen.getByTestId('location')).toHaveTextContent('/pass/reset');
});

test('a refusal about the whole form is announced', async () => {
  site({ 'POST /user/repassword': new Refusal('30000') });
  renderReset();
  const user = userEvent.setup();
  await fillValidForm(user);
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent('Do not submit repeatedly');
});

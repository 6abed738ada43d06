import { act, screen, waitFor } from '@testing-library/react';
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
  type ApiCall,
  type FakeRoutes,
} from '../../../test-support/fake-site';
import { RegisterScreen } from '../register';

// Typing in jsdom, and the strength checker's dictionary on first use, are slow when the suite runs in
// parallel on a loaded machine.

let root: RootStore | undefined;
afterEach(() => {
  jest.useRealTimers();
  resetRoot(root);
});

const taken = { username: new Set(['bob']), email: new Set(['bob@example.com']) };

function site(routes: FakeRoutes = {}, language: 'en' | 'fr' = 'en') {
  const fake = createFakeSite(
    {
      'POST /login/register': ok({ token: 'tok-2', userInfo: customer }),
      'POST /login/sendCode': ok(null),
      'GET /login/checkUserNameOrPhone': (call: ApiCall) => {
        const username = call.query.get('username');
        const email = call.query.get('email');
        return ok({ available: username ? !taken.username.has(username) : !taken.email.has(email ?? '') });
      },
      ...routes,
    },
    { language },
  );
  root = fake.root;
  return fake;
}

const submit = () => screen.getByRole('button', { name: 'Create account' });
const location = () => screen.getByTestId('location').textContent;

const validForm: [string, string][] = [
  ['Username', 'alice_01'],
  ['E-mail', 'alice@example.com'],
  ['Password', 'Granite-otter-58'],
  ['Confirm password', 'Granite-otter-58'],
  ['E-mail verification code', '042917'],
];

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of validForm) await user.type(field(label), value);
}

/** The same form filled by pasting each value: for tests about what happens after submitting it. */
async function pasteValidForm(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of validForm) {
    await user.click(field(label));
    await user.paste(value);
  }
}

describe('validation at each field (seed §5)', () => {
  test('an empty form names every required field and focuses the first', async () => {
    const { calls } = site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    await userEvent.setup().click(submit());
    const expectations: [string, string][] = [
      ['Username', 'Enter your username'],
      ['E-mail', 'Enter your e-mail'],
      ['Password', 'Enter your password'],
      ['Confirm password', 'Confirm your password'],
      ['E-mail verification code', 'Enter the verification code'],
    ];
    for (const [label, message] of expectations) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(field('Invite code (optional)')).not.toHaveAttribute('aria-invalid');
    expect(field('Username')).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  test('the e-mail must be in a valid format', async () => {
    site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup();
    await user.type(field('E-mail'), 'alice@example');
    await user.tab();
    expect(field('E-mail')).toHaveAccessibleDescription(expect.stringContaining('E-mail format incorrect'));
  });

  test('the two passwords must be the same', async () => {
    site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup();
    await user.type(field('Password'), 'Granite-otter-58');
    await user.type(field('Confirm password'), 'secret13');
    await user.tab();
    expect(field('Confirm password')).toHaveAccessibleDescription('The two passwords are inconsistent');
  });

  test('the new password follows the policy', async () => {
    site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup();
    await user.type(field('Password'), 'short');
    await user.tab();
    expect(field('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be 8 to 64 characters with letters and digits'),
    );
  });

  test('the username has 3 to 20 letters, digits or underscores', async () => {
    site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup();
    await user.type(field('Username'), 'a b');
    await user.tab();
    expect(field('Username')).toHaveAccessibleDescription(
      expect.stringContaining('Use 3–20 letters, digits or underscores'),
    );
  });

  test('messages are in the active language', async () => {
    site({}, 'fr');
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    const t = root!.i18n.getFixedT('fr', 'common');
    expect(field('Nom d’utilisateur')).toHaveAccessibleDescription(
      expect.stringContaining(t('validation.usernameRequired')),
    );
    expect(t('validation.usernameRequired')).not.toBe('Enter your username');
  });
});

describe('e-mail verification code', () => {
  test('is not sent to an invalid address', async () => {
    const { calls } = site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup();
    await user.type(field('E-mail'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(field('E-mail')).toHaveFocus();
    expect(field('E-mail')).toHaveAccessibleDescription(expect.stringContaining('E-mail format incorrect'));
    expect(calls.some((call) => call.path === '/login/sendCode')).toBe(false);
  });

  test('is sent for registration, then the button counts 60 s down', async () => {
    jest.useFakeTimers();
    const { calls } = site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(field('E-mail'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('button', { name: 'Send again in 60 s' })).toBeDisabled();
    expect(calls.find((call) => call.path === '/login/sendCode')?.body).toEqual({
      email: 'alice@example.com',
      scene: 'register',
    });
    expect(screen.getByText(/We sent a 6-digit code to alice@example.com/)).toBeInTheDocument();

    await act(async () => {
      jest.advanceTimersByTime(59_000);
    });
    expect(screen.getByRole('button', { name: 'Send again in 1 s' })).toBeDisabled();
    await act(async () => {
      jest.advanceTimersByTime(1_000);
    });
    expect(screen.getByRole('button', { name: 'Send again' })).toBeEnabled();
  });

  test('a refused send (429) shows at the code field and can be retried at once', async () => {
    site({ 'POST /login/sendCode': new Refusal('429') });
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup();
    await user.type(field('E-mail'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(field('E-mail verification code')).toHaveAccessibleDescription(
        'Too many requests, please try again later',
      ),
    );
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });
});

describe('availability of username and e-mail', () => {
  test('says a free username is available, after typing pauses', async () => {
    jest.useFakeTimers();
    const { calls } = site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(field('Username'), 'alice_01');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(400);
    });
    expect(await screen.findByText('This username is available')).toBeInTheDocument();
    const checks = calls.filter((call) => call.path === '/login/checkUserNameOrPhone');
    expect(checks).toHaveLength(1);
    expect(checks[0]!.query.get('username')).toBe('alice_01');
  });

  test('marks a taken username and a taken e-mail at their fields', async () => {
    jest.useFakeTimers();
    site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(field('Username'), 'bob');
    await user.type(field('E-mail'), 'bob@example.com');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(400);
    });
    await waitFor(() =>
      expect(field('Username')).toHaveAccessibleDescription(
        expect.stringContaining('Username already exists'),
      ),
    );
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(field('E-mail')).toHaveAccessibleDescription(expect.stringContaining('E-mail already exists'));
    expect(field('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  test('does not ask about a value that breaks the field rule', async () => {
    jest.useFakeTimers();
    const { calls } = site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(field('E-mail'), 'bob@');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(calls.some((call) => call.path === '/login/checkUserNameOrPhone')).toBe(false);
  });
});

test('an invite link fills the invite code in', () => {
  site();
  renderScreen(root!, <RegisterScreen />, '/pass/register?invite=K7M2QX9D');
  expect(field('Invite code (optional)')).toHaveValue('K7M2QX9D');
});

test('registers, starts the session and goes to the redirect page', async () => {
  const { calls } = site();
  renderScreen(root!, <RegisterScreen />, '/pass/register?invite=K7M2QX9D&redirect=%2Fprofile%2Finvite');
  const user = userEvent.setup();
  await fillValidForm(user);
  await user.click(submit());
  await waitFor(() => expect(location()).toBe('/profile/invite'));
  expect(calls.find((call) => call.path === '/login/register')?.body).toEqual({
    username: 'alice_01',
    email: 'alice@example.com',
    password: 'Granite-otter-58',
    confirmPassword: 'Granite-otter-58',
    code: '042917',
    inviteCode: 'K7M2QX9D',
  });
  expect(root!.session.isLoggedIn).toBe(true);
  expect(localStorage.getItem('token')).toBe('tok-2');
  expect(localStorage.getItem('isLogin')).toBe('true');
});

test('sends no invite code when none was given, and refuses an off-site redirect', async () => {
  const { calls } = site();
  renderScreen(root!, <RegisterScreen />, '/pass/register?redirect=%2F%2Fevil.com');
  const user = userEvent.setup();
  await fillValidForm(user);
  await user.click(submit());
  await waitFor(() => expect(location()).toBe('/'));
  expect(calls.find((call) => call.path === '/login/register')?.body).not.toHaveProperty('inviteCode');
});

describe('server refusals become localised messages', () => {
  // Each code the sign-up can answer, the field it concerns (null: the whole form) and the English text.
  const refusals: [string, string | null, string][] = [
    ['10001', 'Username', 'Enter your username or e-mail'],
    ['10002', 'E-mail', 'E-mail incorrect'],
    ['10003', 'Username', 'Username input error'],
    ['10004', null, 'Password incorrect'],
    ['10005', null, 'Abnormal user status'],
    ['10006', 'Username', 'Username already exists'],
    ['10007', 'E-mail', 'E-mail already exists'],
    ['10008', null, 'Wrong user status'],
    ['10009', null, 'User not found'],
    ['10091', 'E-mail verification code', 'Verification code error'],
    ['11001', 'E-mail verification code', 'Verification code expired, please request a new one'],
    ['11002', 'E-mail verification code', 'Too many wrong codes, please request a new one'],
    ['11003', 'Confirm password', 'The two passwords are inconsistent'],
    ['11004', 'Password', 'Password must be 8 to 64 characters with letters and digits'],
    ['11005', 'Invite code (optional)', 'Invite code not found'],
    ['11012', 'Password', 'Password too easy to guess: avoid common passwords and your own name or e-mail'],
    ['30000', null, 'Do not submit repeatedly'],
    ['429', null, 'Too many requests, please try again later'],
  ];

  test.each(refusals)('%s', async (code, label, message) => {
    site({ 'POST /login/register': new Refusal(code) });
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup();
    await pasteValidForm(user);
    await user.click(submit());
    if (label) {
      await waitFor(() => expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message)));
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveFocus();
    } else {
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    }
    expect(root!.session.isLoggedIn).toBe(false);
    expect(location()).toBe('/pass/register');
  });
});

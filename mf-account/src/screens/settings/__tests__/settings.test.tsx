import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import {
  Refusal,
  createFakeSite,
  ok,
  renderScreen,
  resetRoot,
  type ApiCall,
} from '../../../test-support/fake-site';
import { SettingsScreen } from '../settings';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

async function fill(old: string, password: string, confirm: string) {
  if (old) await userEvent.type(screen.getByLabelText(/Current password/), old);
  if (password) await userEvent.type(screen.getByLabelText(/^New password/), password);
  if (confirm) await userEvent.type(screen.getByLabelText(/Confirm new password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

test('the change-password form applies the seed rules before calling the server', async () => {
  const site = createFakeSite({}, { signedIn: true });
  root = site.root;
  renderScreen(root, <SettingsScreen />, '/profile/settings');
  await fill('', 'short', 'other');
  expect(screen.getByText('Enter your password')).toBeInTheDocument();
  expect(screen.getByText('Password must be 8 to 64 characters with letters and digits')).toBeInTheDocument();
  expect(screen.getByText('The two passwords are inconsistent')).toBeInTheDocument();
  expect(site.calls.filter((call) => call.path === '/user/repassword')).toHaveLength(0);
});

test('a good change is confirmed with 20005; a wrong current password is shown on that field', async () => {
  let answer: unknown = new Refusal('10004', 400);
  const site = createFakeSite({ 'POST /user/repassword': () => answer }, { signedIn: true });
  root = site.root;
  renderScreen(root, <SettingsScreen />, '/profile/settings');
  await fill('wrong-one1', 'newpass123', 'newpass123');
  expect(await screen.findByText('Password incorrect')).toBeInTheDocument();
  answer = ok(null, '20005');
  await userEvent.clear(screen.getByLabelText(/Current password/));
  await userEvent.type(screen.getByLabelText(/Current password/), 'right-one1');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('Modified successfully')).toBeInTheDocument();
  expect(site.calls.at(-1)?.body).toEqual({
    oldPassword: 'right-one1',
    password: 'newpass123',
    confirmPassword: 'newpass123',
  });
});

test('language changes at once; demo/real switches only after confirmation', async () => {
  const site = createFakeSite({ 'POST /user/accountMode': null }, { signedIn: true, mode: 'demo' });
  root = site.root;
  renderScreen(root, <SettingsScreen />, '/profile/settings');
  await userEvent.click(screen.getByRole('button', { name: 'Switch to the real account' }));
  expect(root.settings.accountMode).toBe('demo');
  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(root!.settings.accountMode).toBe('real'));
  expect(site.calls.find((call) => call.path === '/user/accountMode')?.body).toEqual({ mode: 'real' });
  await userEvent.click(screen.getByRole('radio', { name: 'Deutsch' }));
  expect(root.settings.language).toBe('de');
});

test('logout signs out on the server and here, then goes home', async () => {
  const site = createFakeSite({ 'POST /login/logout': null }, { signedIn: true });
  root = site.root;
  renderScreen(root, <SettingsScreen />, '/profile/settings');
  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
  await waitFor(() => expect(root!.session.isLoggedIn).toBe(false));
  expect(site.calls.some((call) => call.path === '/login/logout')).toBe(true);
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
});

test('the new password’s strength is shown before submitting, with why a common one is weak', async () => {
  const site = createFakeSite({}, { signedIn: true });
  root = site.root;
  renderScreen(root, <SettingsScreen />, '/profile/settings');
  await userEvent.type(screen.getByLabelText(/^New password/), 'qwerty123');
  const status = await screen.findByText(/Password strength: Very weak\./, {}, { timeout: 10_000 });
  expect(status).toHaveTextContent('It is a common password that attackers try first.');
  await userEvent.clear(screen.getByLabelText(/^New password/));
  await userEvent.type(screen.getByLabelText(/^New password/), 'Granite-otter-58');
  expect(
    await screen.findByText(/Password strength: (Good|Strong)\./, {}, { timeout: 10_000 }),
  ).toBeInTheDocument();
});

test('a password the server finds too easy to guess (11012) is shown on the new-password field', async () => {
  const site = createFakeSite({ 'POST /user/repassword': new Refusal('11012', 400) }, { signedIn: true });
  root = site.root;
  renderScreen(root, <SettingsScreen />, '/profile/settings');
  await fill('right-one1', 'Granite-otter-58', 'Granite-otter-58');
  expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
    expect.stringContaining('Password too easy to guess'),
  );
});

test('one-click trading is off by default, turns on only after its risk is confirmed, and off at once', async () => {
  const site = createFakeSite(
    {
      'POST /user/preferences': (call: ApiCall) => ({
        ...site.root.session.userInfo,
        oneClickTrading: (call.body as { oneClickTrading: boolean }).oneClickTrading,
      }),
    },
    { signedIn: true },
  );
  root = site.root;
  renderScreen(root, <SettingsScreen />, '/profile/settings');
  const preferenceCalls = () => site.calls.filter((call) => call.path === '/user/preferences');
  expect(screen.getByTestId('one-click-state')).toHaveTextContent(/^Off/);
  await userEvent.click(screen.getByRole('button', { name: 'Turn on one-click trading' }));
  const dialog = await screen.findByRole('dialog', { name: 'One-click trading' });
  expect(dialog).toHaveTextContent('cannot be undone');
  expect(preferenceCalls()).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(preferenceCalls()).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Turn on one-click trading' }));
  await userEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn on one-click trading' }),
  );
  await waitFor(() => expect(root!.session.userInfo?.oneClickTrading).toBe(true));
  expect(screen.getByTestId('one-click-state')).toHaveTextContent(/^On/);
  await userEvent.click(screen.getByRole('button', { name: 'Turn off one-click trading' }));
  await waitFor(() => expect(root!.session.userInfo?.oneClickTrading).toBe(false));
  expect(preferenceCalls().map((call) => call.body)).toEqual([
    { oneClickTrading: true },
    { oneClickTrading: false },
  ]);
});

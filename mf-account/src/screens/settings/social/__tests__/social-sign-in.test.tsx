import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import { Refusal, createFakeSite, ok, renderScreen, resetRoot } from '../../../../test-support/fake-site';
import { SocialSignIn } from '../social-sign-in';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

const google = {
  provider: 'google',
  label: 'Google',
  email: 'ana@gmail.com',
  linkedAt: '2026-11-01T00:00:00.000Z',
};

test('shows nothing when no provider is configured or linked', async () => {
  const site = createFakeSite(
    { 'GET /user/socialIdentities': ok({ hasPassword: true, identities: [], available: [] }) },
    { signedIn: true },
  );
  root = site.root;
  renderScreen(root, <SocialSignIn />);
  await waitFor(() => expect(site.calls).toHaveLength(1));
  expect(screen.queryByRole('heading', { name: 'Sign-in methods' })).toBeNull();
});

test('the last sign-in method cannot be removed', async () => {
  const site = createFakeSite(
    {
      'GET /user/socialIdentities': ok({
        hasPassword: false,
        identities: [google],
        available: [{ name: 'apple', label: 'Apple' }],
      }),
    },
    { signedIn: true },
  );
  root = site.root;
  renderScreen(root, <SocialSignIn />);
  expect(await screen.findByRole('button', { name: 'Remove Google' })).toBeDisabled();
  expect(screen.getByText(/only way to sign in/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Link Apple' })).toBeEnabled();
});

test('removes a provider when a password remains, and shows the server refusal otherwise', async () => {
  let answer: unknown = new Refusal('11115');
  const site = createFakeSite(
    {
      'GET /user/socialIdentities': ok({ hasPassword: true, identities: [google], available: [] }),
      'POST /user/socialUnlink/google': () => answer,
    },
    { signedIn: true },
  );
  root = site.root;
  renderScreen(root, <SocialSignIn />);
  const remove = await screen.findByRole('button', { name: 'Remove Google' });
  await userEvent.click(remove);
  expect(await screen.findByText(/This is your last way to sign in/)).toBeInTheDocument();
  answer = ok(
    { hasPassword: true, identities: [], available: [{ name: 'google', label: 'Google' }] },
    '20005',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Remove Google' }));
  expect(await screen.findByRole('button', { name: 'Link Google' })).toBeInTheDocument();
  expect(screen.getByText('No sign-in provider linked yet.')).toBeInTheDocument();
});

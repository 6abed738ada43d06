import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import { createFakeSite, ok, renderScreen, resetRoot } from '../../test-support/fake-site';
import { SocialButtons } from '../social-buttons';

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

test('offers nothing when no provider is configured', async () => {
  const fake = createFakeSite({ 'GET /login/socialProviders': ok([]) });
  root = fake.root;
  renderScreen(root, <SocialButtons returnTo="/trade" />);
  await waitFor(() => expect(fake.calls).toHaveLength(1));
  expect(screen.queryByRole('button')).toBeNull();
});

test('offers each configured provider and starts with a safe return path', async () => {
  const assign = jest.fn();
  const fake = createFakeSite({
    'GET /login/socialProviders': ok([
      { name: 'google', label: 'Google' },
      { name: 'apple', label: 'Apple' },
    ]),
    'POST /login/loginByApple': ok({ authorizationUrl: 'https://idp.example/auth?x=1' }),
  });
  root = fake.root;
  renderScreen(root, <SocialButtons returnTo="//evil.example" go={assign} />);
  expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Apple' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/auth?x=1'));
  expect(fake.calls[1]!.body).toEqual({ returnTo: '/' });
});

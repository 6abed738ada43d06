import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootStore } from '@swx/shared';
import { createFakeSite, field, ok, renderScreen, resetRoot } from '../../../test-support/fake-site';
import { RegisterScreen } from '../register';
import { ResetScreen } from '../../reset/reset';

// Typing in jsdom, and the SDK's strength checker's dictionary on first use, are slow when the suite runs in
// parallel on a loaded machine.

let root: RootStore | undefined;
afterEach(() => resetRoot(root));

function site(language: 'en' | 'de' | 'ar' = 'en') {
  const fake = createFakeSite(
    {
      'POST /login/sendCode': ok(null),
      'GET /login/checkUserNameOrPhone': ok({ available: true }),
    },
    { language },
  );
  root = fake.root;
  return fake;
}

describe('the strength shown while typing', () => {
  it('says why password1 is weak on the sign-up screen', async () => {
    site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    await userEvent.setup().type(field('Password'), 'password1');
    const status = await screen.findByText(/Password strength: Very weak\./, {}, { timeout: 10_000 });
    expect(status).toHaveTextContent('It is a common password that attackers try first.');
  });

  it('counts the username typed above as a weakness', async () => {
    site();
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const user = userEvent.setup();
    await user.type(field('Username'), 'tangerine_fox');
    await user.type(field('Password'), 'tangerine_fox1');
    expect(
      await screen.findByText(/built from your username or e-mail address/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('says it in German on the reset screen', async () => {
    site('de');
    renderScreen(root!, <ResetScreen />, '/pass/reset');
    await userEvent.setup().type(field('Neues Passwort'), 'qwerty123');
    expect(
      await screen.findByText(/Passwortstärke: Sehr schwach\./, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

describe('strength in Arabic', () => {
  it('shows a strong password as strong', async () => {
    site('ar');
    renderScreen(root!, <RegisterScreen />, '/pass/register');
    const passwordInput = document.querySelector<HTMLInputElement>('input[autocomplete="new-password"]')!;
    await userEvent.setup().type(passwordInput, 'Granite-otter-58');
    await waitFor(() => expect(screen.getByText(/قوة كلمة المرور: قوية\./)).toBeInTheDocument(), {
      timeout: 10_000,
    });
  });
});

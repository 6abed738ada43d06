import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refusal, callsTo, createStaffSite, renderStaff, resetRoot, staffMe } from '../../../test-support';
import { resetTokenOf } from '../reset-password';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => {
  resetRoot(site?.root);
  window.history.replaceState(null, '', '/');
});

const session = { token: 'staff-token-3', expiresAt: '2026-11-27T18:00:00.000Z' };
const enrolment = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/SWX:lena?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};

async function signIn(username = 'lena', password = 'first-pass-123') {
  await userEvent.type(screen.getByLabelText(/Username/), username);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('the first sign-in of a member an admin created', () => {
  it('asks for a new password before anything else, then enrolment', async () => {
    let changed = false;
    site = createStaffSite({
      'POST /login': { ...session, totpEnabled: false, passwordChangeRequired: true },
      'GET /me': () =>
        staffMe(['reviewer'], { username: 'lena', totpEnabled: false, passwordChangeRequired: !changed }),
      'POST /password': (call: { body: { currentPassword: string; newPassword: string } }) => {
        if (call.body.newPassword === 'Password123') return new Refusal('11012');
        changed = true;
        return staffMe(['reviewer'], { username: 'lena', totpEnabled: false, passwordChangeRequired: false });
      },
      'POST /totp/enrol': enrolment,
    });
    renderStaff(site);
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeInTheDocument();
    expect(callsTo(site.calls, 'POST /totp/enrol')).toHaveLength(0);
    const fill = async (next: string, again = next) => {
      for (const label of [/Current password/, /^New password(?! again)/, /New password again/])
        await userEvent.clear(screen.getByLabelText(label));
      await userEvent.type(screen.getByLabelText(/Current password/), 'first-pass-123');
      await userEvent.type(screen.getByLabelText(/^New password(?! again)/), next);
      await userEvent.type(screen.getByLabelText(/New password again/), again);
      await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    };
    // Checked here first (shape, both typed the same), then by the server (zxcvbn).
    await fill('short1');
    expect(await screen.findByText('Use 10 to 256 characters.')).toBeInTheDocument();
    await fill('Quartz-lena-lantern-73', 'Quartz-lena-lantern-74');
    expect(await screen.findByText('The two new passwords differ.')).toBeInTheDocument();
    await fill('Password123');
    expect(await screen.findByText(/too easy to guess/i)).toBeInTheDocument();
    expect(callsTo(site.calls, 'POST /password')).toHaveLength(1);
    await fill('Quartz-lena-lantern-73');
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(callsTo(site.calls, 'POST /password')[1]?.body).toEqual({
      currentPassword: 'first-pass-123',
      newPassword: 'Quartz-lena-lantern-73',
    });
  });
});

describe('recovery codes at sign-in', () => {
  it('signs in with a recovery code instead of the app', async () => {
    site = createStaffSite({
      'POST /login': {
        totpRequired: true,
        ticket: 'ticket-abcdefghijklmnopqrstuvwxyz',
        expiresAt: session.expiresAt,
      },
      'POST /login/recovery': (call: { body: { recoveryCode: string } }) =>
        call.body.recoveryCode === 'k7qm-2xhd-9rtw-c4pn'
          ? { ...session, totpEnabled: true, passwordChangeRequired: false }
          : new Refusal('11307'),
      'GET /me': staffMe(['reviewer']),
      'GET /reviews': [],
    });
    renderStaff(site);
    await signIn('rita', 'secret-pass-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByRole('heading', { name: 'Recovery code' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Recovery code/ }), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/16 letters and digits/)).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: /Recovery code/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Recovery code/ }), 'k7qm-2xhd-9rtw-c4pm');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Recovery code incorrect or already used')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Recovery code/ }), 'k7qm-2xhd-9rtw-c4pn');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('re-enrolment after an admin reset two-factor', () => {
  it('asks for the password and an e-mailed code before showing a new secret', async () => {
    site = createStaffSite({
      'POST /login': { ...session, totpEnabled: false, passwordChangeRequired: false },
      'GET /me': staffMe(['finance'], { totpEnabled: false, totpReenrolment: true, recoveryCodesLeft: 0 }),
      'POST /totp/enrol/code': { sentTo: 'r•••@staff.swx.test', expiresAt: session.expiresAt },
      'POST /totp/enrol': (call: { body: { password?: string; emailCode?: string } }) =>
        call.body.emailCode === '246810' ? enrolment : new Refusal('11308'),
    });
    renderStaff(site);
    await signIn('rita', 'secret-pass-1');
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor sign-in again' }),
    ).toBeInTheDocument();
    // Nothing is asked of the server until the proof is given.
    expect(callsTo(site.calls, 'POST /totp/enrol')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    expect((await screen.findAllByText('Code sent to r•••@staff.swx.test.')).length).toBeGreaterThan(0);
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass-1');
    await userEvent.type(screen.getByLabelText(/Code from the e-mail/), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const form = screen.getByRole('form', { name: 'Set up two-factor sign-in again' });
    expect(await within(form).findByRole('alert')).not.toBeEmptyDOMElement();
    await userEvent.clear(screen.getByLabelText(/Code from the e-mail/));
    await userEvent.type(screen.getByLabelText(/Code from the e-mail/), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(callsTo(site.calls, 'POST /totp/enrol').at(-1)?.body).toEqual({
      password: 'secret-pass-1',
      emailCode: '246810',
    });
  });
});

describe('the reset link page', () => {
  const token = 'A'.repeat(43);

  it('reads the token from the fragment only, well-formed', () => {
    expect(resetTokenOf(`#token=${token}`)).toBe(token);
    expect(resetTokenOf('#token=short')).toBeNull();
    expect(resetTokenOf('')).toBeNull();
  });

  it('sets a new password with the link, no session needed, and drops the token from the address', async () => {
    window.history.replaceState(null, '', `/staff/reset-password#token=${token}`);
    site = createStaffSite({ 'POST /password/reset': null });
    renderStaff(site, '/staff/reset-password');
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^New password(?! again)/), 'Granite-rita-orchid-41');
    await userEvent.type(screen.getByLabelText(/New password again/), 'Granite-rita-orchid-41');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password is set. Sign in with it.')).toBeInTheDocument();
    expect(callsTo(site.calls, 'POST /password/reset')[0]?.body).toEqual({
      token,
      newPassword: 'Granite-rita-orchid-41',
    });
    expect(callsTo(site.calls, 'GET /me')).toHaveLength(0);
    await waitFor(() => expect(window.location.hash).toBe(''));
  });

  it('says what to do without a token, or when the link is spent', async () => {
    window.history.replaceState(null, '', '/staff/reset-password');
    site = createStaffSite({});
    renderStaff(site, '/staff/reset-password');
    expect(await screen.findByText(/needs the link from your e-mail/)).toBeInTheDocument();
    resetRoot(site.root);
    window.history.replaceState(null, '', `/staff/reset-password#token=${token}`);
    site = createStaffSite({ 'POST /password/reset': new Refusal('11306') });
    renderStaff(site, '/staff/reset-password');
    await userEvent.type(await screen.findByLabelText(/^New password(?! again)/), 'Granite-rita-orchid-41');
    await userEvent.type(screen.getByLabelText(/New password again/), 'Granite-rita-orchid-41');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByText('This password reset link has expired or was already used'),
    ).toBeInTheDocument();
  });
});

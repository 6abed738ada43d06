import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffTokenKey } from '../../../session';
import { Refusal, callsTo, createStaffSite, renderStaff, resetRoot, staffMe } from '../../../test-support';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

describe('staff sign-in', () => {
  it('asks for the password, then the authenticator code, and keeps only the staff token', async () => {
    localStorage.setItem('token', 'customer-token');
    site = createStaffSite({
      'POST /login': {
        totpRequired: true,
        ticket: 'ticket-abcdefghijklmnopqrstuvwxyz',
        expiresAt: '2026-11-27T06:10:00.000Z',
      },
      'POST /login/totp': (call: { body: { code: string } }) =>
        call.body.code === '123456'
          ? { token: 'staff-token-1', expiresAt: '2026-11-27T18:00:00.000Z', totpEnabled: true }
          : new Refusal('401'),
      'GET /me': staffMe(['reviewer']),
      'GET /reviews': [],
    });
    renderStaff(site);
    await userEvent.type(screen.getByLabelText(/Username/), 'rita');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await userEvent.type(await screen.findByLabelText(/Six-digit code/), '12 3456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const [totp] = callsTo(site.calls, 'POST /login/totp');
    expect(totp?.body).toEqual({ ticket: 'ticket-abcdefghijklmnopqrstuvwxyz', code: '123456' });
    expect(sessionStorage.getItem(staffTokenKey)).toBe('staff-token-1');
    // Every staff call carries the staff token, never the customer's.
    const [me] = callsTo(site.calls, 'GET /me');
    expect(me?.headers.Authorization).toBe('staff-token-1');
    expect(site.calls.every((call) => call.headers.Authorization !== 'customer-token')).toBe(true);
    expect(site.calls.every((call) => call.headers.virtually === undefined)).toBe(true);
  });

  it('refuses a code that is not six digits without asking the server', async () => {
    site = createStaffSite({
      'POST /login': {
        totpRequired: true,
        ticket: 'ticket-abcdefghijklmnopqrstuvwxyz',
        expiresAt: '2026-11-27T06:10:00.000Z',
      },
    });
    renderStaff(site);
    await userEvent.type(screen.getByLabelText(/Username/), 'rita');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText(/Six-digit code/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the six digits from your authenticator app.')).toBeInTheDocument();
    expect(callsTo(site.calls, 'POST /login/totp')).toHaveLength(0);
  });

  it('shows the server refusal of a wrong password and stays on the form', async () => {
    site = createStaffSite({ 'POST /login': new Refusal('10002') });
    renderStaff(site);
    await userEvent.type(screen.getByLabelText(/Username/), 'rita');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const form = screen.getByRole('form', { name: 'Staff sign-in' });
    expect(await within(form).findByRole('alert')).not.toBeEmptyDOMElement();
    expect(within(form).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(sessionStorage.getItem(staffTokenKey)).toBeNull();
  });

  it('enrols the authenticator on first sign-in: QR code, secret, confirmation code, recovery codes once', async () => {
    let enrolled = false;
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `k7qm-2xhd-9rtw-c4p${i}`);
    site = createStaffSite({
      'POST /login': { token: 'staff-token-2', expiresAt: '2026-11-27T18:00:00.000Z', totpEnabled: false },
      'GET /me': () => staffMe(['admin'], { totpEnabled: enrolled }),
      'POST /totp/enrol': {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/SWX:rita?secret=JBSWY3DPEHPK3PXP',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      },
      'POST /totp/confirm': (call: { body: { code: string } }) => {
        enrolled = call.body.code === '654321';
        return enrolled ? { ...staffMe(['admin']), recoveryCodes } : new Refusal('401');
      },
      'GET /reviews': [],
    });
    renderStaff(site);
    await userEvent.type(screen.getByLabelText(/Username/), 'rita');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByAltText('QR code for your authenticator app')).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await userEvent.type(screen.getByLabelText(/Six-digit code/), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    // The recovery codes, shown once, before the back office.
    expect(await screen.findByRole('heading', { name: 'Keep your recovery codes' })).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes').querySelectorAll('li')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'I have kept them' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(callsTo(site.calls, 'POST /totp/confirm')[0]?.body).toEqual({ code: '654321' });
    expect(callsTo(site.calls, 'POST /totp/enrol')[0]?.body).toEqual({});
  });

  it('forgets a stored staff token the server no longer accepts', async () => {
    site = createStaffSite({ 'GET /me': new Refusal('401') }, { me: staffMe(['reviewer']) });
    renderStaff(site);
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(staffTokenKey)).toBeNull());
  });

  it('speaks Simplified Chinese when the site does', async () => {
    site = createStaffSite({}, { language: 'zh-CN' });
    renderStaff(site);
    expect(await screen.findByRole('heading', { name: '员工登录' })).toBeInTheDocument();
  });
});

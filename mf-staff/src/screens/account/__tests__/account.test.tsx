import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffSessionInfo } from '@swx/shared/contract';
import { callsTo, createStaffSite, renderStaff, resetRoot, staffMe } from '../../../test-support';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

const sessionInfo = (overrides: Partial<StaffSessionInfo>): StaffSessionInfo => ({
  id: '1',
  createdAt: '2026-11-27T06:00:00.000Z',
  lastSeenAt: '2026-11-27T06:10:00.000Z',
  idleExpiresAt: '2026-11-27T06:40:00.000Z',
  expiresAt: '2026-11-27T18:00:00.000Z',
  address: '10.20.0.4',
  userAgent: 'Firefox',
  current: true,
  ...overrides,
});

describe('your account', () => {
  it('lists the sessions and ends another one', async () => {
    let sessions = [
      sessionInfo({}),
      sessionInfo({ id: '2', current: false, address: '10.20.0.9', userAgent: 'Phone' }),
    ];
    site = createStaffSite(
      {
        'GET /sessions': () => sessions,
        'POST /sessions/2/revoke': () => {
          sessions = sessions.filter((s) => s.id !== '2');
          return { revoked: 1 };
        },
      },
      { me: staffMe(['reviewer']) },
    );
    renderStaff(site, '/staff/account');
    const phone = (await screen.findByRole('cell', { name: 'Phone' })).closest('tr')!;
    const mine = screen.getByRole('cell', { name: 'Firefox' }).closest('tr')!;
    expect(within(mine).queryByRole('button', { name: 'End' })).toBeNull();
    expect(within(mine).getByText('(this session)')).toBeInTheDocument();
    await userEvent.click(within(phone).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(callsTo(site!.calls, 'POST /sessions/2/revoke')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Phone' })).toBeNull());
  });

  it('makes new recovery codes for a code from the app, and shows them once', async () => {
    site = createStaffSite(
      {
        'GET /sessions': [sessionInfo({})],
        'POST /totp/recovery-codes': {
          recoveryCodes: Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pqr${i}`),
        },
      },
      { me: staffMe(['reviewer'], { recoveryCodesLeft: 3 }) },
    );
    renderStaff(site, '/staff/account');
    expect(await screen.findByText('Unused recovery codes: 3.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Six-digit code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('abcd-efgh-jkmn-pqr9');
    expect(callsTo(site.calls, 'POST /totp/recovery-codes')[0]?.body).toEqual({ code: '123456' });
  });

  it('is in every member’s navigation', async () => {
    site = createStaffSite({ 'GET /reviews': [], 'GET /sessions': [] }, { me: staffMe(['content']) });
    renderStaff(site, '/staff');
    const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
    expect(within(nav).getByRole('link', { name: 'Your account' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Changes to approve' })).toBeNull();
  });
});

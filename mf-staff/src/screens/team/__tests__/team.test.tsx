import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffMember } from '@swx/shared/contract';
import { callsTo, createStaffSite, renderStaff, resetRoot, staffMe } from '../../../test-support';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  staffId: '8',
  username: 'omar',
  roles: ['finance'],
  totpEnabled: true,
  disabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  disabledAt: null,
  email: 'omar@staff.swx.test',
  createdBy: '7',
  passwordChangeRequired: false,
  sessions: 1,
  ...overrides,
});

describe('staff management', () => {
  it('adds a member with the roles ticked and changes a member’s roles', async () => {
    let members = [member({ staffId: '7', username: 'rita', roles: ['admin'] }), member({})];
    site = createStaffSite(
      {
        'GET /staff': () => members,
        'POST /staff': (call: { body: { username: string; roles: StaffMember['roles'] } }) => {
          const created = member({
            staffId: '9',
            username: call.body.username,
            roles: call.body.roles,
            totpEnabled: false,
          });
          members = [...members, created];
          return created;
        },
        'PUT /staff/8/roles': (call: { body: { roles: StaffMember['roles'] } }) => ({
          id: '31',
          kind: 'staff-roles',
          target: 'staff:8',
          status: 'pending',
          summary: { title: 'Roles of omar', before: ['finance'], after: call.body.roles },
        }),
      },
      { me: staffMe(['admin']) },
    );
    renderStaff(site, '/staff/team');
    const add = (await screen.findByRole('heading', { name: 'Add a member' })).closest('section')!;
    await userEvent.type(within(add).getByLabelText(/Username/), 'lena');
    await userEvent.type(within(add).getByLabelText(/^E-mail/), 'lena@staff.swx.test');
    await userEvent.type(within(add).getByLabelText(/Temporary password/), 'first-pass-123');
    await userEvent.click(within(add).getByRole('checkbox', { name: 'Finance' }));
    await userEvent.click(within(add).getByRole('button', { name: 'Add member' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /staff')[0]?.body).toEqual({
        username: 'lena',
        password: 'first-pass-123',
        email: 'lena@staff.swx.test',
        roles: ['reviewer', 'finance'],
      }),
    );
    expect(await screen.findByRole('rowheader', { name: /lena/ })).toBeInTheDocument();

    // A role change is asked for with a reason; a second admin approves it.
    const omar = screen.getByRole('group', { name: 'Roles of omar' });
    await userEvent.click(within(omar).getByRole('checkbox', { name: 'Reviewer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the roles of omar' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'covers the deposit desk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'PUT /staff/8/roles')[0]?.body).toEqual({
        roles: ['finance', 'reviewer'],
        reason: 'covers the deposit desk',
      }),
    );
    expect(await screen.findByText('Role change sent for a second admin to approve.')).toBeInTheDocument();
  });

  it('refuses admin with finance before asking, and sends a reset link to the member', async () => {
    site = createStaffSite(
      {
        'GET /staff': [member({ staffId: '7', username: 'rita', roles: ['admin'] }), member({})],
        'POST /staff/8/password/reset': {
          staffId: '8',
          sentTo: 'o•••@staff.swx.test',
          expiresAt: '2026-11-02T00:00:00.000Z',
        },
      },
      { me: staffMe(['admin']) },
    );
    renderStaff(site, '/staff/team');
    const add = (await screen.findByRole('heading', { name: 'Add a member' })).closest('section')!;
    await userEvent.type(within(add).getByLabelText(/Username/), 'mixed');
    await userEvent.type(within(add).getByLabelText(/^E-mail/), 'mixed@staff.swx.test');
    await userEvent.type(within(add).getByLabelText(/Temporary password/), 'first-pass-123');
    await userEvent.click(within(add).getByRole('checkbox', { name: 'Finance' }));
    await userEvent.click(within(add).getByRole('checkbox', { name: 'Administrator' }));
    await userEvent.click(within(add).getByRole('button', { name: 'Add member' }));
    expect(await within(add).findByRole('alert')).toHaveTextContent('Nobody may be both admin and finance.');
    expect(callsTo(site.calls, 'POST /staff')).toHaveLength(0);
    const row = screen.getByRole('rowheader', { name: /^omar/ }).closest('tr')!;
    expect(within(row).getByText('by rita', { exact: false })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Send password link' }));
    expect(await screen.findByText('A one-time link was sent to o•••@staff.swx.test.')).toBeInTheDocument();
  });

  it('does not let an admin disable themselves', async () => {
    site = createStaffSite(
      { 'GET /staff': [member({ staffId: '7', username: 'rita', roles: ['admin'] })] },
      { me: staffMe(['admin']) },
    );
    renderStaff(site, '/staff/team');
    const row = (await screen.findByRole('rowheader', { name: /rita/ })).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Disable' })).toBeDisabled();
  });
});

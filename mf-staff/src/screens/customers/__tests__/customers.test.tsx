import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Correction, CustomerBook, CustomerProfile } from '@swx/shared/contract';
import {
  FileAnswer,
  Refusal,
  callsTo,
  createStaffSite,
  kycIdentity,
  renderStaff,
  resetRoot,
  staffMe,
} from '../../../test-support';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

const emptyBook: CustomerBook = {
  balances: {},
  recentRecords: [],
  openPositions: [],
  pendingSpotOrders: [],
  openOptions: [],
};

const summary = {
  id: '42',
  username: 'ana',
  email: 'ana@example.com',
  status: 'active' as const,
  kycStatus: 'verified' as const,
  accountMode: 'real' as const,
  createdAt: '2026-11-01T00:00:00.000Z',
  wallets: ['0xabc0000000000000000000000000000000000001'],
};

function profile(overrides: Partial<CustomerProfile['account']> = {}): CustomerProfile {
  return {
    account: { ...summary, inviteCode: 'ANA123', invitedBy: null, hasPassword: true, ...overrides },
    real: { ...emptyBook, balances: { USDT: { available: '1250.5', held: '20' } } },
    demo: { ...emptyBook, balances: { USDT: { available: '100000', held: '0' } } },
    sessions: [
      {
        id: '0123456789abcdef',
        createdAt: '2026-11-26T08:00:00.000Z',
        lastSeenAt: '2026-11-27T05:00:00.000Z',
        userAgent: 'Firefox on Linux',
        revokedAt: null,
      },
    ],
  };
}

function correction(overrides: Partial<Correction> = {}): Correction {
  return {
    id: '3',
    userId: '42',
    username: 'ana',
    mode: 'real',
    currency: 'USDT',
    amount: '-12.5',
    reason: 'Duplicate deposit credited twice',
    status: 'pending',
    requestedBy: '8',
    requestedByUsername: 'omar',
    requestedAt: '2026-11-27T05:00:00.000Z',
    decidedBy: null,
    decidedByUsername: null,
    decidedAt: null,
    rejectReason: null,
    journalId: null,
    ...overrides,
  };
}

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:photo');
  URL.revokeObjectURL = jest.fn();
});

describe('customers', () => {
  it('searches by the text typed and opens the profile', async () => {
    site = createStaffSite(
      {
        'GET /customers': (call: { query: URLSearchParams }) => ({
          items: call.query.get('q') === 'ana@example.com' ? [summary] : [],
          total: 1,
          page: 1,
          pageSize: 20,
        }),
        'GET /customers/42': profile(),
        'GET /customers/42/notes': [],
        'GET /customers/42/identity': kycIdentity({ status: 'verified' }),
        'GET /kyc/31/image/frontImage': new FileAnswer(new Blob(['f'])),
        'GET /kyc/31/image/backImage': new FileAnswer(new Blob(['b'])),
        'GET /kyc/31/image/handImage': new FileAnswer(new Blob(['h'])),
        'GET /customers/42/records': (call: { query: URLSearchParams }) => ({
          items:
            call.query.get('mode') === 'real'
              ? [
                  {
                    id: '900',
                    type: 'deposit',
                    movements: [
                      {
                        currency: 'USDT',
                        available: '1250.5',
                        held: '0',
                        net: '1250.5',
                        availableAfter: '1250.5',
                        heldAfter: '0',
                      },
                    ],
                    referenceType: 'deposit',
                    referenceId: '5',
                    memo: null,
                    createdAt: '2026-11-26T08:00:00.000Z',
                  },
                ]
              : [],
          page: 1,
          pageSize: 20,
          hasMore: false,
        }),
      },
      { me: staffMe(['reviewer']) },
    );
    renderStaff(site, '/staff/customers');
    await userEvent.type(await screen.findByRole('searchbox', { name: /Search for/ }), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('link', { name: 'ana' }));
    expect(await screen.findByRole('heading', { name: 'ana', level: 1 })).toBeInTheDocument();
    const real = screen.getByTestId('book-real');
    expect(within(real).getByRole('rowheader', { name: 'USDT' })).toBeInTheDocument();
    expect(await within(real).findByText('Deposit')).toBeInTheDocument();
    expect(callsTo(site.calls, 'GET /customers/42/records')[0]?.query.get('mode')).toBe('real');
    // The identity record, masked where sensitive; a reviewer may reveal it.
    const identity = screen.getByRole('region', { name: 'Identity' });
    expect(await within(identity).findByText('Lima')).toBeInTheDocument();
    expect(within(identity).getByText('••••••789')).toBeInTheDocument();
    expect(within(identity).getByRole('button', { name: /Reveal/ })).toBeInTheDocument();
    expect(await within(identity).findByAltText('Front photo of ana')).toBeInTheDocument();
    // A reviewer reads; disabling is for admins and corrections for finance.
    expect(screen.queryByRole('button', { name: 'Disable account' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Corrections' })).toBeNull();
  });

  it('shows finance the identity masked, with no photos and no way to reveal it', async () => {
    site = createStaffSite(
      {
        'GET /customers/42': profile(),
        'GET /customers/42/notes': [],
        'GET /customers/42/records': { items: [], page: 1, pageSize: 20, hasMore: false },
        'GET /customers/42/identity': kycIdentity({ status: 'verified' }),
        'GET /corrections': [],
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/customers/42');
    const identity = await screen.findByRole('region', { name: 'Identity' });
    expect(await within(identity).findByText('••••-••-••')).toBeInTheDocument();
    expect(within(identity).queryByRole('button', { name: /Reveal/ })).toBeNull();
    expect(within(identity).queryByRole('img', { name: /photo/ })).toBeNull();
    expect(callsTo(site.calls, 'GET /kyc/31/image/frontImage')).toHaveLength(0);
  });

  it('revokes a session, adds a note and disables the account with a reason', async () => {
    site = createStaffSite(
      {
        'GET /customers/42': profile(),
        'POST /customers/42/sessions/0123456789abcdef/revoke': [
          { ...profile().sessions[0]!, revokedAt: '2026-11-27T06:00:00.000Z' },
        ],
        'GET /customers/42/notes': [],
        'POST /customers/42/notes': {
          id: '1',
          text: 'Called about the deposit',
          staffId: '7',
          staffUsername: 'rita',
          createdAt: '2026-11-27T06:00:00.000Z',
        },
        'POST /customers/42/disable': { ...summary, status: 'disabled' },
      },
      { me: staffMe(['admin']) },
    );
    renderStaff(site, '/staff/customers/42');
    await userEvent.click(await screen.findByRole('button', { name: 'End session' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /customers/42/sessions/0123456789abcdef/revoke')).toHaveLength(1),
    );
    expect(await screen.findByText(/^Ended /)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/New note/), 'Called about the deposit');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /customers/42/notes')[0]?.body).toEqual({
        text: 'Called about the deposit',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Disable account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Fraud report 17');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /customers/42/disable')[0]?.body).toEqual({
        reason: 'Fraud report 17',
      }),
    );
  });
});

describe('corrections (finance)', () => {
  it('refuses a zero amount without a call, and requests a signed one', async () => {
    site = createStaffSite(
      {
        'GET /customers/42': profile(),
        'GET /customers/42/notes': [],
        'GET /corrections': [],
        'POST /corrections': correction({ requestedBy: '7', requestedByUsername: 'rita' }),
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/customers/42');
    const amount = await screen.findByLabelText(/^Amount/);
    await userEvent.type(amount, '0');
    await userEvent.type(screen.getByLabelText(/Reason \(the customer sees it\)/), 'Goodwill');
    await userEvent.click(screen.getByRole('button', { name: 'Request correction' }));
    expect(
      await screen.findByText('Enter a signed amount other than zero, e.g. 25 or -12.5.'),
    ).toBeInTheDocument();
    expect(callsTo(site.calls, 'POST /corrections')).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '-12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Request correction' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /corrections')[0]?.body).toEqual({
        userId: '42',
        mode: 'real',
        currency: 'USDT',
        amount: '-12.5',
        reason: 'Goodwill',
      }),
    );
  });

  it("approves a colleague's correction, never offers one's own", async () => {
    site = createStaffSite(
      {
        'GET /corrections': [
          correction(),
          correction({ id: '4', requestedBy: '7', requestedByUsername: 'rita' }),
        ],
        'POST /corrections/3/approve': correction({ status: 'approved' }),
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/corrections');
    const rows = await screen.findAllByRole('row');
    const own = rows.find((row) => within(row).queryByText('rita'));
    expect(own && within(own).getByText('Needs another finance member')).toBeInTheDocument();
    expect(own && within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
    // Approving asks first, saying which way the money moves, how much and for whom; Cancel sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve this correction?' });
    expect(dialog).toHaveAccessibleDescription(
      '12.50\u00a0USDT will be debited from ana’s real account now. They see the reason in their records.',
    );
    expect(within(dialog).getByText('Duplicate deposit credited twice')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(site.calls, 'POST /corrections/3/approve')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    dialog = await screen.findByRole('dialog', { name: 'Approve this correction?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and post' }));
    await waitFor(() => expect(callsTo(site!.calls, 'POST /corrections/3/approve')).toHaveLength(1));
    expect(await screen.findByText('Correction approved and posted.')).toBeInTheDocument();
  });

  it('shows the server’s field refusals on the fields of a correction request', async () => {
    site = createStaffSite(
      {
        'GET /customers/42': profile(),
        'GET /customers/42/notes': [],
        'GET /corrections': [],
        'POST /corrections': new Refusal('400', 400, 'Invalid body: reason', [
          { field: 'reason', rule: 'minLength', limit: 3 },
        ]),
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/customers/42');
    await userEvent.type(await screen.findByLabelText(/^Amount/), '5');
    await userEvent.type(screen.getByLabelText(/Reason \(the customer sees it\)/), 'ok');
    await userEvent.click(screen.getByRole('button', { name: 'Request correction' }));
    const reason = screen.getByLabelText(/Reason \(the customer sees it\)/);
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription(/Give a reason of at least 3 characters\./),
    );
    expect(reason).toBeInvalid();
    expect(screen.queryByText('Invalid request')).toBeNull();
  });
});

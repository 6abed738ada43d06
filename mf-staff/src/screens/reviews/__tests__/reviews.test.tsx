import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  FileAnswer,
  Refusal,
  callsTo,
  createStaffSite,
  depositReview,
  kycIdentity,
  kycReview,
  loanReview,
  ok,
  renderStaff,
  resetRoot,
  staffMe,
  withdrawalReview,
} from '../../../test-support';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:proof');
  URL.revokeObjectURL = jest.fn();
});

describe('deposit queue', () => {
  it('shows the proof image large with the transaction, claims and approves', async () => {
    let decided = false;
    site = createStaffSite(
      {
        'GET /reviews': () => (decided ? [] : [depositReview()]),
        'GET /uploads/up-77': new FileAnswer(new Blob(['png'], { type: 'image/png' })),
        'POST /reviews/deposit/5/claim': {
          kind: 'deposit',
          id: '5',
          claim: {
            staffId: '7',
            username: 'rita',
            claimedAt: '2026-11-27T06:00:00.000Z',
            expiresAt: '2026-11-27T06:15:00.000Z',
          },
        },
        'POST /reviews/deposit/5/approve': () => {
          decided = true;
          return { ...depositReview(), status: 'approved' };
        },
      },
      { me: staffMe(['reviewer']) },
    );
    renderStaff(site, '/staff/reviews/deposit/5');
    const proof = await screen.findByAltText('Payment proof uploaded by ana');
    expect(proof).toHaveAttribute('src', 'blob:proof');
    expect(screen.getByText('0xabc123def456')).toBeInTheDocument();
    expect(screen.getByText('USDT · TRC20')).toBeInTheDocument();
    expect(callsTo(site.calls, 'GET /reviews')[0]?.query.get('kind')).toBe('deposit');

    await userEvent.click(screen.getByRole('button', { name: 'Zoom in on Payment proof' }));
    expect(screen.getByText('150%')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(callsTo(site.calls, 'POST /reviews/deposit/5/claim')).toHaveLength(1);
    // Approving credits money: it asks first, naming the amount and the customer; Cancel changes nothing.
    const approveButton = screen.getByRole('button', { name: 'Approve' });
    await userEvent.click(approveButton);
    let dialog = await screen.findByRole('dialog', { name: 'Approve this deposit?' });
    expect(dialog).toHaveAccessibleDescription(
      '250.00\u00a0USDT will be credited to ana’s real account now, and ana is notified.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(approveButton).toHaveFocus();
    expect(callsTo(site.calls, 'POST /reviews/deposit/5/approve')).toHaveLength(0);
    await userEvent.click(approveButton);
    dialog = await screen.findByRole('dialog', { name: 'Approve this deposit?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/staff/reviews/deposit'));
    expect(callsTo(site.calls, 'POST /reviews/deposit/5/approve')[0]?.body).toEqual({});
    expect(await screen.findByText('Nothing waits here.')).toBeInTheDocument();
  });

  it('asks for a reason before rejecting, and sends it', async () => {
    site = createStaffSite(
      {
        'GET /reviews': [depositReview()],
        'GET /uploads/up-77': new FileAnswer(new Blob(['png'])),
        'POST /reviews/deposit/5/reject': { ...depositReview(), status: 'rejected' },
      },
      { me: staffMe(['reviewer']) },
    );
    renderStaff(site, '/staff/reviews/deposit/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Write a reason.')).toBeInTheDocument();
    expect(callsTo(site.calls, 'POST /reviews/deposit/5/reject')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Amount does not match the proof ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /reviews/deposit/5/reject')[0]?.body).toEqual({
        reason: 'Amount does not match the proof',
      }),
    );
  });

  it('cannot decide a record a colleague has claimed', async () => {
    site = createStaffSite(
      {
        'GET /reviews': [
          depositReview({
            claim: {
              staffId: '8',
              username: 'omar',
              claimedAt: '2026-11-27T06:00:00.000Z',
              expiresAt: '2026-11-27T06:15:00.000Z',
            },
          }),
        ],
        'GET /uploads/up-77': new FileAnswer(new Blob(['png'])),
      },
      { me: staffMe(['reviewer']) },
    );
    renderStaff(site, '/staff/reviews/deposit/5');
    expect(await screen.findByTestId('claim')).toHaveTextContent('omar is working on this');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
  });
});

describe('withdrawal queue (four eyes)', () => {
  it('records the first approval and says a second member must approve', async () => {
    let approvals: { staffId: string; username: string; approvedAt: string }[] = [];
    site = createStaffSite(
      {
        'GET /reviews': () => [withdrawalReview({ approvals })],
        'POST /reviews/withdrawal/9/approve': () => {
          approvals = [{ staffId: '7', username: 'rita', approvedAt: '2026-11-27T06:00:00.000Z' }];
          return { kind: 'withdrawal', id: '9', pendingApproval: true, approvals, approvalsRequired: 2 };
        },
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/reviews/withdrawal/9');
    expect(await screen.findByTestId('approval-progress')).toHaveTextContent('0 of 2 approvals');
    expect(screen.getByText('TCustomerAddress222')).toBeInTheDocument();
    expect(screen.getAllByText('Past target').length).toBeGreaterThan(0);
    expect(screen.getByText('Method').nextElementSibling).toHaveTextContent('Crypto transfer');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(dialog).toHaveAccessibleDescription(
      'Your approval is 1 of 2: a colleague must approve too before ana’s withdrawal of 20,000.00\u00a0USDT can be paid out. The amount stays held.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve for payout' }));
    expect(
      await screen.findByText('Your approval is recorded. A second member must approve too.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('approval-progress')).toHaveTextContent('1 of 2 approvals'),
    );
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByText("You approved this. It waits for a colleague's approval.")).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/staff/reviews/withdrawal/9');
  });

  it('asks before marking a payout paid, with what was paid, to whom and the reference', async () => {
    let paid = false;
    site = createStaffSite(
      {
        'GET /reviews': () => (paid ? [] : [withdrawalReview({ status: 'approved' })]),
        'POST /withdrawals/9/complete': () => {
          paid = true;
          return { kind: 'withdrawal', id: '9', status: 'completed' };
        },
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/reviews/withdrawal/9?status=approved');
    await userEvent.type(await screen.findByLabelText(/Payout transaction reference/), '0xpaid777');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this withdrawal paid?' });
    expect(dialog).toHaveAccessibleDescription(
      /20,000\.00\u00a0USDT was paid to ana .* the held 20,002\.00\u00a0USDT leaves/,
    );
    expect(within(dialog).getByText('0xpaid777')).toBeInTheDocument();
    expect(within(dialog).getByText('TCustomerAddress222')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(site.calls, 'POST /withdrawals/9/complete')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as paid' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark as paid' }),
    );
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /withdrawals/9/complete')[0]?.body).toEqual({
        reference: '0xpaid777',
      }),
    );
    expect(await screen.findByText('Withdrawal marked as paid.')).toBeInTheDocument();
  });

  it('is not offered to a reviewer', async () => {
    site = createStaffSite({ 'GET /reviews': [] }, { me: staffMe(['reviewer']) });
    renderStaff(site, '/staff/reviews/withdrawal');
    expect(await screen.findByText('Your roles do not include this page')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office sections' });
    expect(within(nav).queryByRole('link', { name: 'Withdrawals' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Deposits' })).toBeInTheDocument();
  });
});

describe('identity check queue', () => {
  it('shows the photos side by side and rejects one field with its reason', async () => {
    site = createStaffSite(
      {
        'GET /reviews': [kycReview()],
        'GET /kyc/31/image/frontImage': new FileAnswer(new Blob(['f'])),
        'GET /kyc/31/image/backImage': new FileAnswer(new Blob(['b'])),
        'GET /kyc/31/image/handImage': new FileAnswer(new Blob(['h'])),
        'GET /kyc/31/identity': kycIdentity({
          duplicates: [{ identityId: '77', userId: '43', username: 'bea', status: 'verified' }],
        }),
        'POST /kyc/31/reveal': { documentNumber: 'PT0123456789', birthdate: '1990-04-02' },
        'POST /reviews/kyc/31/reject': ok({ ...kycReview(), status: 'failed' }),
      },
      { me: staffMe(['reviewer']) },
    );
    renderStaff(site, '/staff/reviews/kyc/31');
    expect(await screen.findByAltText('Front photo of ana')).toBeInTheDocument();
    expect(await screen.findByAltText('Back photo of ana')).toBeInTheDocument();
    expect(await screen.findByAltText('Hand-held photo of ana')).toBeInTheDocument();
    expect(screen.getByText('Lima')).toBeInTheDocument();
    // The country by its name in the member's language, with its code, not the bare code.
    expect(screen.getByText('Country').nextElementSibling).toHaveTextContent('Portugal (PT)');
    // Document number and birth date come masked; the same document on another customer is pointed out.
    expect(screen.getByText('••••••789')).toBeInTheDocument();
    expect(screen.getByText('••••-••-••')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'bea' })).toHaveAttribute('href', '/staff/customers/43');
    await userEvent.click(screen.getByRole('button', { name: 'Reveal document number and date of birth' }));
    expect(await screen.findByText('PT0123456789')).toBeInTheDocument();
    expect(screen.getByText('1990-04-02')).toBeInTheDocument();
    expect(callsTo(site!.calls, 'POST /kyc/31/reveal')[0]?.body).toEqual({
      fields: ['documentNumber', 'birthdate'],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Tick at least one field that fails.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Back photo' }));
    await userEvent.type(within(dialog).getByLabelText(/Reason for Back photo/), 'Back photo is blurred');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /reviews/kyc/31/reject')[0]?.body).toEqual({
        reason: 'Back photo is blurred',
        fields: { backImage: 'Back photo is blurred' },
      }),
    );
  });
});

describe('loan queue', () => {
  it('shows the signed terms and the limit, and opens the contract PDF fetched with the staff token', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    site = createStaffSite(
      {
        'GET /reviews': [loanReview()],
        'GET /loans/12/contract': new FileAnswer(new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
      },
      { me: staffMe(['reviewer']) },
    );
    renderStaff(site, '/staff/reviews/loan/12');
    // Rates in the language's percent format, the daily rate with every digit it has (0.0005 is 0.05%).
    expect(await screen.findByText('18.25%')).toBeInTheDocument();
    expect(screen.getByText('Daily rate').nextElementSibling).toHaveTextContent(/^0\.05%$/);
    // The customer's own loan-page figures: limit, borrowed or pending (this loan included), left.
    expect(screen.getByText('Loan limit').nextElementSibling).toHaveTextContent('5,000.00 USDT');
    expect(screen.getByText('Borrowed or pending (this one included)').nextElementSibling).toHaveTextContent(
      '3,000.00 USDT',
    );
    expect(screen.getByText('Left of the limit').nextElementSibling).toHaveTextContent('2,000.00 USDT');
    await userEvent.click(screen.getByRole('button', { name: 'Open the contract PDF' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:proof', '_blank', 'noopener'));
    expect(callsTo(site.calls, 'GET /loans/12/contract')[0]?.headers.Authorization).toBe('staff-token');
    open.mockRestore();
  });

  it('asks before paying a loan out, and keeps a refusal in the dialog', async () => {
    site = createStaffSite(
      {
        'GET /reviews': [loanReview()],
        'POST /reviews/loan/12/approve': new Refusal('11043'),
      },
      { me: staffMe(['reviewer']) },
    );
    renderStaff(site, '/staff/reviews/loan/12');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this loan?' });
    expect(dialog).toHaveAccessibleDescription(/will be paid into ana’s real account now; ana repays/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and pay out' }));
    expect(await within(dialog).findByText('This record has already been decided')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Approve this loan?' })).toBeInTheDocument();
  });
});

describe('dashboard', () => {
  it('counts the queues the member works, and only those', async () => {
    site = createStaffSite(
      {
        'GET /reviews': (call: { query: URLSearchParams }) =>
          call.query.get('kind') === 'deposit' ? [depositReview(), depositReview({ id: '6' })] : [],
      },
      { me: staffMe(['reviewer']) },
    );
    renderStaff(site, '/staff');
    expect(await screen.findByTestId('count-/staff/reviews/deposit')).toHaveTextContent('2');
    expect(screen.getByTestId('count-/staff/reviews/kyc')).toHaveTextContent('0');
    expect(screen.queryByTestId('count-/staff/reviews/withdrawal')).toBeNull();
    const kinds = callsTo(site.calls, 'GET /reviews').map((call) => call.query.get('kind'));
    expect(kinds.sort()).toEqual(['deposit', 'kyc', 'loan']);
  });
});

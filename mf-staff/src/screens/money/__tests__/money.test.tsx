import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  CharityBook,
  CharityPayout,
  LendingBook,
  LoanWriteOff,
  OverdueLoan,
} from '@swx/shared/contract';
import { Refusal, callsTo, createStaffSite, renderStaff, resetRoot, staffMe } from '../../../test-support';
import { isPositiveAmount } from '../amounts';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

function book(overrides: Partial<LendingBook> = {}): LendingBook {
  return {
    currency: 'USDT',
    capitalFunded: '10000',
    available: '6500',
    pendingPrincipal: '500',
    outstandingPrincipal: '3300',
    overdueAmount: '202',
    overdueLoans: 1,
    writtenOff: '200',
    interestEarned: '12.5',
    utilisation: '0.3367',
    overdueRatio: '0.0606',
    exposureShare: '0.1',
    exposureLimit: '1000',
    customerLimit: '5000',
    ...overrides,
  };
}

function writeOff(overrides: Partial<LoanWriteOff> = {}): LoanWriteOff {
  return {
    loanId: '31',
    status: 'pending',
    reason: 'Borrower unreachable for 90 days',
    requestedBy: '8',
    requestedByUsername: 'sam',
    requestedAt: '2026-12-05T09:00:00.000Z',
    decidedBy: null,
    decidedByUsername: null,
    decidedAt: null,
    rejectReason: null,
    principal: null,
    interest: null,
    journalId: null,
    ...overrides,
  };
}

function overdue(overrides: Partial<OverdueLoan> = {}): OverdueLoan {
  return {
    loanId: '31',
    customer: { userId: '42', username: 'cleo', email: null },
    amount: '200',
    repaymentDate: '2026-11-30',
    overdueDays: 4,
    amountDue: '202',
    paidAmount: '0',
    overdueInterest: '1.2',
    writeOff: null,
    ...overrides,
  };
}

function payout(overrides: Partial<CharityPayout> = {}): CharityPayout {
  return {
    id: '5',
    currency: 'USDT',
    amount: '200',
    reference: 'SEPA 2026-12-01 #4711',
    recipient: 'Children’s Hope Fund',
    status: 'pending',
    requestedBy: '8',
    requestedByUsername: 'sam',
    requestedAt: '2026-12-01T09:00:00.000Z',
    decidedBy: null,
    decidedByUsername: null,
    decidedAt: null,
    rejectReason: null,
    journalId: null,
    ...overrides,
  };
}

const charity = (payouts: CharityPayout[]): CharityBook => ({
  currency: 'USDT',
  raised: '250',
  paidOut: '0',
  held: '250',
  payouts,
});

describe('amounts staff type', () => {
  it('takes positive amounts at the currency’s precision only', () => {
    expect(isPositiveAmount('250.5', 'USDT')).toBe(true);
    expect(isPositiveAmount('0.00000001', 'BTC')).toBe(true);
    for (const text of ['0', '0.00', '-5', '1e3', '12.345', '', ' 5'])
      expect(isPositiveAmount(text, 'USDT')).toBe(false);
  });
});

describe('the lending book', () => {
  it('shows capital, exposure, the overdue share and the limits', async () => {
    site = createStaffSite(
      { 'GET /loans/book': book(), 'GET /loans/overdue': [] },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/lending');
    const figures = within(await screen.findByLabelText('Capital'));
    expect(figures.getByText('10,000.00 USDT')).toBeInTheDocument();
    expect(figures.getByText('6,500.00 USDT')).toBeInTheDocument();
    const exposure = within(screen.getByLabelText('Lent out and limits'));
    expect(exposure.getByText('33.67%')).toBeInTheDocument();
    expect(exposure.getByText('6.06%')).toBeInTheDocument();
    expect(exposure.getByText('Overdue loans: 1')).toBeInTheDocument();
    expect(exposure.getByText('10.00% of the book')).toBeInTheDocument();
    expect(screen.getByText('No loan is overdue')).toBeInTheDocument();
  });

  it('asks to fund the book only after the member confirms the amount, and refuses sub-cent amounts at once', async () => {
    site = createStaffSite(
      {
        'GET /loans/book': book(),
        'GET /loans/overdue': [],
        'POST /loans/capital': (call: { body: { amount: string; reason: string } }) => ({
          id: '12',
          kind: 'lending-capital',
          target: 'lending_book:USDT',
          role: 'finance',
          summary: { title: 'Fund the USDT lending book', before: {}, after: { add: call.body.amount } },
          reason: call.body.reason,
          status: 'pending',
          requestedBy: '7',
          requestedByUsername: 'rita',
          requestedAt: '2026-12-05T09:00:00.000Z',
          decidedBy: null,
          decidedByUsername: null,
          decidedAt: null,
          decisionReason: null,
        }),
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/lending');
    const amount = await screen.findByLabelText(/^Amount \(USDT\)/);
    await userEvent.type(amount, '2500.005');
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Board minute 12');
    await userEvent.click(screen.getByRole('button', { name: 'Ask to fund' }));
    expect(await screen.findByText(/at most the currency's decimals/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.clear(amount);
    await userEvent.type(amount, '2500');
    await userEvent.click(screen.getByRole('button', { name: 'Ask to fund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fund the lending book?' });
    expect(within(dialog).getByText('2,500.00 USDT')).toBeInTheDocument();
    expect(callsTo(site.calls, 'POST /loans/capital')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask to fund' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /loans/capital')[0]?.body).toEqual({
        amount: '2500',
        reason: 'Board minute 12',
      }),
    );
    expect(await screen.findByText(/Waiting for a second finance member/)).toBeInTheDocument();
  });

  it('lets an admin read the book without the finance actions', async () => {
    site = createStaffSite({ 'GET /loans/book': book() }, { me: staffMe(['admin']) });
    renderStaff(site, '/staff/operations/lending');
    expect(await screen.findByLabelText('Capital')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to fund' })).toBeNull();
    expect(screen.getByText('Your roles do not include this page')).toBeInTheDocument();
    expect(callsTo(site.calls, 'GET /loans/overdue')).toHaveLength(0);
  });
});

describe('write-offs (two finance members)', () => {
  it('asks for a write-off with a reason in a dialog that names what is owed', async () => {
    site = createStaffSite(
      {
        'GET /loans/book': book(),
        'GET /loans/overdue': [overdue()],
        'POST /loans/31/writeOff': writeOff({ requestedBy: '7', requestedByUsername: 'rita' }),
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/lending');
    const row = within(await screen.findByTestId('overdue-31'));
    expect(row.getByRole('link', { name: 'cleo' })).toHaveAttribute('href', '/staff/customers/42');
    expect(row.getByText('Days overdue: 4')).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Ask to write off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to write off this loan?' });
    expect(within(dialog).getByText('202.00 USDT')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Borrower unreachable for 90 days');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask to write off' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /loans/31/writeOff')[0]?.body).toEqual({
        reason: 'Borrower unreachable for 90 days',
      }),
    );
  });

  it("approves a colleague's request after confirming, and shows a refusal inside the dialog", async () => {
    let answer: unknown = new Refusal('11404');
    site = createStaffSite(
      {
        'GET /loans/book': book(),
        'GET /loans/overdue': [overdue({ writeOff: writeOff() })],
        'POST /loans/31/writeOff/approve': () => answer,
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/lending');
    const row = within(await screen.findByTestId('overdue-31'));
    expect(row.getByText('Borrower unreachable for 90 days')).toBeInTheDocument();
    expect(row.getByText(/Asked by sam/)).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write off this loan?' });
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only an overdue loan can be written off',
    );
    answer = writeOff({ status: 'approved', decidedBy: '7', decidedByUsername: 'rita', journalId: '9001' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    await waitFor(() => expect(callsTo(site!.calls, 'POST /loans/31/writeOff/approve')).toHaveLength(2));
    expect(await screen.findByText('Loan written off')).toBeInTheDocument();
  });

  it('never offers approval of one’s own request, only withdrawing it with a reason', async () => {
    site = createStaffSite(
      {
        'GET /loans/book': book(),
        'GET /loans/overdue': [
          overdue({ writeOff: writeOff({ requestedBy: '7', requestedByUsername: 'rita' }) }),
        ],
        'POST /loans/31/writeOff/reject': writeOff({ status: 'rejected', rejectReason: 'Paid after all' }),
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/lending');
    const row = within(await screen.findByTestId('overdue-31'));
    expect(row.getByText('Waiting for another finance member')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(row.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your write-off request?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Paid after all');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /loans/31/writeOff/reject')[0]?.body).toEqual({
        reason: 'Paid after all',
      }),
    );
  });
});

describe('charity payouts (two finance members)', () => {
  it('records a payout only after the member confirms amount, recipient and reference', async () => {
    site = createStaffSite(
      {
        'GET /charity/payouts': charity([]),
        'POST /charity/payouts': payout({ requestedBy: '7', requestedByUsername: 'rita' }),
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/charity');
    expect(await screen.findByTestId('charity-held')).toHaveTextContent('250.00 USDT');
    expect(screen.getByText('No payout recorded yet')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Amount \(USDT\)/), '200');
    await userEvent.type(screen.getByLabelText(/^Recipient/), 'Children’s Hope Fund');
    await userEvent.type(screen.getByLabelText(/^Payment reference/), 'SEPA 2026-12-01 #4711');
    await userEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this payout?' });
    expect(within(dialog).getByText('200.00 USDT')).toBeInTheDocument();
    expect(within(dialog).getByText('Children’s Hope Fund')).toBeInTheDocument();
    expect(within(dialog).getByText('SEPA 2026-12-01 #4711')).toBeInTheDocument();
    expect(callsTo(site.calls, 'POST /charity/payouts')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /charity/payouts')[0]?.body).toEqual({
        amount: '200',
        recipient: 'Children’s Hope Fund',
        reference: 'SEPA 2026-12-01 #4711',
      }),
    );
    expect(await screen.findByText('Payout sent for a second finance member to approve')).toBeInTheDocument();
  });

  it("approves a colleague's payout after confirming; one's own waits; history shows who decided", async () => {
    site = createStaffSite(
      {
        'GET /charity/payouts': charity([
          payout(),
          payout({ id: '4', requestedBy: '7', requestedByUsername: 'rita' }),
          payout({
            id: '3',
            status: 'rejected',
            decidedBy: '9',
            decidedByUsername: 'lee',
            decidedAt: '2026-11-30T10:00:00.000Z',
            rejectReason: 'Wrong account',
          }),
        ]),
        'POST /charity/payouts/5/approve': payout({ status: 'approved', journalId: '9001' }),
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/charity');
    const own = within(await screen.findByTestId('payout-4'));
    expect(own.getByText('Waiting for another finance member')).toBeInTheDocument();
    expect(own.queryByRole('button', { name: 'Approve' })).toBeNull();
    const history = within(screen.getByTestId('payout-3'));
    expect(history.getByText('Wrong account')).toBeInTheDocument();
    expect(history.getByText(/lee/)).toBeInTheDocument();
    await userEvent.click(within(screen.getByTestId('payout-5')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this payout?' });
    expect(within(dialog).getByText(/Recorded by sam/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and post' }));
    await waitFor(() => expect(callsTo(site!.calls, 'POST /charity/payouts/5/approve')).toHaveLength(1));
    expect(await screen.findByText('Payout approved and posted')).toBeInTheDocument();
  });

  it('rejects with a reason', async () => {
    site = createStaffSite(
      {
        'GET /charity/payouts': charity([payout()]),
        'POST /charity/payouts/5/reject': payout({ status: 'rejected', rejectReason: 'Duplicate' }),
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/charity');
    await userEvent.click(
      within(await screen.findByTestId('payout-5')).getByRole('button', { name: 'Reject' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject this payout?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(callsTo(site!.calls, 'POST /charity/payouts/5/reject')[0]?.body).toEqual({
        reason: 'Duplicate',
      }),
    );
  });
});

describe('the dashboard', () => {
  it('warns when a real plan reserve cannot sell or the lending book is empty, and counts money requests', async () => {
    site = createStaffSite(
      {
        'GET /reviews': [],
        'GET /corrections': [],
        'GET /plans/reserves': [
          {
            currency: 'USDT',
            mode: 'real',
            balance: '0',
            obligations: '0',
            coverageRatio: null,
            selling: false,
          },
          {
            currency: 'USDT',
            mode: 'demo',
            balance: '0',
            obligations: '0',
            coverageRatio: null,
            selling: true,
          },
        ],
        'GET /loans/book': book({ available: '0.00' }),
        'GET /loans/overdue': [overdue({ writeOff: writeOff() })],
        'GET /charity/payouts': charity([payout(), payout({ id: '4', requestedBy: '7' })]),
        'GET /chain/deposits': {
          networks: [],
          attention: [],
          hotWallets: [],
          heldWithdrawals: [
            {
              withdrawalId: '31',
              network: 'alpha',
              state: 'waiting_funds',
              currency: 'USDT',
              amount: '125',
              since: null,
            },
          ],
        },
      },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff');
    expect(
      await screen.findByRole('link', { name: /real USDT plan reserve cannot take a purchase/ }),
    ).toHaveAttribute('href', '/staff/operations/plans');
    expect(screen.getByRole('link', { name: /lending book has no capital available/ })).toHaveAttribute(
      'href',
      '/staff/operations/lending',
    );
    expect(
      screen.getByRole('link', { name: /Approved withdrawals waiting for the hot wallet: 1 \(alpha\)/ }),
    ).toHaveAttribute('href', '/staff/reviews/withdrawal');
    expect(await screen.findByTestId('count-/staff/operations/lending')).toHaveTextContent('1');
    expect(screen.getByTestId('count-/staff/operations/charity')).toHaveTextContent('1');
  });
});

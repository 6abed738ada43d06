import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LendingBook, PastWriteOff, PastWriteOffPage } from '@swx/shared/contract';
import { callsTo, createStaffSite, renderStaff, resetRoot, staffMe } from '../../../test-support';

type Site = ReturnType<typeof createStaffSite>;
let site: Site | undefined;
afterEach(() => resetRoot(site?.root));

const book: LendingBook = {
  currency: 'USDT',
  capitalFunded: '10000',
  available: '6500',
  pendingPrincipal: '0',
  outstandingPrincipal: '3300',
  overdueAmount: '0',
  overdueLoans: 0,
  writtenOff: '200',
  interestEarned: '12.5',
  utilisation: '0.3367',
  overdueRatio: '0',
  exposureShare: '0.1',
  exposureLimit: '1000',
  customerLimit: '5000',
};

function past(overrides: Partial<PastWriteOff> = {}): PastWriteOff {
  return {
    loanId: '31',
    customer: { userId: '42', username: 'cleo', email: null },
    amount: '200',
    principal: '200',
    interest: '2.4',
    reason: 'Borrower unreachable for 90 days',
    requestedBy: '8',
    requestedByUsername: 'sam',
    requestedAt: '2026-12-05T09:00:00.000Z',
    approvedBy: '7',
    approvedByUsername: 'rita',
    approvedAt: '2026-12-05T10:30:00.000Z',
    journalId: '9001',
    ...overrides,
  };
}

/** The route answers page by page from `items`, as the server does (newest first already). */
function pages(items: PastWriteOff[]) {
  return (call: { query: URLSearchParams }): PastWriteOffPage => {
    const page = Number(call.query.get('page'));
    const pageSize = Number(call.query.get('pageSize'));
    return {
      items: items.slice((page - 1) * pageSize, page * pageSize),
      total: items.length,
      page,
      pageSize,
    };
  };
}

describe('past write-offs', () => {
  it('lists each write-off with the loan, customer, amounts given up, both members and the ledger entry', async () => {
    site = createStaffSite(
      { 'GET /loans/book': book, 'GET /loans/overdue': [], 'GET /loans/writeOffs': pages([past()]) },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/lending');
    const table = await screen.findByRole('table', { name: /Loans written off, newest first/ });
    const row = within(within(table).getAllByRole('row')[1]!);
    expect(row.getByRole('link', { name: 'cleo' })).toHaveAttribute('href', '/staff/customers/42');
    expect(row.getByText(/Loan 31:/)).toHaveTextContent('200.00 USDT');
    expect(row.getByText(/Principal:/)).toHaveTextContent('200.00 USDT');
    expect(row.getByText(/Interest:/)).toHaveTextContent('2.40 USDT');
    expect(row.getByText('sam')).toBeInTheDocument();
    expect(row.getByText('Borrower unreachable for 90 days')).toBeInTheDocument();
    expect(row.getByText('rita')).toBeInTheDocument();
    expect(row.getByText('9001')).toBeInTheDocument();
    expect(callsTo(site.calls, 'GET /loans/writeOffs')[0]?.query.get('page')).toBe('1');
    // One page only: no pager.
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('pages through more than twenty write-offs', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      past({
        loanId: String(100 - index),
        customer: { userId: '42', username: `user${index}`, email: null },
      }),
    );
    site = createStaffSite(
      { 'GET /loans/book': book, 'GET /loans/overdue': [], 'GET /loans/writeOffs': pages(many) },
      { me: staffMe(['finance']) },
    );
    renderStaff(site, '/staff/operations/lending');
    expect(await screen.findByRole('link', { name: 'user0' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2 (25 write-offs)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'user20' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'user0' })).toBeNull();
    expect(screen.getByText('Page 2 of 2 (25 write-offs)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await waitFor(() =>
      expect(callsTo(site!.calls, 'GET /loans/writeOffs').map((call) => call.query.get('page'))).toEqual([
        '1',
        '2',
      ]),
    );
  });

  it('says so when nothing was written off, in Simplified Chinese too', async () => {
    site = createStaffSite(
      { 'GET /loans/book': book, 'GET /loans/overdue': [], 'GET /loans/writeOffs': pages([]) },
      { me: staffMe(['admin']), language: 'zh-CN' },
    );
    renderStaff(site, '/staff/operations/lending');
    expect(await screen.findByText('尚无核销的贷款')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '历史核销' })).toBeInTheDocument();
  });

  it('is not asked for by a member whose roles do not include it', async () => {
    site = createStaffSite({ 'GET /loans/book': book }, { me: staffMe(['reviewer']) });
    renderStaff(site, '/staff/operations/lending');
    await screen.findAllByText('Your roles do not include this page');
    expect(callsTo(site.calls, 'GET /loans/writeOffs')).toHaveLength(0);
  });
});

import { eq } from 'drizzle-orm';
import type { SignedUpCustomer } from '../../auth/testing';
import { loanPayments, loanWriteOffs } from '../tables';
import { DAY, loansServer, type LoansTestServer } from './helpers';

/**
 * The lending book (issue 28): loans draw on capital staff put in, within the capital and a per-customer
 * exposure limit; staff see capital, outstanding, overdue and the ratios; an overdue loan is written off by
 * two finance members, which the ledger and the customer's loan record show.
 */
let server: LoansTestServer;
let financeA: { staffId: string; token: string };
let financeB: { staffId: string; token: string };

const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);

beforeAll(async () => {
  server = await loansServer({ capital: '0' });
  [financeA, financeB] = [await server.finance('lenda'), await server.finance('lendb')];
});
beforeEach(() => server.at(T0));
afterEach(async () => server.check());
afterAll(async () => server.close());

const quote = (who: SignedUpCustomer, amount: string, term = 14) =>
  server.call(who, 'POST', '/user/quoteLoan', { amount, term });
const book = async () => (await server.as(financeA.token, 'GET', '/loans/book')).result;

describe('capital', () => {
  it('lends nothing before staff fund it: the product offers 0 and a quote answers 11402', async () => {
    const ann = await server.borrower();
    expect((await server.call(ann, 'GET', '/user/loanProduct')).result).toMatchObject({
      available: '0',
      mayBorrow: true,
    });
    expect(await quote(ann, '500')).toMatchObject({ status: 422, code: '11402' });
  });

  it('is funded by two finance members through maker-checker (a ledger entry on approval), and reported', async () => {
    const refused = await server.as(financeA.token, 'POST', '/loans/capital', { amount: '0', reason: 'x' });
    expect(refused.code).not.toBe('200');
    const tooFine = await server.as(financeA.token, 'POST', '/loans/capital', {
      amount: '10.001',
      reason: 'cents',
    });
    expect(tooFine.code).toBe('11500');
    const asked = await server.as(financeA.token, 'POST', '/loans/capital', {
      amount: '3000',
      reason: 'Owners fund the lending book',
    });
    expect(asked.result).toMatchObject({ kind: 'lending-capital', status: 'pending' });
    // Nothing moved yet, and the maker cannot check their own change.
    expect((await server.as(financeA.token, 'GET', '/loans/book')).result).toMatchObject({
      capitalFunded: '0',
    });
    const own = await server.as(financeA.token, 'POST', `/changes/${asked.result.id}/approve`, {
      reason: 'mine',
    });
    expect(own.code).toBe('11171');
    const approved = await server.as(financeB.token, 'POST', `/changes/${asked.result.id}/approve`, {
      reason: 'Board minute 12',
    });
    expect(approved.result).toMatchObject({ status: 'approved' });
    const funded = await server.as(financeA.token, 'GET', '/loans/book');
    expect(funded.result).toMatchObject({
      capitalFunded: '3000',
      available: '3000',
      outstandingPrincipal: '0',
      utilisation: '0.0000',
      overdueRatio: null,
      // 10 % of the book per customer by default.
      exposureLimit: '300',
    });
    // A customer token never reaches it.
    const ann = await server.borrower();
    const res = await server.app.inject({
      method: 'GET',
      url: '/swx/admin/loans/book',
      headers: { authorization: ann.token },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a loan beyond the exposure limit (11403) and one beyond the capital left (11402)', async () => {
    const ben = await server.borrower();
    expect((await quote(ben, '301')).code).toBe('11403');
    expect((await server.call(ben, 'GET', '/user/loanProduct')).result).toMatchObject({ available: '300' });
    const staff = { staffId: financeA.staffId, reason: 'test' };
    await server.services.params.set('loan_exposure_share', '1', staff);
    try {
      // Three signed loans of 1000 wait for approval: together they are all the capital.
      const signers = [await server.borrower(), await server.borrower(), await server.borrower()];
      const loans = [];
      for (const who of signers) {
        const answer = await quote(who, '1000');
        expect(answer.code).toBe('200');
        loans.push(await server.sign(who, '1000', 14));
      }
      // A fourth cannot even be quoted: the pending ones will draw first.
      expect((await quote(ben, '100')).code).toBe('11402');
      for (const loan of loans) expect((await server.approve(loan.id)).code).toBe('200');
      expect(await book()).toMatchObject({
        available: '0',
        outstandingPrincipal: '3000',
        pendingPrincipal: '0',
        utilisation: '1.0000',
      });
      // Approval re-checks the book: with the capital drawn, a loan signed earlier is refused.
      await server.fundLending('100');
      const late = await server.sign(ben, '100', 14);
      await server.services.params.set('loan_exposure_share', '0.01', staff);
      expect((await server.approve(late.id)).code).toBe('11403');
      await server.services.params.set('loan_exposure_share', '1', staff);
      // Capital taken back out of lending after the loan was signed (owners' decision): approval re-checks.
      await server.fundLending('-100');
      expect((await server.approve(late.id)).code).toBe('11402');
      await server.fundLending('100');
      expect((await server.approve(late.id)).code).toBe('200');
    } finally {
      await server.services.params.set('loan_exposure_share', '0.1', staff);
    }
    // The book reconciles with the ledger: −platform_loans is the principal out with borrowers.
    const loansAccount = await server.services.ledger.platformBalance('platform_loans', 'USDT');
    expect(loansAccount).toBe('-3100');
    expect(await book()).toMatchObject({ outstandingPrincipal: '3100', available: '0' });
  });
});

describe('writing off an overdue loan', () => {
  /** Three and a half days after the due date (2026-11-30) ended. */
  const LATER = Date.UTC(2026, 11, 1, 0, 0, 0) + 3.5 * DAY;
  let cleo: SignedUpCustomer;
  let loanId: string;

  beforeAll(async () => {
    await server.fundLending('1000');
    cleo = await server.borrower();
    server.at(T0);
    loanId = (await server.sign(cleo, '200', 7)).id;
    await server.approve(loanId);
    // Cleo spends the loan; at maturity nothing is collected.
    await server.database.db.transaction((tx) =>
      server.services.ledger.transfer(tx, {
        type: 'correction',
        memo: 'spent elsewhere',
        legs: [
          {
            account: { userId: cleo.userId, mode: 'real', kind: 'customer_available', currency: 'USDT' },
            amount: '-200',
          },
          { account: { platform: 'platform_corrections', mode: 'real', currency: 'USDT' }, amount: '200' },
        ],
      }),
    );
    server.at(LATER);
    await server.services.loans.days.processDue(LATER);
  });
  beforeEach(() => server.at(LATER));

  it('refuses a loan that is not overdue (11404) and lists the overdue ones', async () => {
    const dan = await server.borrower();
    const running = await server.sign(dan, '100', 7);
    expect(
      (await server.as(financeA.token, 'POST', `/loans/${running.id}/writeOff`, { reason: 'gone' })).code,
    ).toBe('11404');
    const overdue = (await server.as(financeA.token, 'GET', '/loans/overdue')).result;
    expect(overdue).toEqual([
      expect.objectContaining({ loanId, overdueDays: 4, amount: '200', writeOff: null, paidAmount: '0' }),
    ]);
    expect(await book()).toMatchObject({ overdueLoans: 1, overdueRatio: expect.any(String) });
  });

  it('needs a second finance member: the requester cannot approve (11171)', async () => {
    const asked = await server.as(financeA.token, 'POST', `/loans/${loanId}/writeOff`, {
      reason: 'Borrower unreachable for 90 days',
    });
    expect(asked.result).toMatchObject({ status: 'pending', requestedByUsername: 'lenda' });
    // The back office's four-eyes piece fixed what it needs with the request: one approval, not the requester's.
    const [request] = await server.database.db
      .select()
      .from(loanWriteOffs)
      .where(eq(loanWriteOffs.loanId, BigInt(loanId)));
    const fixed = await server.services.fourEyes.requirementsOf('loan-write-off', [String(request!.id)]);
    expect(fixed.get(String(request!.id))).toMatchObject({
      required: 1,
      requestedBy: asked.result.requestedBy,
    });
    expect(
      (await server.as(financeA.token, 'POST', `/loans/${loanId}/writeOff`, { reason: 'again' })).code,
    ).toBe('11406');
    expect((await server.as(financeA.token, 'POST', `/loans/${loanId}/writeOff/approve`)).code).toBe('11171');
    // Still overdue: withdrawals stay refused.
    expect(await server.services.loans.hasOverdueLoan(cleo.userId)).toBe(true);
  });

  it('is posted by the second member: loan written off, unpaid principal to losses, shown to the customer', async () => {
    const approved = await server.as(financeB.token, 'POST', `/loans/${loanId}/writeOff/approve`);
    expect(approved.result).toMatchObject({
      status: 'approved',
      decidedByUsername: 'lendb',
      principal: '200',
      journalId: expect.any(String),
    });
    // 200 + 200 × 0.001 × 4 = 0.80 interest + 4 overdue days × 0.30.
    expect(approved.result.interest).toBe('2');
    const loan = (await server.call(cleo, 'GET', `/user/getLoanById/${loanId}`)).result;
    expect(loan).toMatchObject({ status: 'written_off', writtenOffAmount: '202', amountDueToday: '0' });
    expect(loan.payments).toEqual([
      expect.objectContaining({ kind: 'collection', amount: '0' }),
      expect.objectContaining({ kind: 'write_off', amount: '202', principal: '200', interest: '2' }),
    ]);
    expect(await server.services.ledger.platformBalance('platform_loan_losses', 'USDT')).toBe('-200');
    const [row] = await server.database.db
      .select()
      .from(loanPayments)
      .where(eq(loanPayments.kind, 'write_off'));
    expect(String(row!.journalId)).toBe(approved.result.journalId);
    expect(await book()).toMatchObject({ writtenOff: '200', overdueLoans: 0 });
    // No longer overdue: the customer may withdraw and borrow again.
    expect(await server.services.loans.hasOverdueLoan(cleo.userId)).toBe(false);
    expect((await server.as(financeB.token, 'POST', `/loans/${loanId}/writeOff/approve`)).code).toBe('11404');
  });
});

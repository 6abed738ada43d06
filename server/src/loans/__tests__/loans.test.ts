import crypto from 'node:crypto';
import type { SignedUpCustomer } from '../../auth/testing';
import { DAY, loansServer, pdfText, signature, type LoansTestServer } from './helpers';

let server: LoansTestServer;
let alice: SignedUpCustomer;

/** A fixed signing time: the loans service's clock is moved explicitly in these tests. */
const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);

beforeAll(async () => {
  server = await loansServer();
  alice = await server.borrower();
});
beforeEach(() => server.at(T0));
afterEach(async () => server.check());
afterAll(async () => server.close());

const quote = (who: SignedUpCustomer, amount: string, term: number, mode: 'YES' | 'NO' = 'YES') =>
  server.call(who, 'POST', '/user/quoteLoan', { amount, term }, mode);
const loanOf = async (who: SignedUpCustomer, id: string) =>
  (await server.call(who, 'GET', `/user/getLoanById/${id}`)).result;

async function download(who: SignedUpCustomer | null, id: string, staff = false) {
  return server.app.inject({
    method: 'GET',
    url: staff ? `/swx/admin/loans/${id}/contract` : `/swx/customer/user/loanContract/${id}`,
    headers: staff ? { authorization: server.staff } : { authorization: who!.token, virtually: 'YES' },
  });
}

describe('who may borrow', () => {
  it('refuses a customer without verified KYC with 10022, and demo accounts with 11006', async () => {
    const newcomer = await server.customer();
    const refused = await quote(newcomer, '500', 14);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('10022');
    const apply = await server.call(newcomer, 'POST', '/user/loan', {
      quoteId: crypto.randomBytes(16).toString('hex'),
      amount: '500',
      term: 14,
      signature,
      language: 'en',
    });
    expect(apply.code).toBe('10022');
    expect((await quote(alice, '500', 14, 'NO')).code).toBe('11006');
    expect((await server.call(newcomer, 'GET', '/user/listLoanRecord')).result).toEqual([]);
  });
});

describe('product and pre-contract quote', () => {
  it('offers the parameters’ terms and refuses other terms (10023) and amounts (11136, 11500)', async () => {
    const product = (await server.call(alice, 'GET', '/user/loanProduct')).result;
    expect(product).toMatchObject({
      currency: 'USDT',
      minAmount: '100',
      maxAmount: '5000',
      customerLimit: '10000',
      // Nothing borrowed: the whole limit is left, though one loan is capped at maxAmount.
      outstanding: '0',
      limitLeft: '10000',
      available: '5000',
      terms: [7, 14, 30, 60, 90],
      dailyRate: '0.001',
      interestFreeDays: 3,
      overdueDailyRate: '0.0015',
      withdrawalDays: 14,
      overdueReminderDays: 7,
    });
    expect((await quote(alice, '500', 15)).code).toBe('10023');
    expect((await quote(alice, '99.99', 14)).code).toBe('11136');
    expect((await quote(alice, '5000.01', 14)).code).toBe('11136');
    // Finer than USDT's cent: the ledger precision rule's code.
    expect((await quote(alice, '100.001', 14)).code).toBe('11500');
  });

  it('quotes interest, APR, repayment date, late costs and the right of withdrawal', async () => {
    const res = await quote(alice, '500', 14);
    expect(res.code).toBe('200');
    // 500 × 0.001 × (14 − 3) = 5.50; APR from (505.5 / 500)^(365 / 14) − 1 = 33.005…%, rounded up.
    const apr = (Math.ceil((Math.pow(505.5 / 500, 365 / 14) - 1) * 10_000) / 100).toFixed(2);
    expect(res.result).toMatchObject({
      lender: 'SWX Platform Ltd.',
      creditType: 'unsecured_fixed_term',
      amount: '500',
      term: 14,
      dailyRate: '0.001',
      annualRatePercent: '36.5',
      aprPercent: apr,
      interestFreeDays: 3,
      totalInterest: '5.50',
      totalRepayment: '505.50',
      repaymentDate: '2026-12-07',
      dueTime: '23:59:59',
      timeZone: 'UTC',
      overdueDailyRate: '0.0015',
      overdueInterestPerDay: '0.75',
      // Late costs are capped at 100 % of the amount (parameter), stated before signing.
      overdueInterestCap: '500.00',
      overdueInterestCapRate: '1',
      overdueReminderDays: 7,
      withdrawalDays: 14,
      // Withdrawal as the law has it: 500 × 0.001 a day after three free days; today's figure if paid out today.
      withdrawalInterestPerDay: '0.5',
      withdrawalAmountToday: '500.00',
      aprAssumptions: { drawdown: 'full_on_approval', repayment: 'single_at_maturity', daysInYear: 365 },
    });
    const short = await quote(alice, '1000', 7);
    expect(short.result).toMatchObject({ totalInterest: '4.00', totalRepayment: '1004.00' });
  });
});

describe('signing: the confirmation carries the quote', () => {
  it('refuses a used, expired, foreign or outdated quote with 11007, and an empty signature with 11133', async () => {
    const q = (await quote(alice, '300', 7)).result;
    const body = { quoteId: q.quoteId, amount: '300', term: 7, signature, language: 'en' };
    expect((await server.call(alice, 'POST', '/user/loan', { ...body, amount: '301' })).code).toBe('11007');
    expect(
      (await server.call(alice, 'POST', '/user/loan', { ...body, signature: { ...signature, strokes: [] } }))
        .code,
    ).toBe('11133');
    const bob = await server.borrower();
    expect((await server.call(bob, 'POST', '/user/loan', body)).code).toBe('11007');
    server.at(T0 + 11 * 60_000);
    expect((await server.call(alice, 'POST', '/user/loan', body)).code).toBe('11007');
    server.at(T0);
    const staff = { staffId: '1', reason: 'test' };
    await server.services.params.set('loan_daily_rate', '0.002', staff);
    try {
      expect((await server.call(alice, 'POST', '/user/loan', body)).code).toBe('11007');
    } finally {
      await server.services.params.set('loan_daily_rate', '0.001', staff);
    }
    const signed = await server.call(alice, 'POST', '/user/loan', body);
    expect(signed.code).toBe('200');
    expect(signed.message).toBe('20001');
    expect((await server.call(alice, 'POST', '/user/loan', body)).code).toMatch(/^(11007|30000)$/);
    expect((await server.call(alice, 'GET', '/user/listLoanRecord')).result).toHaveLength(1);
    // Withdrawn while pending: nothing was lent, nothing moves.
    const withdrawn = await server.call(alice, 'POST', '/user/withdrawLoan', { id: signed.result.id });
    expect(withdrawn.result).toMatchObject({ status: 'withdrawn', repaidAmount: '0' });
  });

  it('stores the contract PDF with its SHA-256; it holds the signed amounts and only owner and staff get it', async () => {
    const loan = await server.sign(alice, '500', 14);
    expect(loan).toMatchObject({
      status: 'pending',
      amount: '500',
      totalRepayment: '505.5',
      contractLanguage: 'en',
    });
    const own = await download(alice, loan.id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const sha = crypto.createHash('sha256').update(own.rawPayload).digest('hex');
    expect(sha).toBe(loan.contractSha256);
    expect(own.headers['x-content-sha256']).toBe(sha);
    const text = pdfText(own.rawPayload);
    for (const expected of ['Loan agreement', '500 USDT', '5.50 USDT', '505.50 USDT', 'Mei Lin', '14 days']) {
      expect(text).toContain(expected);
    }
    // Overdue interest per day (500 × 0.0015), wherever the line wraps.
    expect(text).toMatch(/0\.75\s+USDT a day/);
    const bob = await server.borrower();
    expect((await download(bob, loan.id)).statusCode).toBe(404);
    const staffCopy = await download(null, loan.id, true);
    expect(staffCopy.statusCode).toBe(200);
    expect(crypto.createHash('sha256').update(staffCopy.rawPayload).digest('hex')).toBe(sha);
    const audit = await server.app.inject({
      method: 'GET',
      url: '/swx/admin/audit?action=loan.contract.view',
      headers: { authorization: server.chief },
    });
    expect(audit.json().result.items[0]).toMatchObject({ target: `loan:${loan.id}` });
    await server.admin('POST', `/reviews/loan/${loan.id}/reject`, { reason: 'Test application' });
    expect((await loanOf(alice, loan.id)).status).toBe('rejected');
    expect(await server.balance(alice.userId)).toEqual({ available: '0', held: '0' });
  });

  it('keeps each customer within the per-customer limit, also when applications race', async () => {
    const carol = await server.borrower();
    await server.sign(carol, '5000', 30);
    const q1 = (await quote(carol, '3000', 30)).result;
    const q2 = (await quote(carol, '3000', 30)).result;
    const results = await Promise.all(
      [q1, q2].map((q) =>
        server.call(carol, 'POST', '/user/loan', {
          quoteId: q.quoteId,
          amount: '3000',
          term: 30,
          signature,
          language: 'de',
        }),
      ),
    );
    expect(results.map((r) => r.code).sort()).toEqual(['11137', '200']);
    expect((await quote(carol, '2001', 30)).code).toBe('11137');
    const product = (await server.call(carol, 'GET', '/user/loanProduct')).result;
    expect(product).toMatchObject({ outstanding: '8000', limitLeft: '2000', available: '2000' });
  });
});

describe('approve and repay', () => {
  it('credits the principal from the lending book on approval, once, due at the end of the due date', async () => {
    const dave = await server.borrower();
    const loan = await server.sign(dave, '500', 14);
    const approved = await server.approve(loan.id);
    expect(approved.code).toBe('200');
    expect(approved.result).toMatchObject({
      status: 'repaying',
      repaymentDate: '2026-12-07',
      dueAt: '2026-12-07T23:59:59.000Z',
      timeZone: 'UTC',
      daysLeft: 14,
    });
    expect((await server.approve(loan.id)).code).toBe('11043');
    expect(await server.balance(dave.userId)).toEqual({ available: '500', held: '0' });
    expect(server.events).toContainEqual({
      userId: dave.userId,
      event: expect.objectContaining({ type: 'notification', kind: 'loan.approved' }),
    });
  });

  it('charges no interest within the free days and only the days used beyond them early', async () => {
    const erin = await server.borrower();
    const first = await server.sign(erin, '500', 14);
    await server.approve(first.id);
    server.at(T0 + 2.5 * DAY);
    expect((await loanOf(erin, first.id)).amountDueToday).toBe('500');
    const free = await server.call(erin, 'POST', '/user/repayLoan', { id: first.id, amount: '500' });
    expect(free.result).toMatchObject({ status: 'repaid', repaidAmount: '500' });

    server.at(T0);
    const second = await server.sign(erin, '500', 14);
    await server.approve(second.id);
    await server.fund(erin.userId, 'USDT', '10');
    // 5.5 days elapsed: day 6 has started → 3 chargeable days → 500 × 0.001 × 3 = 1.50.
    server.at(T0 + 5.5 * DAY);
    const seen = await loanOf(erin, second.id);
    expect(seen).toMatchObject({ daysUsed: 6, amountDueToday: '501.5', withdrawable: true });
    expect((await server.call(erin, 'POST', '/user/repayLoan', { id: second.id, amount: '501' })).code).toBe(
      '11007',
    );
    const repaid = await server.call(erin, 'POST', '/user/repayLoan', { id: second.id, amount: '501.5' });
    expect(repaid.result).toMatchObject({ status: 'repaid', repaidAmount: '501.5', amountDueToday: '0' });
    expect(await server.balance(erin.userId)).toEqual({ available: '8.5', held: '0' });
    expect((await server.call(erin, 'POST', '/user/repayLoan', { id: second.id })).code).toBe('11139');
  });

  it('charges the full term’s interest at maturity, and refuses a repayment without funds (10011)', async () => {
    const finn = await server.borrower();
    const loan = await server.sign(finn, '1000', 7);
    await server.approve(loan.id);
    server.at(T0 + 7 * DAY - 1);
    const poor = await server.call(finn, 'POST', '/user/repayLoan', { id: loan.id });
    expect(poor.code).toBe('10011');
    expect((await loanOf(finn, loan.id)).status).toBe('repaying');
    await server.fund(finn.userId, 'USDT', '4');
    const repaid = await server.call(finn, 'POST', '/user/repayLoan', { id: loan.id });
    expect(repaid.result).toMatchObject({ status: 'repaid', repaidAmount: '1004', daysUsed: 7 });
    expect(await server.balance(finn.userId)).toEqual({ available: '0', held: '0' });
  });

  it('withdraws within 14 days and before maturity by repaying the principal plus the interest accrued per day', async () => {
    const gina = await server.borrower();
    const loan = await server.sign(gina, '400', 30);
    await server.approve(loan.id);
    server.at(T0 + 10 * DAY);
    // Ten days used, three free: 400 × 0.001 × 7 = 2.80 of interest, no fee.
    const seen = await loanOf(gina, loan.id);
    expect(seen).toMatchObject({
      amountDueToday: '402.8',
      withdrawable: true,
      withdrawalAmount: '402.8',
      withdrawalInterest: '2.8',
      withdrawalInterestPerDay: '0.4',
    });
    expect((await server.call(gina, 'POST', '/user/withdrawLoan', { id: loan.id })).code).toBe('10011');
    await server.fund(gina.userId, 'USDT', '2.8');
    expect((await server.call(gina, 'POST', '/user/withdrawLoan', { id: loan.id, amount: '400' })).code).toBe(
      '11007',
    );
    const withdrawn = await server.call(gina, 'POST', '/user/withdrawLoan', { id: loan.id, amount: '402.8' });
    expect(withdrawn.result).toMatchObject({
      status: 'withdrawn',
      repaidAmount: '402.8',
      paidAmount: '402.8',
    });
    expect(withdrawn.result.payments).toEqual([
      expect.objectContaining({ kind: 'withdrawal', amount: '402.8', principal: '400', interest: '2.8' }),
    ]);
    expect(await server.balance(gina.userId)).toEqual({ available: '0', held: '0' });

    // A pending loan is cancelled: nothing was paid out, nothing to pay.
    server.at(T0);
    const pending = await server.sign(gina, '400', 30);
    const cancelled = await server.call(gina, 'POST', '/user/withdrawLoan', { id: pending.id });
    expect(cancelled.result).toMatchObject({ status: 'withdrawn', repaidAmount: '0', payments: [] });

    // After 14 days: closed.
    const late = await server.sign(gina, '400', 30);
    await server.approve(late.id);
    server.at(T0 + 14 * DAY + 1);
    expect((await loanOf(gina, late.id)).withdrawable).toBe(false);
    expect((await server.call(gina, 'POST', '/user/withdrawLoan', { id: late.id })).code).toBe('11138');
  });

  it('refuses a withdrawal from maturity on, even within 14 days of signing (11138)', async () => {
    const hana = await server.borrower();
    const loan = await server.sign(hana, '300', 7);
    await server.approve(loan.id);
    // Due until the end of 2026-11-30 (UTC): still withdrawable in its last minute, not a second after.
    server.at(Date.UTC(2026, 10, 30, 23, 59, 0));
    expect(await loanOf(hana, loan.id)).toMatchObject({ withdrawable: true, repaymentDate: '2026-11-30' });
    server.at(Date.UTC(2026, 11, 1, 0, 0, 0));
    expect((await loanOf(hana, loan.id)).withdrawable).toBe(false);
    expect((await server.call(hana, 'POST', '/user/withdrawLoan', { id: loan.id })).code).toBe('11138');
  });

  it('serialises a repayment racing the approval: either it waits for the loan to run or it is refused', async () => {
    const hugo = await server.borrower();
    await server.fund(hugo.userId, 'USDT', '100');
    for (let round = 0; round < 3; round += 1) {
      server.at(T0);
      const loan = await server.sign(hugo, '200', 7);
      const [approve, repay] = await Promise.all([
        server.approve(loan.id),
        server.call(hugo, 'POST', '/user/repayLoan', { id: loan.id }),
      ]);
      expect(approve.code).toBe('200');
      const after = await loanOf(hugo, loan.id);
      if (repay.code === '200') expect(after).toMatchObject({ status: 'repaid', repaidAmount: '200' });
      else {
        expect(repay.code).toBe('11139');
        expect(after.status).toBe('repaying');
        expect((await server.call(hugo, 'POST', '/user/repayLoan', { id: loan.id })).code).toBe('200');
      }
    }
    // Two repayments of one loan at once: one pays, the other is refused.
    const loan = await server.sign(hugo, '200', 7);
    await server.approve(loan.id);
    const both = await Promise.all([
      server.call(hugo, 'POST', '/user/repayLoan', { id: loan.id, amount: '200' }),
      server.call(hugo, 'POST', '/user/repayLoan', { id: loan.id }),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual(['11139', '200']);
    expect(await server.balance(hugo.userId)).toEqual({ available: '100', held: '0' });
  });
});

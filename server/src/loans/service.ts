import crypto from 'node:crypto';
import { and, desc, eq, inArray, lt, sql, sum } from 'drizzle-orm';
import Decimal from 'decimal.js';
import {
  LOAN_DUE_TIME,
  LOAN_WITHDRAWAL_DAYS,
  errors,
  isSignatureEmpty,
  loanInterest,
  loanInterestPerDay,
  loanOverdueInterestPerDay,
  type FundLendingCapitalBody,
  type LendingBook,
  type Loan,
  type LoanApplyBody,
  type LoanProduct,
  type LoanQuote,
  type LoanQuoteBody,
  type LoanStatus,
  type RepayLoanBody,
  type WithdrawLoanBody,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { Money, formatAmount } from '../ledger/accounts';
import { requirePostable } from '../ledger/precision';
import type { ReviewRegistry } from '../staff/reviews';
import type { StaffIdentity } from '../staff/staff';
import type { Scheduler } from '../platform/scheduler';
import { findOwned, listOwned, type Customer } from '../platform/owned';
import { LendingBookService } from './book';
import { dueDateOf } from './calendar';
import {
  LOAN_LOCK_CLASS,
  contractScope,
  hasOverdueLoan,
  lockLoan,
  openStatuses,
  requireReal,
  signatureScope,
  type LoanRow,
  type LoansDeps,
} from './common';
import { renderContract } from './contract/pdf';
import { LoanDays } from './jobs';
import { paymentMemo, paymentsOf, recordPayment } from './payments';
import { LoanReviews } from './review';
import { allocate } from './rules';
import { loanContracts, loanQuotes, loans } from './tables';
import { DAY_MS, LOAN_CURRENCY, figuresAt, productTerms, sameTerms, termsFor, toLoan } from './terms';
import { LoanWriteOffs } from './write-offs';

export type { LoansDeps } from './common';

/** How long a pre-contract quote may be signed. */
export const LOAN_QUOTE_TTL_MS = 10 * 60_000;

const percent = (fraction: string) => new Decimal(fraction).mul(100).toFixed();

/**
 * Loans (docs/product.md, Loans). Verified, real-account customers borrow USDT from the lending book: quote →
 * sign (contract PDF from exactly the signed terms, its SHA-256 kept) → staff approve (principal credited
 * from the book's capital, one ledger entry) → repay (principal + interest by the rule, + overdue interest)
 * or withdraw within 14 days and before maturity (principal + interest accrued per day since payout); at
 * maturity the daily pass collects what is due from the available balance, once. Every money movement is a
 * ledger transfer inside the same transaction as the loan's status change, with a `once` key per loan and
 * movement, and a `loan_payments` row.
 */
export class LoansService {
  now: () => number = () => Date.now();
  readonly days: LoanDays;
  readonly book: LendingBookService;
  readonly writeOffs: LoanWriteOffs;
  private readonly reviews: LoanReviews;

  constructor(private readonly deps: LoansDeps) {
    this.days = new LoanDays(deps);
    this.book = new LendingBookService(deps);
    this.writeOffs = new LoanWriteOffs(deps, () => this.now());
    this.reviews = new LoanReviews(
      deps,
      this.book,
      () => this.now(),
      (userId) => this.product({ userId, mode: 'real' }),
    );
  }

  /** Whether the customer has an overdue loan now (withdrawals and new loans are refused while they do). */
  hasOverdueLoan(userId: string): Promise<boolean> {
    return hasOverdueLoan(this.deps.db, userId, this.now());
  }

  /** The cashier's check before a withdrawal: `11400` while a loan is overdue. */
  async requireNoOverdueLoan(userId: string): Promise<void> {
    if (await this.hasOverdueLoan(userId)) throw new AppError(errors.loanOverdueWithdrawalsPaused);
  }

  private async requireMayBorrow(userId: string): Promise<void> {
    if (await this.hasOverdueLoan(userId)) throw new AppError(errors.loanOverdueBorrowingPaused);
  }

  lendingBook(): Promise<LendingBook> {
    return this.book.view();
  }

  fundLendingCapital(staff: StaffIdentity, body: FundLendingCapitalBody): Promise<LendingBook> {
    return this.book.fund(staff, body);
  }

  private async requireVerified(customer: Customer): Promise<void> {
    if (!(await this.deps.kyc.isVerified(customer.userId))) throw new AppError(errors.notVerified);
  }

  /** Principal the customer owes or has pending (counts against the per-customer limit). */
  private async outstanding(reader: Db | Tx, userId: string): Promise<Money> {
    const [row] = await reader
      .select({ total: sum(loans.amount) })
      .from(loans)
      .where(and(eq(loans.userId, BigInt(userId)), inArray(loans.status, [...openStatuses])));
    return new Money(row?.total ?? '0');
  }

  async product(customer: Customer): Promise<LoanProduct> {
    const product = productTerms(this.deps.params);
    const outstanding = await this.outstanding(this.deps.db, customer.userId);
    // What the customer may still borrow: their own limit, and what the lending book can carry now.
    const left = Money.min(
      Money.max(0, product.customerLimit.minus(outstanding)),
      await this.book.headroomFor(customer.userId),
    );
    return {
      currency: LOAN_CURRENCY,
      lender: product.lender,
      minAmount: formatAmount(product.minAmount),
      maxAmount: formatAmount(product.maxAmount),
      customerLimit: formatAmount(product.customerLimit),
      outstanding: formatAmount(outstanding),
      limitLeft: formatAmount(left),
      available: formatAmount(Money.min(left, product.maxAmount)),
      terms: product.terms,
      dailyRate: product.dailyRate,
      interestFreeDays: product.interestFreeDays,
      overdueDailyRate: product.overdueDailyRate,
      withdrawalDays: LOAN_WITHDRAWAL_DAYS,
      overdueReminderDays: product.overdueReminderDays,
      overdueInterestCapRate: product.overdueCapRate,
      timeZone: product.timeZone,
      mayBorrow: !(await this.hasOverdueLoan(customer.userId)),
    };
  }

  private checkLimit(outstanding: Money, amount: string, limit: Money): void {
    if (outstanding.add(amount).gt(limit))
      throw new AppError(
        errors.loanLimitExceeded,
        `This loan would exceed your borrowing limit: ${formatAmount(Money.max(0, limit.minus(outstanding)))} USDT left`,
      );
  }

  async quote(customer: Customer, body: LoanQuoteBody): Promise<LoanQuote> {
    requireReal(customer);
    await this.requireVerified(customer);
    await this.requireMayBorrow(customer.userId);
    const product = productTerms(this.deps.params);
    const terms = termsFor(product, body.amount, body.term);
    this.checkLimit(
      await this.outstanding(this.deps.db, customer.userId),
      terms.amount,
      product.customerLimit,
    );
    // Said before the summary, not after signing: the book cannot carry this loan now.
    await this.book.check(this.deps.db, customer.userId, terms.amount, 'apply');
    const now = this.now();
    const id = crypto.randomBytes(16).toString('hex');
    await this.deps.db.insert(loanQuotes).values({
      id,
      userId: BigInt(customer.userId),
      ...terms,
      createdAt: new Date(now),
      expiresAt: new Date(now + LOAN_QUOTE_TTL_MS),
    });
    return {
      quoteId: id,
      lender: product.lender,
      creditType: 'unsecured_fixed_term',
      currency: LOAN_CURRENCY,
      amount: formatAmount(terms.amount),
      term: terms.term,
      dailyRate: terms.dailyRate,
      annualRatePercent: formatAmount(new Decimal(terms.dailyRate).mul(36500).toFixed()),
      aprPercent: terms.aprPercent,
      aprAssumptions: {
        drawdown: 'full_on_approval',
        repayment: 'single_at_maturity',
        daysInYear: 365,
        otherCharges: '0',
      },
      interestFreeDays: terms.interestFreeDays,
      totalInterest: terms.totalInterest,
      totalRepayment: terms.totalRepayment,
      repaymentDate: dueDateOf(now, terms.term, terms.timeZone).dueDate,
      dueTime: LOAN_DUE_TIME,
      timeZone: terms.timeZone,
      overdueDailyRate: terms.overdueDailyRate,
      overdueInterestPerDay: loanOverdueInterestPerDay(terms.amount, terms.overdueDailyRate),
      overdueInterestCap: terms.overdueInterestCap,
      overdueInterestCapRate: product.overdueCapRate,
      overdueReminderDays: product.overdueReminderDays,
      withdrawalDays: LOAN_WITHDRAWAL_DAYS,
      ...withdrawalToday(terms),
      expiresAt: new Date(now + LOAN_QUOTE_TTL_MS).toISOString(),
    };
  }

  /**
   * Signs a quote: the quote must be this customer's, unused and unexpired, carry the amount and term sent,
   * and still match the product's terms now (`11007` otherwise: quote again). The contract PDF is rendered
   * from the quote's terms before the transaction; the transaction re-checks the limit under the customer's
   * lock, uses the quote once and stores loan, contract and hash together.
   */
  async apply(customer: Customer, body: LoanApplyBody): Promise<Loan> {
    requireReal(customer);
    await this.requireVerified(customer);
    await this.requireMayBorrow(customer.userId);
    if (isSignatureEmpty(body.signature)) throw new AppError(errors.signatureMissing);
    const now = this.now();
    const [quote] = await this.deps.db
      .select()
      .from(loanQuotes)
      .where(and(eq(loanQuotes.id, body.quoteId), eq(loanQuotes.userId, BigInt(customer.userId))));
    const product = productTerms(this.deps.params);
    if (!quote || quote.usedAt || quote.expiresAt.getTime() < now) throw new AppError(errors.termsChanged);
    const current = termsFor(product, body.amount, body.term);
    if (!sameTerms(quote, current)) throw new AppError(errors.termsChanged);
    const pdf = await this.renderFor(customer, quote, body, now);
    const sha256 = crypto.createHash('sha256').update(pdf).digest('hex');
    return this.deps.units.run(async ({ tx }) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOAN_LOCK_CLASS}, ${Number(customer.userId) | 0})`);
      this.checkLimit(await this.outstanding(tx, customer.userId), quote.amount, product.customerLimit);
      await this.book.lock(tx);
      await this.book.check(tx, customer.userId, quote.amount, 'apply');
      const used = await tx
        .update(loanQuotes)
        .set({ usedAt: new Date(now) })
        .where(and(eq(loanQuotes.id, quote.id), sql`${loanQuotes.usedAt} is null`))
        .returning({ id: loanQuotes.id });
      if (used.length === 0) throw new AppError(errors.termsChanged);
      const [row] = await tx
        .insert(loans)
        .values({
          userId: BigInt(customer.userId),
          quoteId: quote.id,
          currency: LOAN_CURRENCY,
          amount: quote.amount,
          term: quote.term,
          dailyRate: quote.dailyRate,
          interestFreeDays: quote.interestFreeDays,
          overdueDailyRate: quote.overdueDailyRate,
          totalInterest: quote.totalInterest,
          totalRepayment: quote.totalRepayment,
          aprPercent: quote.aprPercent,
          overdueInterestCap: quote.overdueInterestCap,
          timeZone: quote.timeZone,
          language: body.language,
          signatureSealed: this.deps.sealer.sealJson(
            signatureScope(customer.userId, quote.id),
            body.signature,
          ),
          contractSha256: sha256,
          createdAt: new Date(now),
        })
        .returning();
      await tx.insert(loanContracts).values({
        loanId: row!.id,
        userId: BigInt(customer.userId),
        pdf: this.deps.sealer.seal(contractScope(customer.userId, String(row!.id)), pdf),
        sha256,
      });
      return toLoan(row!, now);
    });
  }

  /** The contract PDF of exactly the quoted terms, the customer's verified identity and their signature. */
  private async renderFor(
    customer: Customer,
    quote: typeof loanQuotes.$inferSelect,
    body: LoanApplyBody,
    now: number,
  ): Promise<Buffer> {
    const product = productTerms(this.deps.params);
    const identity = await this.deps.kyc.identityOf(customer.userId);
    return renderContract({
      agreementNumber: quote.id,
      language: body.language,
      lender: product.lender,
      signedAt: new Date(now),
      borrower: identity,
      amount: formatAmount(quote.amount),
      currency: LOAN_CURRENCY,
      term: quote.term,
      dailyRatePercent: percent(quote.dailyRate),
      annualRatePercent: formatAmount(new Decimal(quote.dailyRate).mul(36500).toFixed()),
      interestFreeDays: quote.interestFreeDays,
      totalInterest: new Money(quote.totalInterest).toFixed(2),
      totalRepayment: new Money(quote.totalRepayment).toFixed(2),
      aprPercent: new Money(quote.aprPercent).toFixed(2),
      repaymentDate: dueDateOf(now, quote.term, quote.timeZone).dueDate,
      dueTime: LOAN_DUE_TIME,
      timeZone: quote.timeZone,
      overdueRatePercent: percent(quote.overdueDailyRate),
      overdueInterestPerDay: loanOverdueInterestPerDay(quote.amount, quote.overdueDailyRate),
      overdueInterestCap: new Money(quote.overdueInterestCap ?? '0').toFixed(2),
      overdueCapPercent: percent(product.overdueCapRate),
      overdueReminderDays: product.overdueReminderDays,
      withdrawalDays: LOAN_WITHDRAWAL_DAYS,
      withdrawalInterestPerDay: loanInterestPerDay(quote.amount, quote.dailyRate),
      withdrawalAmountToday: withdrawalToday(quote).withdrawalAmountToday,
      signature: body.signature,
    });
  }

  async list(customer: Customer, statuses?: LoanStatus[]): Promise<Loan[]> {
    const rows = await listOwned(this.deps.db, loans, customer, {
      where: statuses?.length ? inArray(loans.status, statuses) : undefined,
      orderBy: [desc(loans.id)],
      limit: 200,
    });
    const now = this.now();
    const payments = await paymentsOf(
      this.deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toLoan(row, now, payments.get(String(row.id))));
  }

  async get(customer: Customer, id: string): Promise<Loan> {
    const row = await findOwned(this.deps.db, loans, customer, id);
    if (!row) throw new AppError(errors.notFound);
    return this.view(this.deps.db, row, this.now());
  }

  private async view(reader: Db | Tx, row: LoanRow, now: number): Promise<Loan> {
    return toLoan(row, now, (await paymentsOf(reader, [row.id])).get(String(row.id)));
  }

  /** The contract PDF of the customer's own loan (anyone else's answers 404). */
  async contract(customer: Customer, id: string): Promise<{ pdf: Buffer; sha256: string; id: string }> {
    const row = await findOwned(this.deps.db, loans, customer, id);
    if (!row) throw new AppError(errors.notFound);
    return this.contractOf(row.id);
  }

  private async contractOf(loanId: bigint) {
    const [contract] = await this.deps.db
      .select()
      .from(loanContracts)
      .where(eq(loanContracts.loanId, loanId));
    if (!contract) throw new AppError(errors.notFound);
    const pdf = this.deps.sealer.open(contractScope(String(contract.userId), String(loanId)), contract.pdf);
    return { pdf, sha256: contract.sha256, id: String(loanId) };
  }

  /** Staff read a contract (it prints the borrower's identity); the read is audited before it is answered. */
  async staffContract(staff: StaffIdentity, id: string) {
    if (!/^[1-9][0-9]{0,18}$/.test(id)) throw new AppError(errors.notFound);
    const contract = await this.contractOf(BigInt(id));
    await this.deps.db.transaction((tx) =>
      this.deps.audit.record(tx, {
        staffId: staff.staffId,
        action: 'loan.contract.view',
        target: `loan:${id}`,
      }),
    );
    return contract;
  }

  private async lockOwned(tx: Tx, customer: Customer, id: string): Promise<LoanRow> {
    const owned = await findOwned(tx, loans, customer, id);
    const row = owned && (await lockLoan(tx, owned.id));
    if (!row) throw new AppError(errors.notFound);
    return row;
  }

  /**
   * Repays a running loan in full from the available USDT balance (`10011` short of it): principal, interest
   * for the days used beyond the free days (the full term's from maturity) and overdue interest accrued, less
   * what the collection at maturity took. `amount`, when sent, must be what the customer was shown (`11007`
   * after a day rolled over).
   */
  async repay(customer: Customer, body: RepayLoanBody): Promise<Loan> {
    requireReal(customer);
    return this.deps.units.run(async ({ tx }) => {
      const locked = await this.lockOwned(tx, customer, body.id);
      if (locked.status !== 'repaying' && locked.status !== 'expired')
        throw new AppError(errors.loanNotRepayable);
      const now = this.now();
      const row = await this.days.catchUp(tx, locked, now, { notify: false, collect: false });
      const owing = figuresAt(row, now).owed;
      if (body.amount !== undefined) requirePostable(body.amount, LOAN_CURRENCY);
      if (body.amount !== undefined && !new Money(body.amount).eq(owing.total))
        throw new AppError(
          errors.termsChanged,
          `The amount due is now ${formatAmount(owing.total.toFixed(2))} USDT`,
        );
      const parts = allocate(owing.total, owing);
      const { row: paid } = await this.payOrShort(tx, row, 'repayment', parts, now, 'Loan repayment');
      return this.close(tx, paid, 'repaid', now);
    });
  }

  /**
   * Withdraws within 14 days of signing and before maturity (`11138` otherwise). A pending loan is cancelled
   * (nothing was paid out, nothing to pay); a running one is closed by repaying the principal plus the interest
   * accrued per day from payout, by the contract's rate and free days, with no fee. `amount`, when sent, must
   * be the withdrawal amount the customer was shown (`11007`).
   */
  async withdraw(customer: Customer, body: WithdrawLoanBody): Promise<Loan> {
    requireReal(customer);
    return this.deps.units.run(async ({ tx }) => {
      const row = await this.lockOwned(tx, customer, body.id);
      const now = this.now();
      if (!['pending', 'repaying', 'expired'].includes(row.status))
        throw new AppError(errors.loanNotRepayable);
      const figures = figuresAt(row, now);
      if (!figures.withdrawable) throw new AppError(errors.loanWithdrawalClosed);
      if (row.status === 'pending') return this.close(tx, row, 'withdrawn', now);
      const { withdrawal } = figures;
      if (body.amount !== undefined) requirePostable(body.amount, LOAN_CURRENCY);
      if (body.amount !== undefined && !new Money(body.amount).eq(withdrawal.amount))
        throw new AppError(
          errors.termsChanged,
          `Withdrawing now costs ${formatAmount(withdrawal.amount.toFixed(2))} USDT`,
        );
      const parts = {
        amount: withdrawal.amount,
        principal: new Money(row.amount),
        interest: withdrawal.interest,
      };
      const { row: paid } = await this.payOrShort(
        tx,
        row,
        'withdrawal',
        parts,
        now,
        'Loan withdrawn within 14 days',
      );
      return this.close(tx, paid, 'withdrawn', now);
    });
  }

  /** A customer's payment of everything owed; `10011` when the available balance is short of it. */
  private async payOrShort(
    tx: Tx,
    row: LoanRow,
    kind: 'repayment' | 'withdrawal',
    parts: { amount: Money; principal: Money; interest: Money },
    now: number,
    what: string,
  ) {
    const balances = await this.deps.ledger.balances(String(row.userId), 'real', tx);
    if (parts.amount.gt(balances[LOAN_CURRENCY]?.available ?? '0'))
      throw new AppError(errors.insufficientBalance);
    return recordPayment(this.deps, tx, row, kind, parts, now, paymentMemo(what, parts));
  }

  private async close(tx: Tx, row: LoanRow, status: LoanStatus, now: number): Promise<Loan> {
    const paid = new Money(row.paidPrincipal).plus(row.paidInterest);
    const [updated] = await tx
      .update(loans)
      .set({
        status,
        repaidAmount: paid.toFixed(2),
        interestPaid: new Money(row.paidInterest).toFixed(2),
        closedAt: new Date(now),
        nextEventAt: null,
      })
      .where(eq(loans.id, row.id))
      .returning();
    return this.view(tx, updated!, now);
  }

  /** Deletes quotes a day past their expiry; a loan keeps its own copy of the terms. */
  async purgeQuotes(now: number): Promise<void> {
    await this.deps.db.delete(loanQuotes).where(lt(loanQuotes.expiresAt, new Date(now - DAY_MS)));
  }

  registerReviews(reviews: ReviewRegistry): void {
    this.reviews.register(reviews);
  }

  registerJobs(scheduler: Pick<Scheduler, 'every'>): void {
    this.days.register(scheduler);
    scheduler.every('loans.quote-purge', 3_600_000, (now) => this.purgeQuotes(now));
  }
}

/**
 * The withdrawal figures of the pre-contract summary: interest accrued per day from payout (exact), and
 * today's figure — what withdrawing costs if the loan is paid out and withdrawn today (one day used).
 */
function withdrawalToday(terms: { amount: string; dailyRate: string; interestFreeDays: number }) {
  return {
    withdrawalInterestPerDay: loanInterestPerDay(terms.amount, terms.dailyRate),
    withdrawalAmountToday: new Money(terms.amount)
      .plus(loanInterest(terms.amount, terms.dailyRate, 1, terms.interestFreeDays))
      .toFixed(2),
  };
}

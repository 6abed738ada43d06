import { and, eq, inArray, sql, sum } from 'drizzle-orm';
import { errors, type FundLendingCapitalBody, type LendingBook } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import { Money, formatAmount, platformAccount } from '../ledger/accounts';
import { requirePostable } from '../ledger/precision';
import type { StaffIdentity } from '../staff/staff';
import type { LoansDeps } from './common';
import { loans } from './tables';
import { LOAN_CURRENCY } from './terms';

type Reader = Db | Tx;

/** Key of the advisory lock that serialises what draws on the book (applications, approvals). */
const BOOK_LOCK = 0x6c656e64; // "lend"

const ratio = (part: Money, whole: Money) =>
  whole.isZero() ? null : part.dividedBy(whole).toDecimalPlaces(4, Money.ROUND_DOWN).toFixed(4);

/**
 * The lending book (docs/product.md, Loans): loans draw on capital staff put in (like the plan reserve),
 * never on nothing. In the ledger: capital comes from `platform_capital` into `platform_lending_capital`; a
 * disbursement takes principal out of `platform_loans` (negative while lent), a repayment puts principal back
 * there and interest into `platform_loan_interest`, a write-off moves unpaid principal to
 * `platform_loan_losses`. What can be lent now is the sum of those four accounts; every figure is read from
 * postings or from the loans, never kept as a counter.
 */
export class LendingBookService {
  constructor(private readonly deps: LoansDeps) {}

  /** Serialises the checks below with the writes they guard, until the transaction ends. */
  async lock(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOK_LOCK}, 0)`);
  }

  private balance(kind: Parameters<LoansDeps['ledger']['platformBalance']>[0], reader: Reader) {
    return this.deps.ledger.platformBalance(kind, LOAN_CURRENCY, 'real', reader).then((b) => new Money(b));
  }

  /** Capital that can be lent now: capital + loans (negative while lent) + interest + losses (negative). */
  async available(reader: Reader = this.deps.db): Promise<Money> {
    const kinds = [
      'platform_lending_capital',
      'platform_loans',
      'platform_loan_interest',
      'platform_loan_losses',
    ] as const;
    const balances = await Promise.all(kinds.map((kind) => this.balance(kind, reader)));
    return balances.reduce((total, b) => total.plus(b), new Money(0));
  }

  /** Principal of loans in these statuses that is not paid back yet (a pending loan's whole amount). */
  async principal(
    reader: Reader,
    statuses: readonly ('pending' | 'repaying' | 'expired')[],
    userId?: string,
  ): Promise<Money> {
    const [row] = await reader
      .select({ total: sum(sql`${loans.amount} - ${loans.paidPrincipal}`) })
      .from(loans)
      .where(
        and(
          inArray(loans.status, [...statuses]),
          userId === undefined ? undefined : eq(loans.userId, BigInt(userId)),
        ),
      );
    return new Money(row?.total ?? '0');
  }

  /** The most one customer may owe now: the exposure share of the book (available + lent out). */
  async exposureLimit(reader: Reader = this.deps.db): Promise<Money> {
    const book = (await this.available(reader)).plus(await this.principal(reader, ['repaying', 'expired']));
    return Money.max(0, book)
      .times(this.deps.params.getDecimal('loan_exposure_share').toString())
      .toDecimalPlaces(2, Money.ROUND_DOWN);
  }

  /**
   * How much more this customer could borrow as far as the book goes (capital and exposure), counting signed
   * loans that wait for approval as already lent: what the loan product offers as `available`.
   */
  async headroomFor(userId: string, reader: Reader = this.deps.db): Promise<Money> {
    const capital = (await this.available(reader)).minus(await this.principal(reader, ['pending']));
    const exposure = (await this.exposureLimit(reader)).minus(
      await this.principal(reader, ['pending', 'repaying', 'expired'], userId),
    );
    return Money.max(0, Money.min(capital, exposure));
  }

  /**
   * Refuses a loan the book cannot carry: more than the capital left (`11402`), or beyond the customer's
   * exposure limit (`11403`). `pending` counts signed loans waiting for approval (at application: they will
   * draw first); at approval the loan itself is among them and is not counted twice.
   */
  async check(reader: Reader, userId: string, amount: string, stage: 'apply' | 'approve'): Promise<void> {
    const waiting = stage === 'apply' ? await this.principal(reader, ['pending']) : new Money(0);
    if ((await this.available(reader)).minus(waiting).lt(amount))
      throw new AppError(errors.lendingCapitalInsufficient);
    const counted =
      stage === 'apply' ? (['pending', 'repaying', 'expired'] as const) : (['repaying', 'expired'] as const);
    const owes = await this.principal(reader, counted, userId);
    if (owes.plus(amount).gt(await this.exposureLimit(reader)))
      throw new AppError(errors.loanExposureExceeded);
  }

  /** The staff view: capital, what is lent, overdue and written off, and the ratios. */
  async view(reader: Reader = this.deps.db): Promise<LendingBook> {
    const [capital, interest, losses, available, pending, outstanding] = await Promise.all([
      this.balance('platform_lending_capital', reader),
      this.balance('platform_loan_interest', reader),
      this.balance('platform_loan_losses', reader),
      this.available(reader),
      this.principal(reader, ['pending']),
      this.principal(reader, ['repaying', 'expired']),
    ]);
    const [overdue] = await reader
      .select({
        loans: sql<number>`count(*)::int`,
        principal: sum(sql`${loans.amount} - ${loans.paidPrincipal}`),
        owed: sum(
          sql`${loans.amount} + ${loans.totalInterest} + ${loans.overdueInterest} - ${loans.paidPrincipal} - ${loans.paidInterest}`,
        ),
      })
      .from(loans)
      .where(eq(loans.status, 'expired'));
    const money = (value: Money) => formatAmount(value.toDecimalPlaces(2, Money.ROUND_HALF_UP));
    const exposureShare = this.deps.params.getDecimal('loan_exposure_share').toString();
    return {
      currency: LOAN_CURRENCY,
      capitalFunded: money(capital),
      available: money(available),
      pendingPrincipal: money(pending),
      outstandingPrincipal: money(outstanding),
      overdueAmount: money(new Money(overdue?.owed ?? '0')),
      overdueLoans: overdue?.loans ?? 0,
      writtenOff: money(losses.neg()),
      interestEarned: money(interest),
      utilisation: ratio(outstanding, Money.max(0, available).plus(outstanding)),
      overdueRatio: ratio(new Money(overdue?.principal ?? '0'), outstanding),
      exposureShare: formatAmount(exposureShare),
      exposureLimit: money(await this.exposureLimit(reader)),
      customerLimit: formatAmount(this.deps.params.getDecimal('loan_customer_limit').toString()),
    };
  }

  /** Owners' capital into lending: a reasoned ledger entry from `platform_capital`, audited with it. */
  async fund(staff: StaffIdentity, body: FundLendingCapitalBody): Promise<LendingBook> {
    const amount = new Money(body.amount);
    if (amount.isZero()) throw new AppError(errors.amountIncorrect);
    requirePostable(amount, LOAN_CURRENCY);
    return this.deps.units.run(async ({ tx }) => {
      const { journalId } = await this.deps.ledger.transfer(tx, {
        type: 'lending_capital_funding',
        memo: body.reason,
        createdByStaffId: staff.staffId,
        legs: [
          { account: platformAccount('platform_capital', LOAN_CURRENCY), amount: amount.neg().toFixed() },
          { account: platformAccount('platform_lending_capital', LOAN_CURRENCY), amount: amount.toFixed() },
        ],
      });
      await this.deps.audit.record(tx, {
        staffId: staff.staffId,
        action: 'loans.capital.fund',
        target: `lending_book:${LOAN_CURRENCY}`,
        details: { amount: formatAmount(amount), reason: body.reason, journalId },
      });
      return this.view(tx);
    });
  }
}

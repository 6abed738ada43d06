import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { type Money, customerAccount, formatAmount, platformAccount } from '../ledger/accounts';
import type { Leg } from '../ledger/types';
import type { LoanRow, LoansDeps } from './common';
import { loanPayments, loans } from './tables';
import { LOAN_CURRENCY } from './terms';

export type PaymentKind = 'repayment' | 'collection' | 'withdrawal' | 'write_off';
type PaymentRow = typeof loanPayments.$inferSelect;

const entryType = {
  repayment: 'loan_repayment',
  collection: 'loan_collection',
  withdrawal: 'loan_withdrawal',
  write_off: 'loan_write_off',
} as const;

export interface PaymentParts {
  amount: Money;
  principal: Money;
  interest: Money;
}

/**
 * Money towards a loan, recorded in the caller's transaction (the loan locked): the ledger entry, the
 * `loan_payments` row with its journal id, and the loan's running totals. A customer's payment takes the
 * amount from their available USDT and puts the principal back in the book (`platform_loans`) and the
 * interest in `platform_loan_interest`. A write-off takes nothing from the customer: its entry moves the unpaid
 * principal from the book to the losses account; interest written off was never booked, so it has no leg.
 * Each kind happens once per loan (the once key and the table's unique key).
 */
export async function recordPayment(
  deps: Pick<LoansDeps, 'ledger'>,
  tx: Tx,
  row: LoanRow,
  kind: PaymentKind,
  parts: PaymentParts,
  now: number,
  memo: string,
): Promise<{ row: LoanRow; journalId: string | null }> {
  const id = String(row.id);
  const principal = parts.principal.toFixed(2);
  const interest = parts.interest.toFixed(2);
  const legs: Leg[] = [];
  if (kind === 'write_off') {
    if (parts.principal.gt(0))
      legs.push(
        { account: platformAccount('platform_loans', LOAN_CURRENCY), amount: principal },
        { account: platformAccount('platform_loan_losses', LOAN_CURRENCY), amount: `-${principal}` },
      );
  } else if (parts.amount.gt(0)) {
    legs.push({
      account: customerAccount(String(row.userId), 'real', LOAN_CURRENCY),
      amount: `-${parts.amount.toFixed(2)}`,
    });
    if (parts.principal.gt(0))
      legs.push({ account: platformAccount('platform_loans', LOAN_CURRENCY), amount: principal });
    if (parts.interest.gt(0))
      legs.push({ account: platformAccount('platform_loan_interest', LOAN_CURRENCY), amount: interest });
  }
  const journalId =
    legs.length === 0
      ? null
      : (
          await deps.ledger.transfer(tx, {
            type: entryType[kind],
            reference: { type: 'loan', id },
            memo,
            once: `loan:${id}:${kind}`,
            legs,
          })
        ).journalId;
  await tx.insert(loanPayments).values({
    loanId: row.id,
    kind,
    amount: parts.amount.toFixed(2),
    principal,
    interest,
    journalId: journalId === null ? null : BigInt(journalId),
    createdAt: new Date(now),
  });
  const paying = kind !== 'write_off';
  const [updated] = await tx
    .update(loans)
    .set(
      paying
        ? {
            paidPrincipal: sql`${loans.paidPrincipal} + ${principal}`,
            paidInterest: sql`${loans.paidInterest} + ${interest}`,
          }
        : { writtenOffAmount: parts.amount.toFixed(2) },
    )
    .where(eq(loans.id, row.id))
    .returning();
  return { row: updated!, journalId };
}

/** Payments of these loans, oldest first, by loan id. */
export async function paymentsOf(
  reader: Db | Tx,
  ids: readonly bigint[],
): Promise<Map<string, PaymentRow[]>> {
  const byLoan = new Map<string, PaymentRow[]>();
  if (ids.length === 0) return byLoan;
  const rows = await reader
    .select()
    .from(loanPayments)
    .where(inArray(loanPayments.loanId, [...ids]))
    .orderBy(asc(loanPayments.id));
  for (const row of rows) {
    const key = String(row.loanId);
    byLoan.set(key, [...(byLoan.get(key) ?? []), row]);
  }
  return byLoan;
}

/** The memo customers read in their records: what the payment was made of. */
export function paymentMemo(what: string, parts: PaymentParts): string {
  return `${what} (principal ${formatAmount(parts.principal.toFixed(2))}, interest ${formatAmount(parts.interest.toFixed(2))})`;
}

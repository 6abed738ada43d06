import { and, eq, lte, or } from 'drizzle-orm';
import { errors, type ReviewCustomer } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { Ledger } from '../ledger/service';
import type { ParamsService } from '../params/service';
import type { AuditService } from '../staff/audit';
import type { FourEyes } from '../staff/four-eyes';
import type { NoticeDeps } from '../kyc/service';
import type { KycService } from '../kyc/service';
import type { Customer } from '../platform/owned';
import type { SealScope, Sealer } from '../platform/crypto';
import { loans } from './tables';

export interface LoansDeps extends NoticeDeps {
  db: Db;
  ledger: Ledger;
  params: ParamsService;
  audit: AuditService;
  kyc: Pick<KycService, 'isVerified' | 'identityOf'>;
  /** Seals signatures and contract PDFs (docs/security.md). */
  sealer: Sealer;
  /** Who the customers are, for the staff review queue (auth). */
  customers: (userIds: readonly string[]) => Promise<Map<string, ReviewCustomer>>;
  /** Write-offs take a second finance member (admin's four-eyes piece). */
  fourEyes: Pick<FourEyes, 'require' | 'approve'>;
  /** Staff usernames by id (who asked for and who approved a write-off). */
  staffNames: (ids: readonly string[]) => Promise<Map<string, string>>;
}

export type LoanRow = typeof loans.$inferSelect;

/** Loans are real money only; demo customers are asked to switch (`11006`). */
export function requireReal(customer: Customer): void {
  if (customer.mode !== 'real') throw new AppError(errors.demoNotAllowed);
}

/** First key of the advisory locks that serialise one customer's loan applications (limit check). */
export const LOAN_LOCK_CLASS = 0x6c6f616e; // "loan"

/** Statuses whose principal counts against the per-customer limit. */
export const openStatuses = ['pending', 'repaying', 'expired'] as const;

/** The loan, locked for the transaction: decisions, repayments and reminders on one loan take turns. */
export async function lockLoan(tx: Tx, id: bigint): Promise<LoanRow | undefined> {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
  return row;
}

/**
 * Whether the customer has a loan past its due date and not repaid at `now` (overdue even before the daily
 * pass marked it `expired`): while one is, withdrawals (`11400`) and new loans (`11401`) are refused.
 */
export async function hasOverdueLoan(reader: Db | Tx, userId: string, now: number): Promise<boolean> {
  const [row] = await reader
    .select({ id: loans.id })
    .from(loans)
    .where(
      and(
        eq(loans.userId, BigInt(userId)),
        or(
          eq(loans.status, 'expired'),
          and(eq(loans.status, 'repaying'), lte(loans.maturityAt, new Date(now))),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A loan's signature strokes: the borrower's, bound to the quote they signed. */
export const signatureScope = (userId: string, quoteId: string): SealScope => ({
  kind: 'loan.signature',
  owner: `user:${userId}`,
  record: quoteId,
});

/** A loan's contract PDF: the borrower's, bound to the loan. */
export const contractScope = (userId: string, loanId: string): SealScope => ({
  kind: 'loan.contract',
  owner: `user:${userId}`,
  record: loanId,
});

import { eq } from 'drizzle-orm';
import { errors, type ReviewCustomer } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';
import type { Ledger } from '../ledger/service';
import type { ParamsService } from '../params/service';
import type { AuditService } from '../staff/audit';
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

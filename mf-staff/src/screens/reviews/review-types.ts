import type {
  DepositReview,
  KycReview,
  LoanReview,
  ReviewApprovalPending,
  ReviewItemCommon,
  WithdrawalReview,
} from '@swx/shared/contract';
import type { ReviewKindName } from '../../components/staff-layout';

/** Each kind's queue item, as the server's list answers it (`staff-reviews.ts` in the contract). */
export interface ReviewItems {
  deposit: DepositReview;
  withdrawal: WithdrawalReview;
  kyc: KycReview;
  loan: LoanReview;
}

export type ReviewItem = ReviewItems[ReviewKindName];

/** What approve answers under four eyes when one more approval is needed. */
export function isApprovalPending(answer: unknown): answer is ReviewApprovalPending {
  return typeof answer === 'object' && answer !== null && 'pendingApproval' in answer;
}

/** The amount and currency a queue row shows, per kind (identity checks have none). */
export function headline(
  kind: ReviewKindName,
  item: ReviewItemCommon,
): { amount: string; currency: string } | null {
  if (kind === 'deposit') {
    const deposit = item as DepositReview;
    return { amount: deposit.amount, currency: deposit.coin };
  }
  if (kind === 'withdrawal') {
    const withdrawal = item as WithdrawalReview;
    return { amount: withdrawal.amount, currency: withdrawal.currency };
  }
  if (kind === 'loan') {
    const loan = item as LoanReview;
    return { amount: loan.amount, currency: loan.currency };
  }
  return null;
}

import { Money, Reference, formatMoney } from '@swx/shared';
import type { DepositReview, LoanReview, ReviewItemCommon, WithdrawalReview } from '@swx/shared/contract';
import type { Fact } from '../../components/facts';
import type { ReviewKindName } from '../../components/staff-layout';
import { pageStyles } from '../../components/page';
import type { useStaffStrings } from '../../i18n';

type T = ReturnType<typeof useStaffStrings>['t'];

export interface Confirmation {
  title: string;
  message: string;
  facts: Fact[];
  confirmLabel: string;
}

/** Where a withdrawal goes: the address, or the card and bank. */
export function destinationOf(item: WithdrawalReview) {
  if (item.address) return <Reference value={item.address} label={item.network ?? item.currency} />;
  const bank = [item.payeeName, item.bankName].filter(Boolean).join(' · ');
  return (
    <span className={pageStyles.mono}>{[item.cardNumber, bank].filter(Boolean).join(' · ') || '—'}</span>
  );
}

/**
 * What approving a record does, said before it is done: the amount, the customer, and where the money goes.
 * Identity checks move no money and are approved on one click (null).
 */
export function approvalConfirmation(
  kind: ReviewKindName,
  item: ReviewItemCommon,
  t: T,
): Confirmation | null {
  const username = item.customer.username;
  const customer: Fact = [t('confirm.customer'), username, 'customer'];
  if (kind === 'deposit') {
    const deposit = item as DepositReview;
    return {
      title: t('confirm.depositTitle'),
      message: t('confirm.deposit', { amount: formatMoney(deposit.amount, deposit.coin), username }),
      facts: [
        customer,
        [t('fields.amount'), <Money key="a" value={deposit.amount} currency={deposit.coin} />, 'amount'],
        [t('fields.coinNetwork'), `${deposit.coin} · ${deposit.network}`, 'network'],
      ],
      confirmLabel: t('confirm.depositConfirm'),
    };
  }
  if (kind === 'withdrawal') {
    const withdrawal = item as WithdrawalReview;
    const amount = formatMoney(withdrawal.amount, withdrawal.currency);
    const last = withdrawal.approvals.length + 1 >= withdrawal.approvalsRequired;
    return {
      title: t('confirm.withdrawalTitle'),
      message: last
        ? t('confirm.withdrawal', {
            amount,
            username,
            received: formatMoney(withdrawal.amountReceived, withdrawal.currency),
          })
        : t('confirm.withdrawalFirst', {
            amount,
            username,
            count: withdrawal.approvals.length + 1,
            required: withdrawal.approvalsRequired,
          }),
      facts: [
        customer,
        [
          t('fields.received'),
          <Money key="r" value={withdrawal.amountReceived} currency={withdrawal.currency} />,
          'received',
        ],
        [
          t('fields.totalDebited'),
          <Money key="d" value={withdrawal.totalDebited} currency={withdrawal.currency} />,
          'debited',
        ],
        [t('confirm.destination'), destinationOf(withdrawal), 'destination'],
      ],
      confirmLabel: t('confirm.withdrawalConfirm'),
    };
  }
  if (kind === 'loan') {
    const loan = item as LoanReview;
    return {
      title: t('confirm.loanTitle'),
      message: t('confirm.loan', {
        amount: formatMoney(loan.amount, loan.currency),
        username,
        total: formatMoney(loan.totalRepayment, loan.currency),
        date: loan.repaymentDate,
      }),
      facts: [
        customer,
        [t('fields.amount'), <Money key="a" value={loan.amount} currency={loan.currency} />, 'amount'],
        [t('fields.term'), t('fields.days', { count: loan.term }), 'term'],
        [
          t('loan.totalRepayment'),
          <Money key="r" value={loan.totalRepayment} currency={loan.currency} />,
          'repayment',
        ],
      ],
      confirmLabel: t('confirm.loanConfirm'),
    };
  }
  return null;
}

import {
  networksOfCoin,
  type CashierCoin,
  type CashierNetwork,
  type WithdrawalQuoteBody,
} from '@swx/shared/contract';
import {
  addressProblem,
  amountForWire,
  amountProblem,
  cardNumberProblem,
  requiredProblem,
  type Problem,
} from '../../components/form';

export type WithdrawalMethod = 'crypto' | 'bank';
export type WithdrawField = 'amount' | 'address' | 'payeeName' | 'cardNumber' | 'bankName';

export interface WithdrawDraft {
  method: WithdrawalMethod;
  coin: CashierCoin;
  network: CashierNetwork;
  address: string;
  payeeName: string;
  cardNumber: string;
  bankName: string;
  amount: string;
}

/** Bank withdrawals pay out USDT's value; crypto ones the chosen coin. */
export function withdrawalCurrency(draft: Pick<WithdrawDraft, 'method' | 'coin'>): CashierCoin {
  return draft.method === 'bank' ? 'USDT' : draft.coin;
}

/** The withdrawal form's rules (seed §5): amount, then the destination fields of the chosen method. */
export function validateWithdrawal(draft: WithdrawDraft): Partial<Record<WithdrawField, Problem>> {
  const problems: Partial<Record<WithdrawField, Problem>> = {};
  const amount = amountProblem(draft.amount, { requiredKey: 'common:validation.withdrawalAmountRequired' });
  if (amount) problems.amount = amount;
  if (draft.method === 'crypto') {
    const address = addressProblem(draft.address);
    if (address) problems.address = address;
  } else {
    const payee = requiredProblem(draft.payeeName);
    const card = cardNumberProblem(draft.cardNumber);
    const bank = requiredProblem(draft.bankName);
    if (payee) problems.payeeName = payee;
    if (card) problems.cardNumber = card;
    if (bank) problems.bankName = bank;
  }
  return problems;
}

export function quoteBody(draft: WithdrawDraft): WithdrawalQuoteBody {
  const amount = amountForWire(draft.amount);
  return draft.method === 'crypto'
    ? { method: 'crypto', coin: draft.coin, network: draft.network, amount }
    : { method: 'bank', amount };
}

export function firstNetwork(coin: CashierCoin): CashierNetwork {
  return networksOfCoin[coin][0]!;
}

import { parseAmount } from '@swx/shared';
import {
  errors,
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

/**
 * The withdrawal form's rules (seed §5): amount (not above the available balance: the fee comes on top and the
 * server's quote checks both), then the destination fields of the chosen method.
 */
export function validateWithdrawal(
  draft: WithdrawDraft,
  available: string,
): Partial<Record<WithdrawField, Problem>> {
  const problems: Partial<Record<WithdrawField, Problem>> = {};
  const amount =
    amountProblem(draft.amount, { requiredKey: 'common:validation.withdrawalAmountRequired' }) ??
    (parseAmount(draft.amount)!.gt(available)
      ? { key: `common:codes.${errors.withdrawalOverBalance}` }
      : null);
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

/** The quote carries the destination too, so the server refuses a wrong address before showing terms. */
export function quoteBody(draft: WithdrawDraft): WithdrawalQuoteBody {
  const amount = amountForWire(draft.amount);
  return draft.method === 'crypto'
    ? { method: 'crypto', coin: draft.coin, network: draft.network, address: draft.address.trim(), amount }
    : {
        method: 'bank',
        payeeName: draft.payeeName.trim(),
        cardNumber: draft.cardNumber.replace(/\s+/g, ''),
        bankName: draft.bankName.trim(),
        amount,
      };
}

/** The form field a refusal of the server is about, so its message stands next to what to correct. */
export function fieldOfRefusal(code: string): WithdrawField | null {
  switch (code) {
    case errors.addressMissing:
    case errors.addressIncorrect:
      return 'address';
    case errors.cardNumberIncorrect:
      return 'cardNumber';
    case errors.withdrawalOverBalance:
    case errors.amountIncorrect:
      return 'amount';
    default:
      return null;
  }
}

export function firstNetwork(coin: CashierCoin): CashierNetwork {
  return networksOfCoin[coin][0]!;
}

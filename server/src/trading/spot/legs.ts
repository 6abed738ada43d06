import Decimal from 'decimal.js';
import { AppError } from '../../http/errors';
import { customerAccount, platformAccount, type AccountRef } from '../../ledger/accounts';
import type { Leg } from '../../ledger/service';
import type { Customer } from '../context';
import { fmt } from '../rules';
import { errors, spotTerms, spotTooSmall } from '@swx/shared/contract';

/**
 * The legs of a spot fill. `held`: the USDT (buy) or coin (sell) a limit order holds, paid out of held funds
 * with the unused rest returned to available.
 */
export function spotLegs(
  customer: Customer,
  coin: string,
  side: 'buy' | 'sell',
  quantity: Decimal,
  price: Decimal,
  feeRate: Decimal,
  held: Decimal | undefined,
): { legs: Leg[]; cost: Decimal; fee: Decimal } {
  const { userId, mode } = customer;
  const usdt = customerAccount(userId, mode, 'USDT');
  const heldUsdt = customerAccount(userId, mode, 'USDT', 'customer_held');
  const coinAvailable = customerAccount(userId, mode, coin);
  const coinHeld = customerAccount(userId, mode, coin, 'customer_held');
  const trading = (currency: string) => platformAccount('platform_trading', currency, mode);
  const fees = platformAccount('platform_fees', 'USDT', mode);
  const legs: Leg[] = [];
  const push = (account: AccountRef, amount: Decimal) => {
    if (!amount.isZero()) legs.push({ account, amount: fmt(amount) });
  };
  if (side === 'buy') {
    const { value: cost, fee: fullFee } = spotTerms('buy', quantity, price, feeRate);
    // A limit order is held to the fee it was placed under: a later rise of the fee rate cannot take more
    // than it holds.
    const fee = held ? Decimal.min(fullFee, held.minus(cost)) : fullFee;
    if (cost.lte(0) || fee.isNegative()) throw new AppError(errors.purchaseAmountIncorrect);
    if (held) {
      push(heldUsdt, held.neg());
      push(usdt, held.minus(cost).minus(fee));
    } else {
      push(usdt, cost.plus(fee).neg());
    }
    push(trading('USDT'), cost);
    push(fees, fee);
    push(trading(coin), quantity.neg());
    push(coinAvailable, quantity);
    return { legs, cost, fee };
  }
  const { value: cost, fee } = spotTerms('sell', quantity, price, feeRate);
  if (spotTooSmall('sell', cost, fee)) throw new AppError(errors.purchaseAmountIncorrect);
  push(held ? coinHeld : coinAvailable, quantity.neg());
  push(trading(coin), quantity);
  push(trading('USDT'), cost.neg());
  push(usdt, cost.minus(fee));
  push(fees, fee);
  return { legs, cost, fee };
}

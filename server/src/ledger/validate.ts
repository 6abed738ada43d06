import { ledgerPrecision, type AccountMode } from '@swx/shared/contract';
import { Money, customerKinds, isCustomerRef, parseAmount, platformKinds, type AccountRef } from './accounts';
import type { EntryDescription, TransferRequest } from './types';

const currencyPattern = /^[A-Z0-9]{2,12}$/;
export const userIdPattern = /^[1-9][0-9]{0,18}$/;

export function entryDescription(request: EntryDescription): EntryDescription {
  const { type, reference, memo, createdByStaffId, once } = request;
  return { type, reference, memo, createdByStaffId, once };
}

export function positiveAmount(value: string): Money {
  const amount = parseAmount(value);
  if (!amount.isPositive() || amount.isZero())
    throw new Error(`ledger: amount must be positive, got "${value}"`);
  return amount;
}

export function assertUserId(userId: string): void {
  if (!userIdPattern.test(userId)) throw new Error(`ledger: "${userId}" is not a user id`);
}

export function assertCurrency(currency: string): void {
  if (!currencyPattern.test(currency)) throw new Error(`ledger: "${currency}" is not a currency code`);
}

/**
 * Checks a transfer's shape before anything is read or written. These are programming errors (the caller
 * built a wrong entry), not customer refusals, so they throw plain errors.
 */
export function validateTransfer(request: TransferRequest): { account: AccountRef; amount: Money }[] {
  if (!request.type || request.type.length > 64) throw new Error('ledger: an entry needs a type');
  if (request.createdByStaffId !== undefined) {
    if (!userIdPattern.test(request.createdByStaffId))
      throw new Error('ledger: createdByStaffId is not an id');
    if (!request.memo?.trim()) throw new Error('ledger: an entry made by staff must give its reason in memo');
  }
  if (request.legs.length < 2) throw new Error('ledger: an entry needs at least two legs');
  const modes = new Set<AccountMode>();
  const totals = new Map<string, Money>();
  const legs = request.legs.map((leg) => {
    const amount = parseAmount(leg.amount);
    if (amount.isZero()) throw new Error('ledger: a leg of zero posts nothing');
    const { account } = leg;
    assertCurrency(account.currency);
    if (account.mode !== 'real' && account.mode !== 'demo')
      throw new Error('ledger: account mode must be real or demo');
    if (isCustomerRef(account)) {
      assertUserId(account.userId);
      if (!(customerKinds as readonly string[]).includes(account.kind))
        throw new Error('ledger: unknown customer kind');
    } else if (!(platformKinds as readonly string[]).includes(account.platform)) {
      throw new Error(`ledger: unknown platform account "${String(account.platform)}"`);
    }
    modes.add(account.mode);
    totals.set(account.currency, (totals.get(account.currency) ?? new Money(0)).add(amount));
    return { account, amount };
  });
  if (modes.size > 1) throw new Error('ledger: an entry cannot mix demo and real accounts');
  for (const [currency, total] of totals) {
    if (!total.isZero()) throw new Error(`ledger: ${currency} legs sum to ${total.toFixed()}, not 0`);
  }
  assertLedgerPrecision(legs);
  return legs;
}

/**
 * Ledger precision (docs/product.md): every posting is a whole number of its currency's smallest unit,
 * rounded once by the code that computed it. One exception keeps the ledger whole across the rule's arrival:
 * holds placed before it may carry more digits, and releasing or settling one must take exactly what it
 * holds. An entry that takes such an amount out of held funds may carry those digits in that currency's
 * other legs too (the rest of an old position's margin, an old withdrawal's fee); nothing else can.
 */
function assertLedgerPrecision(legs: { account: AccountRef; amount: Money }[]): void {
  const fits = (leg: { account: AccountRef; amount: Money }) =>
    leg.amount.decimalPlaces() <= ledgerPrecision(leg.account.currency);
  const olderHolds = new Set(
    legs
      .filter(
        (leg) =>
          isCustomerRef(leg.account) &&
          leg.account.kind === 'customer_held' &&
          leg.amount.isNegative() &&
          !fits(leg),
      )
      .map((leg) => leg.account.currency),
  );
  for (const leg of legs) {
    if (fits(leg) || olderHolds.has(leg.account.currency)) continue;
    const places = ledgerPrecision(leg.account.currency);
    throw new Error(
      `ledger: ${leg.account.currency} amount ${leg.amount.toFixed()} has more than ${places} decimal places`,
    );
  }
}

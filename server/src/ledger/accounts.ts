import Decimal from 'decimal.js';
import type { AccountMode } from '@swx/shared/contract';

/**
 * Decimal arithmetic for money. A private clone so no other module's settings can change ours: 60
 * significant digits holds any sum of numeric(36,18) amounts exactly.
 */
export const Money = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Money = Decimal;

/** Currencies every customer gets an account set for at registration (docs/product.md (business rules) Accounts). */
export const baseCurrencies = ['USDT', 'BTC', 'ETH'] as const;

export const customerKinds = ['customer_available', 'customer_held'] as const;
export type CustomerKind = (typeof customerKinds)[number];

/**
 * The platform's own accounts. They may go negative: a deposit is money the platform holds in custody on
 * the customer's behalf, so custody is debited as the customer is credited.
 */
export const platformKinds = [
  /** Trading, withdrawal and other fees earned. Invite rewards are paid out of it. */
  'platform_fees',
  /** Funds smart-plan daily income (docs/product.md promise 8). */
  'platform_plan_payouts',
  /** NFT sale proceeds for the charity. */
  'platform_charity',
  /** Loan principal lent and repaid. */
  'platform_loans',
  /** Crypto deposited and withdrawn through the platform's wallets. */
  'platform_external_custody',
  /** Source of demo money: the demo grant at registration. */
  'platform_demo_funding',
  /** Counterparty of trades: margin profit and loss, option stakes and payouts, spot coin against USDT. */
  'platform_trading',
  // Smart plans: owners' capital that staff put into the plan reserve (a reasoned, audited entry).
  'platform_capital',
  // Staff correction entries (PRODUCT.md rule 3): the counterparty of every approved correction.
  'platform_corrections',
  // The lending book (issue 28): owners' capital put into lending by staff; loan principal itself is
  // `platform_loans` (negative while lent out). What can be lent is capital + loans + interest + losses.
  'platform_lending_capital',
  /** Interest received on loans (repayments, collections, withdrawals). */
  'platform_loan_interest',
  /** Principal of loans written off (negative: the loss). */
  'platform_loan_losses',
  /** The charity's own account outside the platform: donations paid out to it (issue 28). */
  'platform_charity_external',
] as const;
export type PlatformKind = (typeof platformKinds)[number];

/** Where a posting goes: a customer's available or held funds, or a platform account. */
export type AccountRef =
  | { userId: string; mode: AccountMode; kind: CustomerKind; currency: string }
  | { platform: PlatformKind; mode: AccountMode; currency: string };

export function customerAccount(
  userId: string,
  mode: AccountMode,
  currency: string,
  kind: CustomerKind = 'customer_available',
): AccountRef {
  return { userId, mode, kind, currency };
}

export function platformAccount(
  kind: PlatformKind,
  currency: string,
  mode: AccountMode = 'real',
): AccountRef {
  return { platform: kind, mode, currency };
}

export function isCustomerRef(ref: AccountRef): ref is Extract<AccountRef, { userId: string }> {
  return 'userId' in ref;
}

export function refKey(ref: AccountRef): string {
  return isCustomerRef(ref)
    ? `${ref.userId}|${ref.mode}|${ref.kind}|${ref.currency}`
    : `platform|${ref.mode}|${ref.platform}|${ref.currency}`;
}

const amountPattern = /^-?(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/;

/**
 * Parses an amount that fits numeric(36,18): at most 18 integer and 18 fraction digits. Callers validate
 * customer input at the API edge (`Amount`); a bad amount here is a bug, so it throws a plain error.
 */
export function parseAmount(value: string): Money {
  if (typeof value !== 'string' || !amountPattern.test(value)) {
    throw new Error(`ledger: amount "${String(value)}" is not a decimal string fitting numeric(36,18)`);
  }
  return new Money(value);
}

/** The wire form: plain decimal, no exponent, no trailing zeros ("120.5"). */
export function formatAmount(value: Money | string): string {
  return new Money(value).toFixed();
}

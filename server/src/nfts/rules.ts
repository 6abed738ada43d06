import type { NftStatus } from '@swx/shared/contract';
import { Money } from '../ledger/accounts';

/** Bids are whole cents of USDT: the minimum is rounded up to this many places, a bid may not have more. */
export const BID_DECIMALS = 2;

export interface ExtensionRule {
  /** A bid this close to the end (ms) extends the auction. */
  windowMs: number;
  /** The end moves to this long after such a bid (ms). */
  extensionMs: number;
  /** The end never moves past the original end plus this (ms). */
  maxExtensionMs: number;
}

/**
 * The smallest acceptable bid: the starting bid while nobody has bid, else the current bid raised by the
 * increment and rounded UP to the cent, so a bid at the minimum is never below "current × (1 + rate)".
 */
export function nextMinimumBid(startingBid: string, currentBid: string | null, incrementRate: string): Money {
  if (currentBid === null) return new Money(startingBid);
  const raised = new Money(currentBid).times(new Money(1).plus(incrementRate));
  const minimum = raised.toDecimalPlaces(BID_DECIMALS, Money.ROUND_UP);
  // A zero rate still needs a strictly higher bid: two bids on one NFT never share an amount.
  return minimum.gt(currentBid) ? minimum : new Money(currentBid).plus(new Money(10).pow(-BID_DECIMALS));
}

export function hasBidDecimals(amount: string): boolean {
  const fraction = amount.split('.')[1];
  return fraction === undefined || fraction.length <= BID_DECIMALS;
}

/**
 * The end after a bid at `at`: moved to `at + extension` when the bid came within the window before the end,
 * never beyond `originalEnd + maxExtension` and never earlier than it was. Times in ms.
 */
export function endAfterBid(at: number, endsAt: number, originalEndsAt: number, rule: ExtensionRule): number {
  if (endsAt - at > rule.windowMs) return endsAt;
  const wanted = Math.min(at + rule.extensionMs, originalEndsAt + rule.maxExtensionMs);
  return Math.max(endsAt, wanted);
}

/** Where an auction stands at `now`: bids are taken in [startsAt, endsAt) and never after settlement. */
export function auctionStatus(
  now: number,
  listing: { startsAt: Date; endsAt: Date; settledAt: Date | null },
): NftStatus {
  if (listing.settledAt !== null || now >= listing.endsAt.getTime()) return 'ended';
  return now < listing.startsAt.getTime() ? 'upcoming' : 'live';
}

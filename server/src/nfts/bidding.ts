import { eq } from 'drizzle-orm';
import { errors, nftBidEventType, type BuyNftBody, type BuyNftResult } from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { Money, formatAmount } from '../ledger/accounts';
import type { Customer } from '../platform/owned';
import { recordId } from '../platform/owned';
import type { Unit } from '../platform/unit-of-work';
import {
  SETTLEMENT_JOB,
  extensionRule,
  highestBid,
  mask,
  settlementKey,
  summaryContext,
  toSummary,
  type ListingRow,
  type NftsDeps,
  type SettlementPayload,
} from './common';
import { auctionStatus, endAfterBid, hasBidDecimals, nextMinimumBid } from './rules';
import { nftBids, nftListings } from './tables';

type BidRow = typeof nftBids.$inferSelect;

/**
 * A bid, decided under the listing's row lock (every bid on one NFT waits for the one before, so the
 * highest bid read here is the highest there is). Holds only ever follow the lead:
 *
 * - a new leader holds the whole bid; the previous leader's hold (their whole bid) is released in the same
 *   transaction, with an "outbid" notification;
 * - the leader raising their own bid holds only the difference (documented choice: the hold stays one
 *   amount, equal to their bid, and never dips while they lead).
 *
 * So at every commit, per live auction, exactly one customer holds anything for it: the leader, exactly
 * their bid. A late bid moves the end and schedules the settlement at the new end in the same transaction.
 */
export async function placeBid(
  deps: NftsDeps,
  now: () => number,
  customer: Customer,
  body: BuyNftBody,
): Promise<BuyNftResult> {
  if (customer.mode !== 'real') throw new AppError(errors.demoNotAllowed);
  const amount = new Money(body.amount);
  if (amount.isZero() || !hasBidDecimals(body.amount))
    throw new AppError(errors.amountIncorrect, 'A bid is a positive USDT amount with at most 2 decimals');
  const nftId = recordId(body.nftId);
  if (nftId === undefined) throw new AppError(errors.nftNotFound);
  const placed = await deps.units.run(async (unit) => {
    const { tx } = unit;
    const [listing] = await tx.select().from(nftListings).where(eq(nftListings.id, nftId)).for('update');
    if (!listing) throw new AppError(errors.nftNotFound);
    const at = now();
    if (auctionStatus(at, listing) !== 'live') throw new AppError(errors.nftAuctionNotOpen);
    const top = await highestBid(tx, nftId);
    const minimum = nextMinimumBid(
      listing.startingBid,
      top?.amount ?? null,
      deps.params.get('nft_bid_increment'),
    );
    if (amount.lt(minimum))
      throw new AppError(errors.nftBidTooLow, `Bid too low: at least ${formatAmount(minimum)} USDT`);
    const raise = top !== undefined && String(top.userId) === customer.userId;
    const heldNow = raise ? amount.minus(top.amount) : amount;
    const newEnd = new Date(
      endAfterBid(at, listing.endsAt.getTime(), listing.originalEndsAt.getTime(), extensionRule(deps.params)),
    );
    const extended = newEnd.getTime() > listing.endsAt.getTime();
    const [bid] = await tx
      .insert(nftBids)
      .values({
        nftId,
        userId: BigInt(customer.userId),
        amount: amount.toFixed(),
        heldDelta: heldNow.toFixed(),
        extended,
        createdAt: new Date(at),
      })
      .returning();
    await deps.ledger.hold(tx, {
      userId: customer.userId,
      mode: 'real',
      currency: listing.currency,
      amount: heldNow.toFixed(),
      type: 'nft_bid_hold',
      reference: { type: 'nft_bid', id: String(bid!.id) },
      memo: raise
        ? `Raised bid on NFT “${listing.title}”: difference held`
        : `Bid on NFT “${listing.title}” held`,
    });
    if (top && !raise) await releaseOutbid(deps, unit, listing, top, amount);
    let current: ListingRow = listing;
    if (extended) {
      [current] = (await tx
        .update(nftListings)
        .set({ endsAt: newEnd })
        .where(eq(nftListings.id, nftId))
        .returning()) as [ListingRow];
      // The job at the old end still runs and finds the end moved; this one settles.
      await deps.scheduler.at<SettlementPayload>(
        SETTLEMENT_JOB,
        settlementKey(nftId, newEnd),
        newEnd,
        { nftId: String(nftId) },
        tx,
      );
    }
    const nft = toSummary(current, await summaryContext(deps, [current], at, undefined, tx));
    unit.afterCommit(() => {
      deps.events.publishPublicEvent({
        type: nftBidEventType,
        nftId: nft.id,
        currentBid: nft.currentBid,
        nextMinimumBid: nft.nextMinimumBid,
        bidCount: nft.bidCount,
        endsAt: nft.endsAt,
      });
      deps.events.publishAccountEvent(customer.userId, { type: 'balance', currency: listing.currency });
    });
    return {
      nft,
      bid: {
        id: String(bid!.id),
        bidder: '',
        amount: formatAmount(amount),
        createdAt: new Date(at).toISOString(),
        extended,
      },
      held: formatAmount(amount),
      heldNow: formatAmount(heldNow),
      extended,
    };
  });
  // Read after the commit: the bid's transaction holds the only connection on PGlite.
  const names = await deps.usernames([customer.userId]);
  return { ...placed, bid: { ...placed.bid, bidder: mask(names.get(customer.userId)) } };
}

/** The previous leader's whole bid goes back to available, with a notification, in the bid's transaction. */
async function releaseOutbid(deps: NftsDeps, unit: Unit, listing: ListingRow, previous: BidRow, by: Money) {
  const userId = String(previous.userId);
  await deps.ledger.release(unit.tx, {
    userId,
    mode: 'real',
    currency: listing.currency,
    amount: new Money(previous.amount).toFixed(),
    type: 'nft_bid_release',
    reference: { type: 'nft_bid', id: String(previous.id) },
    memo: `Outbid on NFT “${listing.title}”: hold released`,
    once: `nft_bid_release:${previous.id}`,
  });
  await deps.notifications.add(unit, userId, {
    kind: 'nft.outbid',
    titleKey: 'notifications.nft.outbid.title',
    bodyKey: 'notifications.nft.outbid.body',
    params: {
      title: listing.title,
      amount: formatAmount(previous.amount),
      newBid: formatAmount(by),
      currency: listing.currency,
    },
    reference: { type: 'nft', id: String(listing.id) },
  });
  unit.afterCommit(() =>
    deps.events.publishAccountEvent(userId, { type: 'balance', currency: listing.currency }),
  );
}

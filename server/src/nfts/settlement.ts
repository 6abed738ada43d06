import { eq, isNotNull, ne, and } from 'drizzle-orm';
import { nftCurrency, nftSettledEventType, type NotificationItem } from '@swx/shared/contract';
import type { Tx } from '../db/client';
import { formatAmount, platformAccount } from '../ledger/accounts';
import type { TimedJob } from '../platform/scheduler';
import { DONATION_REFERENCE, highestBid, type NftsDeps, type SettlementPayload } from './common';
import { nftBids, nftListings } from './tables';

interface PendingPush {
  userId: string;
  item: NotificationItem;
}

/**
 * Settles one auction inside the scheduler job's transaction, so "settled" and "job done" commit together.
 * Exactly once: the listing row is locked and a settled listing is left alone; the donation's ledger entry
 * also carries a `once` key. A job whose due time is before the listing's current end was overtaken by a late
 * bid (which scheduled the job at the new end) and does nothing.
 */
export async function settleAuction(
  deps: NftsDeps,
  now: () => number,
  tx: Tx,
  job: TimedJob<SettlementPayload>,
): Promise<void> {
  const nftId = BigInt(job.payload.nftId);
  const [listing] = await tx.select().from(nftListings).where(eq(nftListings.id, nftId)).for('update');
  if (!listing || listing.settledAt !== null) return;
  if (listing.endsAt.getTime() > job.dueAt.getTime()) return;
  const settledAt = new Date(Math.max(now(), listing.endsAt.getTime()));
  const top = await highestBid(tx, nftId);
  if (!top) {
    await tx
      .update(nftListings)
      .set({ outcome: 'unsold', settledAt, pendingPush: [] })
      .where(eq(nftListings.id, nftId));
    return;
  }
  const winner = String(top.userId);
  const price = formatAmount(top.amount);
  const donation = await deps.ledger.settleHeld(tx, {
    userId: winner,
    mode: 'real',
    currency: listing.currency,
    type: 'nft_sale',
    reference: { type: DONATION_REFERENCE, id: String(nftId) },
    memo: `NFT “${listing.title}” won: the winning bid goes to ${listing.charity}`,
    once: `nft_sale:${nftId}`,
    to: [{ account: platformAccount('platform_charity', nftCurrency, 'real'), amount: price }],
  });
  const params = {
    title: listing.title,
    amount: price,
    currency: listing.currency,
    charity: listing.charity,
  };
  const reference = { type: 'nft', id: String(nftId) };
  const pushes: PendingPush[] = [
    await deps.notifications.create(tx, winner, {
      kind: 'nft.won',
      titleKey: 'notifications.nft.won.title',
      bodyKey: 'notifications.nft.won.body',
      params: { ...params, ledgerReference: donation.journalId },
      reference,
    }),
  ];
  const losers = await tx
    .selectDistinct({ userId: nftBids.userId })
    .from(nftBids)
    .where(and(eq(nftBids.nftId, nftId), ne(nftBids.userId, top.userId)));
  for (const { userId } of losers) {
    pushes.push(
      await deps.notifications.create(tx, String(userId), {
        kind: 'nft.lost',
        titleKey: 'notifications.nft.lost.title',
        bodyKey: 'notifications.nft.lost.body',
        params,
        reference,
      }),
    );
  }
  await tx
    .update(nftListings)
    .set({
      outcome: 'sold',
      winnerUserId: top.userId,
      price,
      settledAt,
      donationJournalId: donation.journalId,
      pendingPush: pushes,
    })
    .where(eq(nftListings.id, nftId));
}

/**
 * The settlement's outbox: pushes the notifications and the public `nft.settled` event of auctions settled
 * since the last pass. Runs after the settlement committed (a rolled-back settlement leaves nothing to push);
 * a push may repeat after a crash between sending and clearing, never be lost.
 */
export async function pushSettled(deps: NftsDeps): Promise<number> {
  const rows = await deps.db
    .select({ id: nftListings.id, outcome: nftListings.outcome, pendingPush: nftListings.pendingPush })
    .from(nftListings)
    .where(isNotNull(nftListings.pendingPush))
    .limit(100);
  for (const row of rows) {
    const pushes = (row.pendingPush ?? []) as PendingPush[];
    deps.notifications.publish(...pushes);
    for (const { userId } of pushes)
      deps.events.publishAccountEvent(userId, { type: 'balance', currency: nftCurrency });
    deps.events.publishPublicEvent({
      type: nftSettledEventType,
      nftId: String(row.id),
      outcome: row.outcome,
    });
    await deps.db.update(nftListings).set({ pendingPush: null }).where(eq(nftListings.id, row.id));
  }
  return rows.length;
}

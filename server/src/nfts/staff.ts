import { desc, eq, sql } from 'drizzle-orm';
import { errors, type StaffNftListing } from '@swx/shared/contract';
import type { StaffIdentity } from '../staff/staff';
import { AppError } from '../http/errors';
import { recordId } from '../platform/owned';
import { summaryContext, toSummary, type ListingRow, type NftsDeps } from './common';
import { nftBids, nftListings } from './tables';

const STAFF_LIST_LIMIT = 500;

async function staffViews(deps: NftsDeps, now: number, rows: ListingRow[]): Promise<StaffNftListing[]> {
  const context = await summaryContext(deps, rows, now, undefined);
  return rows.map((row) => ({
    ...toSummary(row, context),
    outcome: row.outcome,
    createdByStaffId: row.createdByStaffId === null ? null : String(row.createdByStaffId),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Every listing for staff, cancelled ones included, newest first. */
export async function staffListings(deps: NftsDeps, now: number): Promise<StaffNftListing[]> {
  const rows = await deps.db.select().from(nftListings).orderBy(desc(nftListings.id)).limit(STAFF_LIST_LIMIT);
  return staffViews(deps, now, rows);
}

/**
 * Withdraws a listing before its first bid: marked settled as `cancelled` (the settlement job then leaves it
 * alone, customers no longer see it), audited with the reason. Every bid locks its listing first, so the
 * lock here decides: a bid either came before (refused, 11183) or finds the auction closed (11141).
 */
export async function cancelListing(
  deps: NftsDeps,
  now: number,
  staff: StaffIdentity,
  id: string,
  reason: string,
): Promise<StaffNftListing> {
  const nftId = recordId(id);
  if (nftId === undefined) throw new AppError(errors.nftNotFound);
  const row = await deps.units.run(async ({ tx }) => {
    const [listing] = await tx.select().from(nftListings).where(eq(nftListings.id, nftId)).for('update');
    if (!listing) throw new AppError(errors.nftNotFound);
    if (listing.settledAt !== null) throw new AppError(errors.nftAuctionNotOpen);
    const [bids] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(nftBids)
      .where(eq(nftBids.nftId, nftId));
    if (Number(bids?.count ?? 0) > 0) throw new AppError(errors.nftListingHasBids);
    const [cancelled] = await tx
      .update(nftListings)
      .set({ outcome: 'cancelled', settledAt: new Date(now) })
      .where(eq(nftListings.id, nftId))
      .returning();
    await deps.audit.record(tx, {
      staffId: staff.staffId,
      action: 'nft.cancel',
      target: `nft:${id}`,
      details: { reason: reason.normalize('NFC').trim(), title: listing.title },
    });
    return cancelled!;
  });
  const [view] = await staffViews(deps, now, [row]);
  return view!;
}

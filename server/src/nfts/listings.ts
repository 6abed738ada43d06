import crypto from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import {
  errors,
  nftCurrency,
  type CreateNftBody,
  type NftSummary,
  type UploadResult,
} from '@swx/shared/contract';
import type { Tx } from '../db/client';
import { AppError } from '../http/errors';
import { Money } from '../ledger/accounts';
import type { StaffIdentity } from '../staff/staff';
import { reencodeImage, type CleanImage } from '../uploads/service';
import { shippedCharity, shippedCollection, shippedLicence } from './artwork/collection';
import {
  SETTLEMENT_JOB,
  settlementKey,
  summaryContext,
  toSummary,
  type ListingRow,
  type NftsDeps,
  type SettlementPayload,
} from './common';
import { hasBidDecimals } from './rules';
import { nftArtworks, nftListings } from './tables';

const DAY_MS = 86_400_000;

async function storeArtwork(tx: Tx, image: CleanImage, staffId: string | null): Promise<string> {
  const id = crypto.randomBytes(16).toString('hex');
  await tx.insert(nftArtworks).values({
    id,
    mime: image.mime,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    createdByStaffId: staffId === null ? null : BigInt(staffId),
  });
  return id;
}

/** Staff upload an artwork: decoded and encoded again (pixels only), stored for a listing, audited. */
export async function uploadArtwork(
  deps: NftsDeps,
  staff: StaffIdentity,
  bytes: Buffer,
): Promise<UploadResult> {
  const image = await reencodeImage(bytes);
  return deps.db.transaction(async (tx) => {
    const id = await storeArtwork(tx, image, staff.staffId);
    await deps.audit.record(tx, {
      staffId: staff.staffId,
      action: 'nft.artwork.upload',
      target: `nft-artwork:${id}`,
      details: { mime: image.mime, size: image.bytes.length, width: image.width, height: image.height },
    });
    return { id, mime: image.mime, size: image.bytes.length };
  });
}

interface NewListing {
  title: string;
  creator: string;
  chain: string;
  contractAddress: string;
  tokenId: string;
  artworkId: string;
  descriptions: Record<string, string>;
  charity: string;
  shipped: boolean;
  startingBid: string;
  startsAt: Date;
  endsAt: Date;
  createdByStaffId: string | null;
}

/** Inserts a listing and its settlement job together; undefined when the token is already listed. */
async function insertListing(deps: NftsDeps, tx: Tx, listing: NewListing): Promise<ListingRow | undefined> {
  const [row] = await tx
    .insert(nftListings)
    .values({
      ...listing,
      currency: nftCurrency,
      originalEndsAt: listing.endsAt,
      createdByStaffId: listing.createdByStaffId === null ? null : BigInt(listing.createdByStaffId),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  await deps.scheduler.at<SettlementPayload>(
    SETTLEMENT_JOB,
    settlementKey(row.id, row.endsAt),
    row.endsAt,
    { nftId: String(row.id) },
    tx,
  );
  return row;
}

/** `POST /swx/admin/nfts`: a staff listing for the charity (audited in the same transaction). */
export async function createListing(
  deps: NftsDeps,
  now: number,
  staff: StaffIdentity,
  body: CreateNftBody,
): Promise<NftSummary> {
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (!(endsAt.getTime() > startsAt.getTime()) || !(endsAt.getTime() > now))
    throw new AppError(errors.nftTimesIncorrect);
  const startingBid = new Money(body.startingBid);
  if (startingBid.isZero() || !hasBidDecimals(body.startingBid))
    throw new AppError(
      errors.amountIncorrect,
      'The starting bid is a positive USDT amount with at most 2 decimals',
    );
  return deps.db.transaction(async (tx) => {
    const [artwork] = await tx
      .select({ id: nftArtworks.id })
      .from(nftArtworks)
      .where(eq(nftArtworks.id, body.image));
    if (!artwork) throw new AppError(errors.imageMissing);
    const descriptions = Object.fromEntries(
      Object.entries(body.descriptions).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    const row = await insertListing(deps, tx, {
      title: body.title,
      creator: body.creator,
      chain: body.chain,
      contractAddress: body.contractAddress,
      tokenId: body.tokenId,
      artworkId: artwork.id,
      descriptions,
      charity: body.charity,
      shipped: false,
      startingBid: startingBid.toFixed(),
      startsAt,
      endsAt,
      createdByStaffId: staff.staffId,
    });
    if (!row) throw new AppError(errors.repeatedSubmission, 'This token is already listed');
    await deps.audit.record(tx, {
      staffId: staff.staffId,
      action: 'nft.create',
      target: `nft:${row.id}`,
      details: {
        title: row.title,
        startingBid: row.startingBid,
        startsAt: body.startsAt,
        endsAt: body.endsAt,
      },
    });
    return toSummary(row, await summaryContext(deps, [row], now, 'en', tx));
  });
}

/**
 * Lists the shipped collection once, on a fresh install: drawn as SVG, rasterised to PNG and put through the
 * same re-encoding as staff uploads. A token already listed (a restart) is skipped, so this is idempotent.
 */
export async function seedShippedCollection(deps: NftsDeps, now: number): Promise<number> {
  const [existing] = await deps.db
    .select({ id: nftListings.id })
    .from(nftListings)
    .where(eq(nftListings.shipped, true))
    .limit(1);
  if (existing) return 0;
  const images = await Promise.all(
    shippedCollection.map(async (art) => reencodeImage(await sharp(Buffer.from(art.svg)).png().toBuffer())),
  );
  return deps.db.transaction(async (tx) => {
    let listed = 0;
    for (const [i, art] of shippedCollection.entries()) {
      const artworkId = await storeArtwork(tx, images[i]!, null);
      const row = await insertListing(deps, tx, {
        title: art.title,
        creator: `${art.creator} (${shippedLicence})`,
        chain: art.chain,
        contractAddress: art.contractAddress,
        tokenId: art.tokenId,
        artworkId,
        descriptions: art.descriptions,
        charity: shippedCharity,
        shipped: true,
        startingBid: art.startingBid,
        startsAt: new Date(now),
        endsAt: new Date(now + art.days * DAY_MS),
        createdByStaffId: null,
      });
      if (row) listed += 1;
    }
    return listed;
  });
}

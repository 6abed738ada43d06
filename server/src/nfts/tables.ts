import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Artwork of the listings: re-encoded PNG or JPEG bytes (never what staff sent), public once listed. Kept in
 * the database, not the uploads folder: uploads are private to their owner, artwork is shown to everyone.
 */
export const nftArtworks = pgTable('nft_artworks', {
  id: text('id').primaryKey(),
  mime: text('mime').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Null for the shipped collection. */
  createdByStaffId: bigint('created_by_staff_id', { mode: 'bigint' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A charity auction. The highest bid is not stored here: it is the largest row of `nft_bids`, read under this
 * row's lock (every bid locks its listing first), so the bids are the one place the fact lives. `endsAt`
 * moves with late bids, never beyond `originalEndsAt` plus the cap in force when the bid came.
 */
export const nftListings = pgTable(
  'nft_listings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    creator: text('creator').notNull(),
    chain: text('chain').notNull(),
    contractAddress: text('contract_address').notNull(),
    tokenId: text('token_id').notNull(),
    artworkId: text('artwork_id')
      .notNull()
      .references(() => nftArtworks.id),
    /** `{en: "...", de: "...", ...}`; English always present, the fallback for a missing language. */
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
    charity: text('charity').notNull(),
    /** The collection shipped with the platform (drawn for SWX), listed for the charity by the seed. */
    shipped: boolean('shipped').notNull().default(false),
    currency: text('currency').notNull(),
    startingBid: numeric('starting_bid', { precision: 36, scale: 18 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    originalEndsAt: timestamp('original_ends_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Null until settled; then `sold` or `unsold`; `cancelled` when staff withdrew it before any bid. */
    outcome: text('outcome').$type<'sold' | 'unsold' | 'cancelled'>(),
    winnerUserId: bigint('winner_user_id', { mode: 'bigint' }),
    price: numeric('price', { precision: 36, scale: 18 }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The journal entry that moved the winning bid to the charity account. */
    donationJournalId: text('donation_journal_id'),
    /**
     * Notifications stored by the settlement and not yet pushed live: the settlement runs in the scheduler's
     * transaction, so the push is an outbox read after the commit (`nfts.settlement-push`).
     */
    pendingPush: jsonb('pending_push').$type<unknown[]>(),
    createdByStaffId: bigint('created_by_staff_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('nft_listings_token').on(t.chain, t.contractAddress, t.tokenId),
    index('nft_listings_ends_idx').on(t.endsAt),
    index('nft_listings_winner_idx').on(t.winnerUserId),
    check(
      'nft_listings_outcome',
      sql`${t.outcome} is null or ${t.outcome} in ('sold', 'unsold', 'cancelled')`,
    ),
    check(
      'nft_listings_times',
      sql`${t.endsAt} >= ${t.originalEndsAt} and ${t.originalEndsAt} > ${t.startsAt}`,
    ),
    check('nft_listings_starting_bid_positive', sql`${t.startingBid} > 0`),
  ],
);

/**
 * Every accepted bid (append-only). `heldDelta` is what the bid added to the bidder's hold: the whole amount,
 * or for a raise by the current leader only the difference over their previous bid.
 */
export const nftBids = pgTable(
  'nft_bids',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    nftId: bigint('nft_id', { mode: 'bigint' })
      .notNull()
      .references(() => nftListings.id),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    heldDelta: numeric('held_delta', { precision: 36, scale: 18 }).notNull(),
    extended: boolean('extended').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('nft_bids_nft_amount_idx').on(t.nftId, t.amount),
    index('nft_bids_user_idx').on(t.userId, t.nftId),
    // Each bid beats the one before by an increment, so two bids on one NFT never share an amount.
    uniqueIndex('nft_bids_nft_amount_unique').on(t.nftId, t.amount),
    check('nft_bids_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Payouts of donations to the charity (issue 28): recorded by one finance member with the payment's own
 * reference (a bank transfer or chain transaction), approved by another, which posts the amount from
 * `platform_charity` to `platform_charity_external` (`journal_id`). A rejected request moves nothing.
 */
export const charityPayouts = pgTable(
  'charity_payouts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    currency: text('currency').notNull(),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    reference: text('reference').notNull(),
    recipient: text('recipient').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'bigint' }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    journalId: bigint('journal_id', { mode: 'bigint' }),
  },
  (t) => [
    index('charity_payouts_status_idx').on(t.status, t.id),
    check('charity_payouts_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('charity_payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

import { desc, eq, inArray, sql } from 'drizzle-orm';
import { nftCurrency, type NftAuctionRules, type NftCustody, type NftSummary } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import type { AuditService } from '../staff/audit';
import type { Ledger } from '../ledger/service';
import { Money, formatAmount } from '../ledger/accounts';
import type { ParamsService } from '../params/service';
import type { NotificationsService } from '../notifications/service';
import type { AccountEvent } from '../live/service';
import type { Scheduler } from '../platform/scheduler';
import type { UnitOfWork } from '../platform/unit-of-work';
import { maskName } from '../invites/service';
import { auctionStatus, nextMinimumBid, type ExtensionRule } from './rules';
import type { nftListings } from './tables';
import { nftBids } from './tables';

export interface NftsDeps {
  db: Db;
  units: UnitOfWork;
  ledger: Ledger;
  params: ParamsService;
  notifications: NotificationsService;
  audit: AuditService;
  events: {
    publishAccountEvent(userId: string, event: AccountEvent): void;
    publishPublicEvent(event: AccountEvent): void;
  };
  /** Schedules settlement jobs (any scheduler instance: jobs are rows, run by whichever instance leads). */
  scheduler: Pick<Scheduler, 'at'>;
  usernames(userIds: readonly string[]): Promise<Map<string, string>>;
}

export type ListingRow = typeof nftListings.$inferSelect;

/** The scheduler job that settles an auction at its stored end; keyed `<nftId>:<end in ms>`. */
export const SETTLEMENT_JOB = 'nfts.settle';
export interface SettlementPayload {
  nftId: string;
}
export const settlementKey = (nftId: string | bigint, endsAt: Date) => `${nftId}:${endsAt.getTime()}`;

/** The ledger reference of a sale's donation (the charity account's postings are summed by it). */
export const DONATION_REFERENCE = 'nft';

export const custody: NftCustody = {
  custodial: true,
  onChainWithdrawal: false,
  note:
    'Ownership is recorded by SWX on your behalf (custodial). The token is not transferred on chain, ' +
    'and withdrawing it to your own wallet is not offered yet.',
};

export function extensionRule(params: ParamsService): ExtensionRule {
  return {
    windowMs: params.getInteger('nft_extension_window_seconds') * 1000,
    extensionMs: params.getInteger('nft_extension_seconds') * 1000,
    maxExtensionMs: params.getInteger('nft_max_extension_seconds') * 1000,
  };
}

export function auctionRules(params: ParamsService): NftAuctionRules {
  return {
    incrementRate: formatAmount(params.get('nft_bid_increment')),
    extensionWindowSeconds: params.getInteger('nft_extension_window_seconds'),
    extensionSeconds: params.getInteger('nft_extension_seconds'),
    maxExtensionSeconds: params.getInteger('nft_max_extension_seconds'),
    currency: nftCurrency,
  };
}

/** The highest bid on a listing; read under the listing's lock when deciding. */
export async function highestBid(reader: Db | Tx, nftId: bigint) {
  const [top] = await reader
    .select()
    .from(nftBids)
    .where(eq(nftBids.nftId, nftId))
    .orderBy(desc(nftBids.amount))
    .limit(1);
  return top;
}

export const mask = (name: string | undefined) => (name ? maskName(name) : '***');

/** What a summary needs besides the row: bid figures, donations and names, read once for many rows. */
export interface SummaryContext {
  bids: Map<string, { top: string; count: number }>;
  donated: Map<string, Money>;
  names: Map<string, string>;
  now: number;
  incrementRate: string;
  lang: string;
}

export async function summaryContext(
  deps: NftsDeps,
  rows: ListingRow[],
  now: number,
  lang: string | undefined,
  reader: Db | Tx = deps.db,
): Promise<SummaryContext> {
  const ids = rows.map((row) => row.id);
  const bidRows =
    ids.length === 0
      ? []
      : await reader
          .select({
            nftId: nftBids.nftId,
            top: sql<string>`max(${nftBids.amount})`,
            count: sql<number>`count(*)::int`,
          })
          .from(nftBids)
          .where(inArray(nftBids.nftId, ids))
          .groupBy(nftBids.nftId);
  const bids = new Map(bidRows.map((r) => [String(r.nftId), { top: String(r.top), count: Number(r.count) }]));
  const donated = await donationsByNft(deps, reader);
  const winners = rows.flatMap((row) => (row.winnerUserId === null ? [] : [String(row.winnerUserId)]));
  return {
    bids,
    donated,
    names: await deps.usernames(winners),
    now,
    incrementRate: deps.params.get('nft_bid_increment'),
    lang: lang ?? 'en',
  };
}

/** Donations per NFT: sums of the charity account's postings referencing the sale (never a counter). */
export async function donationsByNft(deps: NftsDeps, reader: Db | Tx = deps.db): Promise<Map<string, Money>> {
  const postings = await deps.ledger.platformPostingsByReference(
    'platform_charity',
    nftCurrency,
    DONATION_REFERENCE,
    'real',
    reader,
  );
  const sums = new Map<string, Money>();
  for (const p of postings) sums.set(p.referenceId, (sums.get(p.referenceId) ?? new Money(0)).plus(p.amount));
  return sums;
}

export function describe(descriptions: Record<string, string>, lang: string): string {
  return descriptions[lang] ?? descriptions[lang.split('-')[0] ?? ''] ?? descriptions.en ?? '';
}

export function toSummary(row: ListingRow, context: SummaryContext): NftSummary {
  const id = String(row.id);
  const bid = context.bids.get(id);
  const currentBid = bid ? formatAmount(bid.top) : null;
  const remaining = Math.max(0, row.endsAt.getTime() - context.now);
  return {
    id,
    title: row.title,
    creator: row.creator,
    chain: row.chain,
    contractAddress: row.contractAddress,
    tokenId: row.tokenId,
    imageUrl: `/index/nftImage/${id}`,
    description: describe(row.descriptions, context.lang),
    charity: row.charity,
    shipped: row.shipped,
    currency: row.currency,
    startingBid: formatAmount(row.startingBid),
    currentBid,
    nextMinimumBid: formatAmount(nextMinimumBid(row.startingBid, currentBid, context.incrementRate)),
    bidCount: bid?.count ?? 0,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    remainingSeconds: row.settledAt === null ? Math.ceil(remaining / 1000) : 0,
    status: auctionStatus(context.now, row),
    // Customers never see a cancelled listing (public reads leave them out); staff views add it back.
    outcome: row.outcome === 'cancelled' ? 'unsold' : row.outcome,
    donated: formatAmount(context.donated.get(id) ?? new Money(0)),
    owner: row.winnerUserId === null ? null : mask(context.names.get(String(row.winnerUserId))),
    custody,
  };
}

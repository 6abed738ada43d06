import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  errors,
  nftCurrency,
  type ListNftQuery,
  type MyNftBid,
  type MyNfts,
  type NftDetail,
  type NftDonations,
  type NftList,
} from '@swx/shared/contract';
import { AppError } from '../http/errors';
import { Money, formatAmount } from '../ledger/accounts';
import { recordId, type Customer } from '../platform/owned';
import {
  DONATION_REFERENCE,
  auctionRules,
  donationsByNft,
  mask,
  summaryContext,
  toSummary,
  type NftsDeps,
} from './common';
import { nftArtworks, nftBids, nftListings } from './tables';

const LIST_LIMIT = 200;
const HISTORY_LIMIT = 100;

/** Staff withdrew it before any bid: customers no longer see it. */
const notCancelled = sql`${nftListings.outcome} is distinct from 'cancelled'`;

function statusFilter(status: ListNftQuery['status'], now: Date): SQL | undefined {
  if (status === 'upcoming') return and(isNull(nftListings.settledAt), gt(nftListings.startsAt, now));
  if (status === 'live')
    return and(isNull(nftListings.settledAt), lte(nftListings.startsAt, now), gt(nftListings.endsAt, now));
  if (status === 'ended') return or(isNotNull(nftListings.settledAt), lte(nftListings.endsAt, now));
  return undefined;
}

/** `GET /index/listNft`: live first by soonest end, then upcoming, then ended (newest first). */
export async function listNfts(deps: NftsDeps, now: number, query: ListNftQuery): Promise<NftList> {
  const at = new Date(now);
  const rows = await deps.db
    .select()
    .from(nftListings)
    .where(
      and(
        statusFilter(query.status, at),
        notCancelled,
        query.chain ? eq(nftListings.chain, query.chain) : undefined,
        query.creator ? eq(nftListings.creator, query.creator) : undefined,
      ),
    )
    .orderBy(desc(nftListings.endsAt))
    .limit(LIST_LIMIT);
  const context = await summaryContext(deps, rows, now, query.lang);
  const order = { live: 0, upcoming: 1, ended: 2 } as const;
  const items = rows
    .map((row) => toSummary(row, context))
    .sort(
      (a, b) =>
        order[a.status] - order[b.status] ||
        (a.status === 'ended' ? b.endsAt.localeCompare(a.endsAt) : a.endsAt.localeCompare(b.endsAt)),
    );
  let total = new Money(0);
  for (const sum of context.donated.values()) total = total.plus(sum);
  return { items, totalDonated: formatAmount(total), rules: auctionRules(deps.params) };
}

/** `GET /index/getNft/{id}`: the listing with its bid history (bidders masked), newest first. */
export async function getNft(deps: NftsDeps, now: number, id: string, lang?: string): Promise<NftDetail> {
  const nftId = recordId(id);
  if (nftId === undefined) throw new AppError(errors.nftNotFound);
  const [row] = await deps.db
    .select()
    .from(nftListings)
    .where(and(eq(nftListings.id, nftId), notCancelled));
  if (!row) throw new AppError(errors.nftNotFound);
  const bids = await deps.db
    .select()
    .from(nftBids)
    .where(eq(nftBids.nftId, nftId))
    .orderBy(desc(nftBids.amount))
    .limit(HISTORY_LIMIT);
  const names = await deps.usernames(bids.map((bid) => String(bid.userId)));
  const summary = toSummary(row, await summaryContext(deps, [row], now, lang));
  return {
    ...summary,
    bids: bids.map((bid) => ({
      id: String(bid.id),
      bidder: mask(names.get(String(bid.userId))),
      amount: formatAmount(bid.amount),
      createdAt: bid.createdAt.toISOString(),
      extended: bid.extended,
    })),
    rules: auctionRules(deps.params),
    donationReference: row.donationJournalId,
  };
}

/** `GET /user/listNft`: every NFT the customer bid on with their standing, and the NFTs they won. */
export async function myNfts(
  deps: NftsDeps,
  now: number,
  customer: Customer,
  lang?: string,
): Promise<MyNfts> {
  if (customer.mode !== 'real') return { bids: [], owned: [] };
  const userId = BigInt(customer.userId);
  const mine = await deps.db
    .select({
      nftId: nftBids.nftId,
      highest: sql<string>`max(${nftBids.amount})`,
      lastBidAt: sql<Date>`max(${nftBids.createdAt})`,
    })
    .from(nftBids)
    .where(eq(nftBids.userId, userId))
    .groupBy(nftBids.nftId);
  const ids = mine.map((m) => m.nftId);
  const won = await deps.db
    .select()
    .from(nftListings)
    .where(eq(nftListings.winnerUserId, userId))
    .orderBy(desc(nftListings.settledAt));
  const rows =
    ids.length === 0 ? [] : await deps.db.select().from(nftListings).where(inArray(nftListings.id, ids));
  const context = await summaryContext(deps, [...rows, ...won], now, lang);
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const bids: MyNftBid[] = mine.map((m) => {
    const row = byId.get(String(m.nftId))!;
    const nft = toSummary(row, context);
    const leading = nft.currentBid !== null && new Money(nft.currentBid).eq(m.highest);
    const settled = row.settledAt !== null;
    const status = settled ? (row.winnerUserId === userId ? 'won' : 'lost') : leading ? 'winning' : 'outbid';
    return {
      nft,
      myHighestBid: formatAmount(m.highest),
      held: status === 'winning' ? formatAmount(m.highest) : '0',
      status,
      lastBidAt: new Date(m.lastBidAt).toISOString(),
    };
  });
  bids.sort((a, b) => b.lastBidAt.localeCompare(a.lastBidAt));
  return {
    bids,
    owned: won.map((row) => ({
      nft: toSummary(row, context),
      price: formatAmount(row.price ?? '0'),
      acquiredAt: (row.settledAt ?? row.endsAt).toISOString(),
    })),
  };
}

/** `GET /index/nftDonations`: each sale's donation as the ledger has it, newest first, winner masked. */
export async function donations(deps: NftsDeps): Promise<Pick<NftDonations, 'total' | 'count' | 'items'>> {
  const postings = await deps.ledger.platformPostingsByReference(
    'platform_charity',
    nftCurrency,
    DONATION_REFERENCE,
  );
  const ids = [...new Set(postings.map((p) => recordId(p.referenceId)).filter((id) => id !== undefined))];
  const rows =
    ids.length === 0 ? [] : await deps.db.select().from(nftListings).where(inArray(nftListings.id, ids));
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const names = await deps.usernames(rows.flatMap((r) => (r.winnerUserId ? [String(r.winnerUserId)] : [])));
  let total = new Money(0);
  const items = postings.map((p) => {
    total = total.plus(p.amount);
    const row = byId.get(p.referenceId);
    return {
      nftId: p.referenceId,
      title: row?.title ?? '',
      charity: row?.charity ?? '',
      winner: mask(row?.winnerUserId ? names.get(String(row.winnerUserId)) : undefined),
      amount: p.amount,
      settledAt: (row?.settledAt ?? p.createdAt).toISOString(),
      ledgerReference: p.journalId,
    };
  });
  return { total: formatAmount(total), count: items.length, items: items.reverse() };
}

/** The total donated: the same sums as the list, for callers that only need the figure. */
export async function totalDonated(deps: NftsDeps): Promise<string> {
  let total = new Money(0);
  for (const sum of (await donationsByNft(deps)).values()) total = total.plus(sum);
  return formatAmount(total);
}

/** A listing's artwork (public: listed artwork is shown to everyone). */
export async function artworkOf(deps: NftsDeps, id: string) {
  const nftId = recordId(id);
  if (nftId === undefined) throw new AppError(errors.nftNotFound);
  const [row] = await deps.db
    .select({ mime: nftArtworks.mime, bytes: nftArtworks.bytes })
    .from(nftListings)
    .innerJoin(nftArtworks, eq(nftArtworks.id, nftListings.artworkId))
    .where(eq(nftListings.id, nftId))
    .orderBy(asc(nftListings.id));
  if (!row) throw new AppError(errors.nftNotFound);
  return row;
}

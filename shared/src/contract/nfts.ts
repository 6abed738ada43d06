import { Type, type Static } from '@sinclair/typebox';
import { Amount, Body, Id, TextBlock, TextLine } from './common';
import { UploadId } from './uploads';
import { errors } from './error-names';

/**
 * Charity NFTs (docs/product.md, Charity NFTs): timed auctions listed by staff for the charity. A bid is held
 * from the bidder's real balance; the previous highest bid is released in the same transaction; at the end
 * the winner owns the NFT (custodially, on the platform) and the held amount goes to the charity's ledger
 * account. Donations are sums of that account's postings. Amounts are in USDT.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** The currency bids are held and donated in. */
export const nftCurrency = 'USDT';

/** `upcoming`: not yet open; `live`: takes bids; `ended`: closed (settled or waiting for the settlement job). */
export const NftStatus = Type.Union([Type.Literal('upcoming'), Type.Literal('live'), Type.Literal('ended')]);
export type NftStatus = Static<typeof NftStatus>;

/** How an ended auction ended: `sold` to the highest bidder, `unsold` without a bid; null until settled. */
export const NftOutcome = Type.Union([Type.Literal('sold'), Type.Literal('unsold'), Type.Null()]);
export type NftOutcome = Static<typeof NftOutcome>;

/**
 * Custody stated honestly: the platform records ownership; the token is not transferred on chain and cannot
 * be withdrawn yet. The client shows `note` (English) or its own translation keyed by these flags.
 */
export const NftCustody = Type.Object({
  custodial: Type.Literal(true),
  onChainWithdrawal: Type.Literal(false),
  note: Type.String(),
});
export type NftCustody = Static<typeof NftCustody>;

/** The auction rules in force (parameters), so the page states them rather than hard-coding them. */
export const NftAuctionRules = Type.Object({
  /** Minimum raise over the current bid, as a fraction (`"0.05"` = 5 %). */
  incrementRate: Type.String(),
  /** A bid this close to the end (seconds) extends the auction. */
  extensionWindowSeconds: Type.Integer(),
  /** The end moves to this many seconds after such a bid. */
  extensionSeconds: Type.Integer(),
  /** The end never moves beyond the original end plus this many seconds. */
  maxExtensionSeconds: Type.Integer(),
  currency: Type.String(),
});
export type NftAuctionRules = Static<typeof NftAuctionRules>;

/** One listing as the list and the detail show it. */
export const NftSummary = Type.Object({
  id: Id,
  title: Type.String(),
  creator: Type.String(),
  chain: Type.String(),
  contractAddress: Type.String(),
  tokenId: Type.String(),
  /** Path of the artwork under the customer API prefix (`/index/nftImage/{id}`), public. */
  imageUrl: Type.String(),
  /** In the requested language, falling back to English. */
  description: Type.String(),
  /** The charity the sale benefits. */
  charity: Type.String(),
  /** True for the collection shipped with the platform (drawn for SWX, licensed with the project). */
  shipped: Type.Boolean(),
  currency: Type.String(),
  startingBid: Amount,
  /** The highest bid so far; null without bids. */
  currentBid: Nullable(Amount),
  /** The smallest bid accepted now: the starting bid, or the current bid plus one increment. */
  nextMinimumBid: Amount,
  bidCount: Type.Integer(),
  startsAt: Time,
  /** The current end, after any late-bid extension. */
  endsAt: Time,
  /** Seconds until `endsAt` (0 once ended), computed by the server when answering. */
  remainingSeconds: Type.Integer(),
  status: NftStatus,
  outcome: NftOutcome,
  /** Sum of the charity account's postings for this NFT. */
  donated: Amount,
  /** The owner after settlement, masked (`j***n`); null before or when unsold. */
  owner: Nullable(Type.String()),
  custody: NftCustody,
});
export type NftSummary = Static<typeof NftSummary>;

/** `GET /index/listNft` (public). Every filter is optional. */
export const ListNftQuery = Type.Object({
  status: Type.Optional(NftStatus),
  chain: Type.Optional(Type.String({ maxLength: 40 })),
  creator: Type.Optional(Type.String({ maxLength: 100 })),
  /** Language tag for descriptions (default English). */
  lang: Type.Optional(Type.String({ maxLength: 10 })),
});
export type ListNftQuery = Static<typeof ListNftQuery>;

export const NftList = Type.Object({
  items: Type.Array(NftSummary),
  /** All donations so far: the sum of the charity account's postings. */
  totalDonated: Amount,
  rules: NftAuctionRules,
});
export type NftList = Static<typeof NftList>;

/** One bid in the public history; the bidder masked. */
export const NftBid = Type.Object({
  id: Id,
  bidder: Type.String(),
  amount: Amount,
  createdAt: Time,
  /** Whether this bid moved the end (late bid). */
  extended: Type.Boolean(),
});
export type NftBid = Static<typeof NftBid>;

export const NftIdPath = Type.Object({ id: Id });
export const NftDetailQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 10 })) });

/** `GET /index/getNft/{id}` (public, our addition): the listing, its bid history (newest first) and rules. */
export const NftDetail = Type.Composite([
  NftSummary,
  Type.Object({
    bids: Type.Array(NftBid),
    rules: NftAuctionRules,
    /** The ledger reference of the donation posting once sold; null otherwise. */
    donationReference: Nullable(Type.String()),
  }),
]);
export type NftDetail = Static<typeof NftDetail>;

/** `POST /user/buyNft`: places (or raises) the customer's bid. Real account only. */
export const BuyNftBody = Body({
  nftId: { ...Id, 'x-code': errors.nftNotFound },
  amount: { ...Amount, 'x-code': errors.amountIncorrect },
});
export type BuyNftBody = Static<typeof BuyNftBody>;

/**
 * The answer to a bid. A raise by the current highest bidder holds only the difference: `held` is the total
 * now held for this NFT, `heldNow` what this bid added.
 */
export const BuyNftResult = Type.Object({
  nft: NftSummary,
  bid: NftBid,
  held: Amount,
  heldNow: Amount,
  /** True when the bid moved the end. */
  extended: Type.Boolean(),
});
export type BuyNftResult = Static<typeof BuyNftResult>;

/** The customer's standing on one NFT they bid on. */
export const MyBidStatus = Type.Union([
  Type.Literal('winning'),
  Type.Literal('outbid'),
  Type.Literal('won'),
  Type.Literal('lost'),
]);
export type MyBidStatus = Static<typeof MyBidStatus>;

export const MyNftBid = Type.Object({
  nft: NftSummary,
  /** The customer's highest bid on it. */
  myHighestBid: Amount,
  /** What is held for it now (non-zero only while winning a live auction). */
  held: Amount,
  status: MyBidStatus,
  lastBidAt: Time,
});
export type MyNftBid = Static<typeof MyNftBid>;

export const MyNftsQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 10 })) });

/** `GET /user/listNft`: my bids (every NFT I bid on) and my NFTs (won). */
export const MyNfts = Type.Object({
  bids: Type.Array(MyNftBid),
  owned: Type.Array(
    Type.Object({
      nft: NftSummary,
      price: Amount,
      acquiredAt: Time,
    }),
  ),
});
export type MyNfts = Static<typeof MyNfts>;

/** `GET /index/nftDonations` (public, our addition): each settled sale, newest first. */
export const NftDonation = Type.Object({
  nftId: Id,
  title: Type.String(),
  charity: Type.String(),
  /** Masked winner. */
  winner: Type.String(),
  amount: Amount,
  settledAt: Time,
  /** The charity account posting's ledger entry id. */
  ledgerReference: Type.String(),
});
export type NftDonation = Static<typeof NftDonation>;

/** A payout of donations to the charity, as the public sees it: amount, the payment's reference, the entry. */
export const CharityPayoutPublic = Type.Object({
  amount: Amount,
  recipient: Type.String(),
  /** The bank or chain transaction of the payment. */
  reference: Type.String(),
  paidAt: Time,
  /** The ledger entry from the charity account to the charity's external account. */
  ledgerReference: Type.String(),
});
export type CharityPayoutPublic = Static<typeof CharityPayoutPublic>;

export const NftDonations = Type.Object({
  /** Raised: every settled sale's donation (the same as `raised`, kept for older clients). */
  total: Amount,
  count: Type.Integer(),
  items: Type.Array(NftDonation),
  raised: Amount,
  /** Paid out to the charity: the payouts below. */
  paidOut: Amount,
  /** Held by the platform for the charity now: the charity account's balance (raised − paid out). */
  held: Amount,
  /** The latest ledger entry on the charity account (the balance `held` is as of it); null before any. */
  heldAsOf: Type.Union([Type.String(), Type.Null()]),
  payouts: Type.Array(CharityPayoutPublic),
});
export type NftDonations = Static<typeof NftDonations>;

// ---- staff ---------------------------------------------------------------------------------------------------

const optionalDescription = () => Type.Optional(TextBlock({ maxLength: 4000 }));

/** Descriptions by language tag; English is required and is the fallback for the others. */
export const NftDescriptions = Type.Object(
  {
    en: TextBlock({ minLength: 1, maxLength: 4000 }),
    'zh-CN': optionalDescription(),
    'zh-TW': optionalDescription(),
    ja: optionalDescription(),
    ko: optionalDescription(),
    de: optionalDescription(),
    fr: optionalDescription(),
    es: optionalDescription(),
    it: optionalDescription(),
    ar: optionalDescription(),
  },
  { additionalProperties: false },
);
export type NftDescriptions = Static<typeof NftDescriptions>;

/** `POST /swx/admin/nfts`: a new listing (audited). The artwork is an upload, re-encoded before it is shown. */
export const CreateNftBody = Body({
  title: TextLine({ minLength: 1, maxLength: 120 }),
  creator: TextLine({ minLength: 1, maxLength: 100 }),
  chain: TextLine({ minLength: 1, maxLength: 40 }),
  contractAddress: TextLine({ minLength: 1, maxLength: 100 }),
  tokenId: TextLine({ minLength: 1, maxLength: 80 }),
  /** An artwork id from `POST /swx/admin/nfts/artwork` (multipart field `file`, re-encoded there). */
  image: { ...UploadId, 'x-code': errors.imageMissing },
  descriptions: NftDescriptions,
  startingBid: { ...Amount, 'x-code': errors.amountIncorrect },
  startsAt: { ...Time, 'x-code': errors.nftTimesIncorrect },
  endsAt: { ...Time, 'x-code': errors.nftTimesIncorrect },
  charity: TextLine({ minLength: 1, maxLength: 120 }),
});
export type CreateNftBody = Static<typeof CreateNftBody>;

// ---- live ----------------------------------------------------------------------------------------------------

/**
 * The websocket event every connected socket receives when a bid is accepted (public, no bidder identity).
 * It arrives as a JSON object frame `{type: 'nft.bid', ...}`, through `SocketClient.onAccountEvent`.
 * The outbid customer also gets a `notification` event (kind `nft.outbid`) and a `balance` change.
 */
export interface NftBidEvent {
  type: 'nft.bid';
  nftId: string;
  currentBid: string;
  nextMinimumBid: string;
  bidCount: number;
  endsAt: string;
}
export const nftBidEventType = 'nft.bid' as const;

/** Sent to every socket when an auction is settled (sold to the highest bidder, or ended unsold). */
export interface NftSettledEvent {
  type: 'nft.settled';
  nftId: string;
  outcome: 'sold' | 'unsold';
}
export const nftSettledEventType = 'nft.settled' as const;

/** Notification kinds of this domain (i18n keys `notifications.<kind>.title/body`). */
export const nftNotificationKinds = ['nft.outbid', 'nft.won', 'nft.lost'] as const;

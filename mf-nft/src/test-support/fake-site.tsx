import type { NftAuctionRules, NftDetail, NftSummary } from '@swx/shared/contract';
import { fakeSiteWithStrings } from '@swx/shared/testing';
import { registerNftStrings } from '../i18n';

export * from '@swx/shared/testing';

/** The SDK's fake site with the NFT module's strings registered. */
export const createFakeSite = fakeSiteWithStrings(registerNftStrings);

export const rules: NftAuctionRules = {
  incrementRate: '0.05',
  extensionWindowSeconds: 300,
  extensionSeconds: 300,
  maxExtensionSeconds: 3600,
  currency: 'USDT',
};

/** A live listing ending in an hour unless the test says otherwise. */
export function listing(id: string, fields: Partial<NftSummary> = {}): NftSummary {
  const now = Date.now();
  return {
    id,
    title: `Paper Crane ${id}`,
    creator: 'Mia Okafor',
    chain: 'Ethereum',
    contractAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    tokenId: id,
    imageUrl: `/index/nftImage/${id}`,
    description: 'A crane folded from a page of a children’s book.',
    charity: 'Children’s Hospital Fund',
    shipped: true,
    currency: 'USDT',
    startingBid: '100',
    currentBid: '120',
    nextMinimumBid: '126',
    bidCount: 2,
    startsAt: new Date(now - 3_600_000).toISOString(),
    endsAt: new Date(now + 3_600_000).toISOString(),
    remainingSeconds: 3600,
    status: 'live',
    outcome: null,
    donated: '0',
    owner: null,
    custody: { custodial: true, onChainWithdrawal: false, note: 'Custodial' },
    ...fields,
  };
}

export function detailOf(nft: NftSummary, fields: Partial<NftDetail> = {}): NftDetail {
  return {
    ...nft,
    bids: [
      { id: '12', bidder: 'b***o', amount: '120', createdAt: '2026-11-23T10:05:00.000Z', extended: false },
      { id: '11', bidder: 'a***a', amount: '100', createdAt: '2026-11-23T10:00:00.000Z', extended: false },
    ],
    rules,
    donationReference: null,
    ...fields,
  };
}

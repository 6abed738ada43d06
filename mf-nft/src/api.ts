import { getRootStore, type Lang } from '@swx/shared';
import type {
  AssetInfo,
  BuyNftResult,
  MyNfts,
  NftDetail,
  NftDonations,
  NftList,
  NftStatus,
} from '@swx/shared/contract';

const api = () => getRootStore().api;

/** Where the customer API is served; artwork paths in answers are relative to it. */
const customerApiBase = '/swx/customer';

/** The artwork's address: the server answers `/index/nftImage/{id}`, under the customer API. */
export function artworkSrc(imageUrl: string): string {
  return /^(https?:)?\/\//.test(imageUrl) || imageUrl.startsWith(customerApiBase)
    ? imageUrl
    : `${customerApiBase}${imageUrl}`;
}

/**
 * The NFT module's calls (docs/product.md, Charity NFTs). Descriptions come in the page's language, the
 * server falling back to English.
 */
export const nftApi = {
  list(lang: Lang, status?: NftStatus): Promise<NftList> {
    return api().call('nfts.list', { query: { lang, status } });
  },

  detail(id: string, lang: Lang): Promise<NftDetail> {
    return api().call('nfts.get', { params: { id }, query: { lang } });
  },

  /** The bid carries an idempotency key, so a double tap or a retried request holds the money once. */
  bid(nftId: string, amount: string, idempotencyKey: string): Promise<BuyNftResult> {
    return api().call('nfts.bid', { body: { nftId, amount } }, { idempotencyKey, orderCall: true });
  },

  mine(lang: Lang): Promise<MyNfts> {
    return api().call('nfts.mine', { query: { lang } });
  },

  donations(): Promise<NftDonations> {
    return api().call('nfts.donations');
  },

  /** The available balance the bid form checks against (the active account set). */
  async available(currency: string): Promise<string> {
    const info: AssetInfo = await api().call('trading.assets', { params: { id: currency } });
    return info.assets.find((asset) => asset.currency === currency)?.available ?? '0';
  },
};

export type NftApi = typeof nftApi;

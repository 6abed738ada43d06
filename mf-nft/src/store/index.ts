export { NftLiveStore, featureName, type LiveBid, type NftNotice } from './nft-live-store';
export { NftLiveProvider, useNftLive } from './nft-live-context';

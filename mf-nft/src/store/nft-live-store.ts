import { action, makeObservable, observable, runInAction } from 'mobx';
import type { AccountEvent, RootStore } from '@swx/shared';
import {
  nftBidEventType,
  nftSettledEventType,
  type NftBidEvent,
  type NftSummary,
} from '@swx/shared/contract';

/** The live part of a listing: what a `nft.bid` event changes. */
export type LiveBid = Pick<NftBidEvent, 'currentBid' | 'nextMinimumBid' | 'bidCount' | 'endsAt'>;

/** A notification about this customer's NFT bids (outbid, won, lost) as the socket delivers it. */
export interface NftNotice {
  kind: string;
  nftId: string | null;
  params: Record<string, unknown>;
}

function isBidEvent(event: AccountEvent): event is AccountEvent & NftBidEvent {
  return (
    event.type === nftBidEventType &&
    typeof event.nftId === 'string' &&
    typeof event.currentBid === 'string' &&
    typeof event.nextMinimumBid === 'string' &&
    typeof event.endsAt === 'string'
  );
}

/** Sent to every socket when the settlement job closes an auction (sold, or ended without a bid). */
function isSettledEvent(
  event: AccountEvent,
): event is AccountEvent & { nftId: string; outcome: 'sold' | 'unsold' } {
  return (
    event.type === nftSettledEventType &&
    typeof event.nftId === 'string' &&
    (event.outcome === 'sold' || event.outcome === 'unsold')
  );
}

function nftNoticeOf(event: AccountEvent): NftNotice | null {
  if (event.type !== 'notification' || typeof event.kind !== 'string' || !event.kind.startsWith('nft.'))
    return null;
  const params =
    event.params && typeof event.params === 'object' ? (event.params as Record<string, unknown>) : {};
  const reference = typeof event.referenceId === 'string' ? event.referenceId : null;
  const fromParams = typeof params.nftId === 'string' ? params.nftId : null;
  return { kind: event.kind, nftId: fromParams ?? reference, params };
}

/**
 * The module's feature store (attached to the root as `nft` while the module is mounted): the latest bid
 * per NFT from the socket, one clock for every countdown on the page, and the server's clock offset so a
 * countdown ends when the server says, not when this device's clock does.
 */
export class NftLiveStore {
  /** Latest live state per NFT id; overrides what a screen loaded earlier. */
  readonly bids = observable.map<string, LiveBid>({}, { deep: false });
  /** Auctions the settlement job closed while the page was open (the `nft.settled` event), by id. */
  readonly settled = observable.map<string, 'sold' | 'unsold'>({}, { deep: false });
  /** The page's clock for countdowns, advanced once a second while the module is mounted. */
  now = Date.now();
  /** Server time minus this device's time, estimated from the last answer that carried both. */
  offsetMs = 0;
  /** Bumped when the customer's own position changed (outbid, won, lost): screens reload what they show. */
  accountVersion = 0;

  private readonly listeners = new Set<(notice: NftNotice) => void>();
  private stops: (() => void)[] = [];

  constructor(private readonly clock: () => number = Date.now) {
    makeObservable<NftLiveStore, 'tick'>(this, {
      now: observable,
      offsetMs: observable,
      accountVersion: observable,
      applyBid: action,
      learnOffset: action,
      tick: action,
    });
  }

  start(root: Pick<RootStore, 'socket'>): void {
    if (this.stops.length > 0) return;
    const timer = setInterval(() => this.tick(), 1000);
    this.stops.push(
      () => clearInterval(timer),
      root.socket.onAccountEvent((event) => this.receive(event)),
    );
  }

  stop(): void {
    this.stops.splice(0).forEach((stop) => stop());
  }

  /** Notices about the customer's own bids, for a screen that wants to say so (toast, reload). */
  onNotice(listener: (notice: NftNotice) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  applyBid(event: LiveBid & { nftId: string }): void {
    const known = this.bids.get(event.nftId);
    // Events of one NFT can overtake each other between instances; a bid count never goes down.
    if (known && known.bidCount > event.bidCount) return;
    this.bids.set(event.nftId, {
      currentBid: event.currentBid,
      nextMinimumBid: event.nextMinimumBid,
      bidCount: event.bidCount,
      endsAt: event.endsAt,
    });
  }

  /** A listing as it stands now: the loaded answer with any newer live bid laid over it. */
  current<T extends Pick<NftSummary, 'id' | 'currentBid' | 'nextMinimumBid' | 'bidCount' | 'endsAt'>>(
    nft: T,
  ): T {
    const live = this.bids.get(nft.id);
    if (!live || live.bidCount < nft.bidCount) return nft;
    return { ...nft, ...live };
  }

  /** `remainingSeconds` was computed by the server when it answered at `receivedAt` (this device's time). */
  learnOffset(endsAt: string, remainingSeconds: number, receivedAt = this.clock()): void {
    if (remainingSeconds <= 0) return;
    const end = Date.parse(endsAt);
    if (Number.isNaN(end)) return;
    this.offsetMs = end - remainingSeconds * 1000 - receivedAt;
    // The page clock ticks once a second and may lag the answer by up to that; were it left behind, the
    // countdown would show more time than the server just said was left.
    if (receivedAt > this.now) this.now = receivedAt;
  }

  /** Milliseconds until `time` by the server's clock. */
  remainingMs(time: string): number {
    return Date.parse(time) - (this.now + this.offsetMs);
  }

  private tick(): void {
    this.now = this.clock();
  }

  private receive(event: AccountEvent): void {
    if (isBidEvent(event)) {
      this.applyBid(event);
      return;
    }
    if (isSettledEvent(event)) {
      runInAction(() => this.settled.set(event.nftId, event.outcome));
      return;
    }
    const notice = nftNoticeOf(event);
    if (!notice) return;
    runInAction(() => (this.accountVersion += 1));
    for (const listener of [...this.listeners]) listener(notice);
  }
}

export const featureName = 'nft';

import type {
  BuyNftBody,
  BuyNftResult,
  CreateNftBody,
  ListNftQuery,
  MyNfts,
  NftDetail,
  NftDonations,
  NftList,
  NftSummary,
  StaffNftListing,
  UploadResult,
} from '@swx/shared/contract';
import type { StaffIdentity } from '../staff/staff';
import type { Customer } from '../platform/owned';
import type { Scheduler } from '../platform/scheduler';
import { placeBid } from './bidding';
import { CharityPayouts, type CharityDeps } from './charity';
import { SETTLEMENT_JOB, type SettlementPayload } from './common';
import { createListing, seedShippedCollection, uploadArtwork } from './listings';
import { artworkOf, donations, getNft, listNfts, myNfts, totalDonated } from './reads';
import { pushSettled, settleAuction } from './settlement';
import { cancelListing, staffListings } from './staff';

export type { NftsDeps } from './common';
export type { CharityDeps } from './charity';

/**
 * Charity NFT auctions (docs/product.md, Charity NFTs): staff list them, customers bid with held funds, the
 * scheduler settles each at its stored end, and the winning bid goes to the charity's ledger account.
 * Real accounts only. Donations are read from the ledger, never counted here.
 */
export class NftsService {
  /** The service's clock; tests move it together with the scheduler's. */
  now: () => number = () => Date.now();
  /** Payouts of donations to the charity (four eyes). */
  readonly charity: CharityPayouts;

  constructor(private readonly deps: CharityDeps) {
    this.charity = new CharityPayouts(deps, () => this.now());
  }

  /** Lists the shipped collection on a fresh install (idempotent). */
  seed(): Promise<number> {
    return seedShippedCollection(this.deps, this.now());
  }

  list(query: ListNftQuery): Promise<NftList> {
    return listNfts(this.deps, this.now(), query);
  }

  get(id: string, lang?: string): Promise<NftDetail> {
    return getNft(this.deps, this.now(), id, lang);
  }

  mine(customer: Customer, lang?: string): Promise<MyNfts> {
    return myNfts(this.deps, this.now(), customer, lang);
  }

  /** Each sale's donation, and what was raised, paid out to the charity and is held, from the ledger. */
  async donations(): Promise<NftDonations> {
    return { ...(await donations(this.deps)), ...(await this.charity.figures()) };
  }

  totalDonated(): Promise<string> {
    return totalDonated(this.deps);
  }

  artwork(id: string) {
    return artworkOf(this.deps, id);
  }

  bid(customer: Customer, body: BuyNftBody): Promise<BuyNftResult> {
    return placeBid(this.deps, () => this.now(), customer, body);
  }

  createListing(staff: StaffIdentity, body: CreateNftBody): Promise<NftSummary> {
    return createListing(this.deps, this.now(), staff, body);
  }

  /** Every listing as staff see it (cancelled ones too). */
  staffListings(): Promise<StaffNftListing[]> {
    return staffListings(this.deps, this.now());
  }

  /** Withdraws a listing before its first bid (audited). */
  cancelListing(staff: StaffIdentity, id: string, reason: string): Promise<StaffNftListing> {
    return cancelListing(this.deps, this.now(), staff, id, reason);
  }

  uploadArtwork(staff: StaffIdentity, bytes: Buffer): Promise<UploadResult> {
    return uploadArtwork(this.deps, staff, bytes);
  }

  /**
   * Settlement at each stored end (timed jobs: caught up after downtime, each once) and the outbox that
   * pushes settlement notifications after their commit.
   */
  registerJobs(scheduler: Pick<Scheduler, 'handle' | 'every'>): void {
    scheduler.handle<SettlementPayload>(SETTLEMENT_JOB, (tx, job) =>
      settleAuction(this.deps, () => this.now(), tx, job),
    );
    scheduler.every('nfts.settlement-push', 2_000, () => pushSettled(this.deps));
  }
}

import { makeAutoObservable, runInAction } from 'mobx';
import { marketsApi, type Market } from '../../api';
import { liveChange, seedLiveMarkets } from '../../components/live-market';

type HomeApi = Pick<typeof marketsApi, 'listMarkets' | 'tradeFeeRate'>;

/** The rate below which the home page may say "trading fee under 0.3 %" (docs/product.md promise 5). */
export const FEE_CLAIM_LIMIT = 0.003;

/** Home page data: the listed markets and the live fee parameter. Every figure is computed from these. */
export class HomeStore {
  markets: Market[] = [];
  marketsStatus: 'loading' | 'ready' | 'error' = 'loading';
  /** The `trade_fee_rate` parameter as published, or null while unknown (then no fee claim is shown). */
  tradeFeeRate: string | null = null;

  constructor(private readonly api: HomeApi = marketsApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Markets quoted by the feed; smart products (type 1) are plans, not markets. */
  get listedCount(): number {
    return this.markets.length;
  }

  get openNowCount(): number {
    return this.markets.filter((m) => m.openNow).length;
  }

  /** Markets whose latest feed change is positive (live: follows the socket, not the list call). */
  get risingCount(): number {
    return this.markets.filter((m) => Number(liveChange(m) ?? 0) > 0).length;
  }

  /** The fee line is rendered only while the live parameter makes it true. */
  get feeClaimHolds(): boolean {
    if (this.tradeFeeRate === null) return false;
    const rate = Number(this.tradeFeeRate);
    return Number.isFinite(rate) && rate >= 0 && rate < FEE_CLAIM_LIMIT;
  }

  async load(): Promise<void> {
    await Promise.all([this.loadMarkets(), this.loadFeeRate()]);
  }

  async loadMarkets(): Promise<void> {
    this.marketsStatus = 'loading';
    try {
      const markets = await this.api.listMarkets();
      seedLiveMarkets(markets);
      runInAction(() => {
        this.markets = markets;
        this.marketsStatus = 'ready';
      });
    } catch {
      runInAction(() => (this.marketsStatus = 'error'));
    }
  }

  private async loadFeeRate(): Promise<void> {
    try {
      const rate = await this.api.tradeFeeRate();
      runInAction(() => (this.tradeFeeRate = rate));
    } catch {
      // Without the live parameter the claim cannot be shown truthfully, so it is not shown.
      runInAction(() => (this.tradeFeeRate = null));
    }
  }
}

import { makeAutoObservable, runInAction } from 'mobx';
import { getRootStore } from '@swx/shared';
import type { AccountMode } from '@swx/shared/contract';
import { tradingApi, type AssetInfo, type MarketInfo, type RiskStats, type TradableMarket } from '../../api';

export type TradeKind = 'options' | 'spot' | 'margin';
export const tradeKinds: readonly TradeKind[] = ['options', 'spot', 'margin'];

export type LoadState = 'loading' | 'ready' | 'failed';

/**
 * What the trading screen knows about the chosen market and the customer's money. Prices are read from the
 * root market store (the shell's one websocket); this store never copies them.
 */
export class TradingStore {
  markets: TradableMarket[] = [];
  marketsState: LoadState = 'loading';
  code: string | null = null;
  info: MarketInfo | null = null;
  risk: RiskStats | null = null;
  assets: AssetInfo | null = null;
  /** The account set (demo or real) `assets` was read for: balances of the other set are never used. */
  assetsMode: AccountMode | null = null;
  /** The trade fee rate (`trade_fee_rate`) the estimates and reviews use; null until read. */
  feeRate: string | null = null;
  private infoRequest = 0;

  constructor() {
    makeAutoObservable<TradingStore, 'infoRequest'>(this, { infoRequest: false }, { autoBind: true });
  }

  get market(): TradableMarket | null {
    return this.markets.find((m) => m.code === this.code) ?? null;
  }

  /** The latest feed price: the live tick when one arrived, else what the server last listed. */
  get livePrice(): string | null {
    if (!this.code) return null;
    return getRootStore().market.price(this.code) ?? this.info?.price ?? this.market?.listedPrice ?? null;
  }

  /** The latest (at most 100) feed prices of the chosen market, oldest first. */
  get recentPrices(): readonly string[] {
    return this.code ? getRootStore().market.history(this.code) : [];
  }

  /** Once a live tick arrived its change wins, also when the feed does not know it (null, shown as "—"). */
  get changePercent(): string | null {
    if (!this.code) return null;
    const quote = getRootStore().market.quote(this.code);
    return quote ? quote.changePercent : (this.info?.zdf ?? null);
  }

  get priceDecimals(): number {
    return this.info?.priceDecimals ?? 2;
  }

  /** Price decimals of any listed market (positions may be on markets other than the chosen one). */
  decimalsFor(code: string): number | null {
    return this.markets.find((m) => m.code === code)?.priceDecimals ?? null;
  }

  offers(kind: TradeKind): boolean {
    return this.info?.tradable[kind] ?? false;
  }

  /** The USDT the customer can use now in the active account (demo or real). */
  get availableUsdt(): string | null {
    return this.assets?.assets.find((a) => a.currency === 'USDT')?.available ?? null;
  }

  /**
   * What the order ticket may spend in `currency`: the active account's available balance (0 for a currency
   * it holds none of), or null while the balances of the active account are not known (the ticket then
   * leaves the check to the server).
   */
  spendable(currency: string): string | null {
    if (!this.assets || this.assetsMode !== getRootStore().settings.accountMode) return null;
    return this.available(currency) ?? '0';
  }

  available(currency: string): string | null {
    return this.assets?.assets.find((a) => a.currency === currency)?.available ?? null;
  }

  /** Loads the market list and picks `preferred` (from `?code=`), else the first crypto market. */
  async load(preferred: string | null): Promise<void> {
    this.marketsState = 'loading';
    void this.loadRisk();
    void this.loadFeeRate();
    try {
      const markets = await tradingApi.listMarkets();
      runInAction(() => {
        this.markets = markets;
        this.marketsState = 'ready';
      });
      const chosen =
        markets.find((m) => m.code === preferred) ?? markets.find((m) => m.type === 2) ?? markets[0];
      if (chosen) await this.select(chosen.code);
    } catch {
      runInAction(() => (this.marketsState = 'failed'));
    }
  }

  async select(code: string): Promise<void> {
    this.code = code;
    // The compact chart starts from the server's latest 100 prices; live ticks that already arrived stay.
    const listed = this.markets.find((m) => m.code === code);
    if (listed) {
      // A listed price without a known change seeds the quote with the change unknown, not 0.
      const latest =
        listed.listedPrice !== null ? { price: listed.listedPrice, zdf: listed.listedChange } : undefined;
      getRootStore().market.seed(code, listed.recentPrices, latest);
    }
    this.info = null;
    const request = ++this.infoRequest;
    try {
      const info = await tradingApi.marketInfo(code);
      // A slower answer for a market the customer already left must not overwrite the newer one.
      if (request === this.infoRequest) runInAction(() => (this.info = info));
    } catch {
      // The form stays hidden without market facts; the picker still works.
    }
  }

  async loadFeeRate(): Promise<void> {
    try {
      const rate = await tradingApi.tradeFeeRate();
      runInAction(() => (this.feeRate = rate));
    } catch {
      // Estimates and reviews show the fee as unknown ("—"); the server charges it either way.
    }
  }

  async loadRisk(): Promise<void> {
    try {
      const risk = await tradingApi.riskStats();
      runInAction(() => (this.risk = risk));
    } catch {
      // The warning's generic wording still shows (see RiskWarning).
    }
  }

  async loadAssets(): Promise<void> {
    if (!getRootStore().session.isLoggedIn) return;
    try {
      const assets = await tradingApi.assets('all');
      // The answer names its account set; a switch while the call ran is not mistaken for it.
      runInAction(() => {
        this.assets = assets;
        this.assetsMode = assets.mode;
      });
    } catch {
      // The balance line is left out rather than shown wrong.
    }
  }

  /** The feed (as the shell read it into the root store) says simulated, or this market's facts do. */
  get showSimulatedBadge(): boolean {
    return getRootStore().market.isSimulated || this.info?.simulated === true;
  }
}

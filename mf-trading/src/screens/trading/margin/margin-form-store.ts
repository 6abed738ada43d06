import type Decimal from 'decimal.js';
import { makeAutoObservable, runInAction } from 'mobx';
import { formatPrice, getRootStore, isApiError, parseAmount, wireAmount } from '@swx/shared';
import {
  marginOrderRefusal,
  type BuyUBody,
  type MarginQuoteBody,
  type OrderRefusal,
} from '@swx/shared/contract';
import { tradingApi, type MarginQuote, type Position } from '../../../api';
import type { TradingStore } from '../trading-store';
import {
  entryPrice,
  marginProblems,
  type Direction,
  type EntryType,
  type MarginFields,
  type MarginProblems,
} from './margin-rules';
import { allowedLeverages, errors } from '@swx/shared/contract';

/**
 * The margin order form: fields, the seed's validation, then the server's quote (the terms shown before
 * confirming, docs/product.md promise 4) and the order carrying that quote's id.
 */
export class MarginFormStore implements MarginFields {
  direction: Direction = 'long';
  lots = '';
  leverage = 1;
  orderType: EntryType = 'market';
  limitPrice = '';
  stopLossOn = false;
  stopLoss = '';
  takeProfitOn = false;
  takeProfit = '';
  /** Problems show once the customer asked for a review, then follow every keystroke. */
  showProblems = false;
  maintenanceRate: string | null = null;
  leverageCap: number | null = null;

  quote: MarginQuote | null = null;
  /** The request the quote was made for: confirming sends exactly this, plus the quote id. */
  quotedOrder: MarginQuoteBody | null = null;
  quoting = false;
  placing = false;
  /** The server's refusal of the quote or the order. */
  failure: unknown = null;
  /** The terms moved between quote and confirmation: the dialog shows the server's new quote instead. */
  requoted = false;

  constructor(
    private readonly trading: TradingStore,
    private readonly onPlaced: (position: Position) => void,
  ) {
    makeAutoObservable<MarginFormStore, 'trading' | 'onPlaced'>(
      this,
      { trading: false, onPlaced: false },
      { autoBind: true },
    );
  }

  async loadLimits(): Promise<void> {
    const rate = tradingApi.maintenanceRate().catch(() => null);
    const type = this.trading.info?.type;
    const cap = type === undefined ? null : await tradingApi.leverageCap(type).catch(() => null);
    const maintenance = await rate;
    runInAction(() => {
      this.maintenanceRate = maintenance;
      this.leverageCap = cap;
      if (!this.leverages.includes(this.leverage)) this.leverage = this.leverages[0] ?? 1;
    });
  }

  /**
   * The market's leverage list within the cap for its type. Crypto's cap binds real accounts only
   * (docs/product.md, business rules); the server enforces the same rule.
   */
  get leverages(): number[] {
    const info = this.trading.info;
    if (!info) return [];
    // Read through the root store, so a demo/real switch re-filters the list.
    const mode = getRootStore().settings.isDemo ? 'demo' : 'real';
    return allowedLeverages(info.leverages, info.type, mode, this.leverageCap);
  }

  set<K extends keyof MarginFields>(field: K, value: MarginFields[K]): void {
    (this as MarginFields)[field] = value;
    this.failure = null;
  }

  get problems(): MarginProblems {
    const decimals = this.trading.priceDecimals;
    return marginProblems(this, {
      livePrice: this.trading.livePrice,
      maintenanceRate: this.maintenanceRate,
      contractSize: this.trading.info?.contractSize ?? null,
      formatPrice: (price: Decimal) => formatPrice(price, decimals),
    });
  }

  /**
   * The market's minimums on lots at the entry price, then the margin and opening fee the order takes
   * against the active account's available USDT, by the rules the server's quote applies
   * (`marginOrderRefusal`, with the catalogue code the server would answer): worked out as the customer
   * types, so an order the server would refuse never reaches its review. Null while the lots, the price or
   * the facts are unknown.
   */
  get refusal(): OrderRefusal | null {
    const lots = parseAmount(this.lots);
    const contractSize = this.trading.info?.contractSize;
    const price = entryPrice(this, {
      livePrice: this.trading.livePrice,
      maintenanceRate: this.maintenanceRate,
      contractSize: contractSize ?? null,
      formatPrice: (value: Decimal) => value.toFixed(),
    });
    if (!lots?.gt(0) || !price?.gt(0) || !contractSize || this.trading.feeRate === null) return null;
    return marginOrderRefusal({
      lots,
      contractSize,
      price,
      leverage: this.leverage,
      feeRate: this.trading.feeRate,
      availableUsdt: this.trading.spendable('USDT'),
      // The market's minimums as getMarketInfo serves them (the server's `market_order_limits`).
      limits: this.trading.info?.orderLimits ?? null,
      quoteAsset: this.trading.info?.quoteAsset,
    });
  }

  get visibleProblems(): MarginProblems {
    return this.showProblems ? this.problems : {};
  }

  get isValid(): boolean {
    return Object.keys(this.problems).length === 0;
  }

  /** The order as the API takes it. */
  get order(): MarginQuoteBody {
    return {
      code: this.trading.code ?? '',
      direction: this.direction,
      lots: wireAmount(this.lots),
      leverage: this.leverage,
      orderType: this.orderType,
      ...(this.orderType === 'limit' ? { price: wireAmount(this.limitPrice) } : {}),
      ...(this.stopLossOn ? { stopLoss: wireAmount(this.stopLoss) } : {}),
      ...(this.takeProfitOn ? { takeProfit: wireAmount(this.takeProfit) } : {}),
    };
  }

  /** Validates, then asks the server for the terms; the confirmation dialog opens with them. */
  async review(): Promise<void> {
    this.showProblems = true;
    this.failure = null;
    if (!this.isValid || this.refusal !== null || !this.trading.code) return;
    const order = this.order;
    this.quoting = true;
    try {
      const quote = await tradingApi.quoteMargin(order);
      runInAction(() => {
        this.quote = quote;
        this.quotedOrder = order;
      });
    } catch (error) {
      runInAction(() => (this.failure = error));
    } finally {
      runInAction(() => (this.quoting = false));
    }
  }

  dismissQuote(): void {
    this.quote = null;
    this.quotedOrder = null;
    this.requoted = false;
  }

  async confirm(): Promise<void> {
    if (!this.quote || !this.quotedOrder || this.placing) return;
    const order = this.quotedOrder;
    const body: BuyUBody = { ...order, quoteId: this.quote.quoteId };
    this.placing = true;
    try {
      const { result } = await tradingApi.buyMargin(body);
      runInAction(() => {
        this.dismissQuote();
        this.showProblems = false;
      });
      this.onPlaced(result);
    } catch (error) {
      if (isApiError(error) && error.code === errors.termsChanged) {
        // docs/product.md promise 4: the server refused stale terms; show the new ones for a fresh decision.
        await this.requote(order);
      } else {
        runInAction(() => {
          this.failure = error;
          this.dismissQuote();
        });
      }
    } finally {
      runInAction(() => (this.placing = false));
    }
  }

  private async requote(order: MarginQuoteBody): Promise<void> {
    try {
      const quote = await tradingApi.quoteMargin(order);
      runInAction(() => {
        this.quote = quote;
        this.requoted = true;
      });
    } catch (error) {
      runInAction(() => {
        this.failure = error;
        this.dismissQuote();
      });
    }
  }
}

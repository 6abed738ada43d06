import { makeAutoObservable, runInAction } from 'mobx';
import { type FieldProblem, parseAmount, wireAmount } from '@swx/shared';
import { spotOrderRefusal, type OrderRefusal, type SpotSubmitBody } from '@swx/shared/contract';
import { tradingApi, type SpotOrder } from '../../../api';
import type { TradingStore } from '../trading-store';

export type SpotSide = 'buy' | 'sell';
export type SpotEntry = 'market' | 'limit';

export interface SpotProblems {
  quantity?: FieldProblem;
  limitPrice?: FieldProblem;
}

/** Seed §5: the purchase quantity is required and correct; a limit order needs a correct price. */
export function spotProblems(fields: {
  quantity: string;
  orderType: SpotEntry;
  limitPrice: string;
}): SpotProblems {
  const problems: SpotProblems = {};
  if (fields.quantity.trim() === '') problems.quantity = { key: 'common:validation.quantityRequired' };
  else if (!parseAmount(fields.quantity)?.gt(0)) problems.quantity = { key: 'order.quantityIncorrect' };
  if (fields.orderType === 'limit') {
    if (fields.limitPrice.trim() === '') problems.limitPrice = { key: 'order.priceRequired' };
    else if (!parseAmount(fields.limitPrice)?.gt(0)) problems.limitPrice = { key: 'order.priceIncorrect' };
  }
  return problems;
}

/** Spot ("BB"): buy or sell the market's coin against USDT; limit orders wait and can be cancelled. */
export class SpotStore {
  side: SpotSide = 'buy';
  orderType: SpotEntry = 'market';
  quantity = '';
  limitPrice = '';
  showProblems = false;
  placing = false;
  failure: unknown = null;
  orders: SpotOrder[] = [];
  busyId: string | null = null;

  constructor(private readonly trading: TradingStore) {
    makeAutoObservable<SpotStore, 'trading'>(this, { trading: false }, { autoBind: true });
  }

  set<K extends 'side' | 'orderType' | 'quantity' | 'limitPrice'>(field: K, value: SpotStore[K]): void {
    (this as Pick<SpotStore, K>)[field] = value;
    this.failure = null;
  }

  get problems(): SpotProblems {
    return spotProblems(this);
  }

  /**
   * What the server would refuse this order for (ledger step, the market's minimums, a sale its fee eats,
   * balance), worked out as the customer types by the contract's rule (`spotOrderRefusal`), with the
   * catalogue code the server would answer; null while the fields are incomplete or a figure is unknown.
   */
  get refusal(): OrderRefusal | null {
    const quantity = parseAmount(this.quantity);
    const price = parseAmount(this.orderType === 'limit' ? this.limitPrice : (this.trading.livePrice ?? ''));
    const info = this.trading.info;
    const coin = info?.baseAsset;
    if (!quantity?.gt(0) || !price?.gt(0) || !info || !coin) return null;
    return spotOrderRefusal({
      side: this.side,
      quantity,
      price,
      // Until the fee rate is read, the value alone (the server's refusal still covers the fee).
      feeRate: this.trading.feeRate ?? 0,
      coin,
      availableUsdt: this.trading.spendable('USDT'),
      availableCoin: this.trading.spendable(coin),
      // The market's minimums as getMarketInfo serves them (the server's `market_order_limits`).
      limits: info.orderLimits ?? null,
      contractSize: info.contractSize,
    });
  }

  get visibleProblems(): SpotProblems {
    return this.showProblems ? this.problems : {};
  }

  get pending(): SpotOrder[] {
    return this.orders.filter((o) => o.status === 'pending');
  }

  get history(): SpotOrder[] {
    return this.orders.filter((o) => o.status !== 'pending');
  }

  async load(): Promise<void> {
    try {
      const orders = await tradingApi.listSpot();
      runInAction(() => (this.orders = orders));
    } catch (error) {
      runInAction(() => (this.failure = error));
    }
  }

  /** Shows the form's problems; true when the order can go to its review. */
  validate(): boolean {
    this.showProblems = true;
    this.failure = null;
    return Object.keys(this.problems).length === 0 && this.refusal === null && this.trading.code !== null;
  }

  async submit(): Promise<SpotOrder | null> {
    if (!this.validate() || this.placing) return null;
    const code = this.trading.code!;
    const body: SpotSubmitBody = {
      code,
      side: this.side,
      orderType: this.orderType,
      quantity: wireAmount(this.quantity),
      ...(this.orderType === 'limit' ? { price: wireAmount(this.limitPrice) } : {}),
    };
    this.placing = true;
    try {
      const { result } = await tradingApi.submitSpot(body);
      runInAction(() => {
        this.showProblems = false;
        this.quantity = '';
      });
      await this.load();
      return result;
    } catch (error) {
      runInAction(() => (this.failure = error));
      return null;
    } finally {
      runInAction(() => (this.placing = false));
    }
  }

  async cancel(id: string): Promise<boolean> {
    this.busyId = id;
    this.failure = null;
    try {
      await tradingApi.cancelSpot(id);
      await this.load();
      return true;
    } catch (error) {
      runInAction(() => (this.failure = error));
      return false;
    } finally {
      runInAction(() => (this.busyId = null));
    }
  }
}

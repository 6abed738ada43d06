import { makeAutoObservable, runInAction } from 'mobx';
import { type FieldProblem, parseAmount, wireAmount } from '@swx/shared';
import type { OrderLimits, SpotSubmitBody } from '@swx/shared/contract';
import { sizeProblem } from '../../../components/order-limits';
import { tradingApi, type SpotOrder } from '../../../api';
import type { TradingStore } from '../trading-store';

export type SpotSide = 'buy' | 'sell';
export type SpotEntry = 'market' | 'limit';

export interface SpotProblems {
  quantity?: FieldProblem;
  limitPrice?: FieldProblem;
}

/**
 * Seed §5: the purchase quantity is required and correct; a limit order needs a correct price. The market's
 * minimums (size, step, value at the order's price) are checked as the server will (issue 28).
 */
export function spotProblems(
  fields: { quantity: string; orderType: SpotEntry; limitPrice: string },
  market: { livePrice: string | null; limits?: OrderLimits } = { livePrice: null },
): SpotProblems {
  const problems: SpotProblems = {};
  if (fields.quantity.trim() === '') problems.quantity = { key: 'common:validation.quantityRequired' };
  else if (!parseAmount(fields.quantity)?.gt(0)) problems.quantity = { key: 'order.quantityIncorrect' };
  if (fields.orderType === 'limit') {
    if (fields.limitPrice.trim() === '') problems.limitPrice = { key: 'order.priceRequired' };
    else if (!parseAmount(fields.limitPrice)?.gt(0)) problems.limitPrice = { key: 'order.priceIncorrect' };
  }
  if (!problems.quantity && !problems.limitPrice) {
    const price =
      fields.orderType === 'limit' ? parseAmount(fields.limitPrice) : parseAmount(market.livePrice ?? '');
    const size = sizeProblem(parseAmount(fields.quantity), price, '1', market.limits);
    if (size) problems.quantity = size;
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
    return spotProblems(this, {
      livePrice: this.trading.livePrice,
      limits: this.trading.info?.orderLimits,
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
    return Object.keys(this.problems).length === 0 && this.trading.code !== null;
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

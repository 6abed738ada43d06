import Decimal from 'decimal.js';
import { makeAutoObservable, runInAction } from 'mobx';
import { getRootStore } from '@swx/shared';
import {
  MARGIN_CURRENCY,
  exactDecimal,
  roundPaid,
  roundReceived,
  unrealised,
  type ModifyUBody,
} from '@swx/shared/contract';
import { tradingApi, type Position } from '../../../api';

export interface PositionEstimate {
  /** The feed price the estimate uses (live tick, else the price the server listed). */
  price: string | null;
  /** Unrealised profit before the closing fee, floored at −margin (negative-balance protection). */
  profit: Decimal | null;
}

/**
 * The customer's margin positions: open (with a live P&L estimate from feed prices), waiting limit entries
 * and history. The server's list is the truth; it is reloaded after every change and account event.
 */
export class PositionsStore {
  open: Position[] = [];
  waiting: Position[] = [];
  history: Position[] = [];
  loaded = false;
  busyId: string | null = null;
  failure: unknown = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    try {
      const [open, waiting, history] = await Promise.all([
        tradingApi.listMargin(['open']),
        tradingApi.listMargin(['waiting']),
        tradingApi.listMargin(['closed', 'liquidated', 'cancelled']),
      ]);
      runInAction(() => {
        this.open = open;
        this.waiting = waiting;
        this.history = history;
        this.loaded = true;
      });
    } catch (error) {
      runInAction(() => {
        this.failure = error;
        this.loaded = true;
      });
    }
  }

  /** Codes whose live prices the open positions need. */
  get watchedCodes(): string[] {
    return [...new Set(this.open.map((p) => p.code))].sort();
  }

  /** Live estimate per open position, recomputed when a watched price ticks. */
  get estimates(): Map<string, PositionEstimate> {
    const market = getRootStore().market;
    const result = new Map<string, PositionEstimate>();
    for (const position of this.open) {
      const price = market.price(position.code) ?? position.currentPrice;
      if (price === null || position.openPrice === null) {
        result.set(position.id, { price, profit: null });
        continue;
      }
      const raw = unrealised(
        position.direction,
        new Decimal(position.openPrice),
        new Decimal(price),
        exactDecimal(position.lots).times(position.contractSize),
      );
      // Rounded to the cent as a close would post it (a gain down, a loss up), so the rows add up to the total.
      const cents = raw.gte(0)
        ? roundReceived(raw, MARGIN_CURRENCY)
        : roundPaid(raw.neg(), MARGIN_CURRENCY).neg();
      result.set(position.id, { price, profit: Decimal.max(cents, new Decimal(position.margin).neg()) });
    }
    return result;
  }

  get totalEstimate(): Decimal | null {
    let total = new Decimal(0);
    for (const estimate of this.estimates.values()) {
      if (!estimate.profit) return null;
      total = total.plus(estimate.profit);
    }
    return total;
  }

  /** Closes an open position at the feed price, or cancels a waiting entry (`stopU` does both). */
  async close(id: string): Promise<Position | null> {
    this.busyId = id;
    this.failure = null;
    try {
      const position = await tradingApi.closeMargin(id);
      await this.load();
      return position;
    } catch (error) {
      runInAction(() => (this.failure = error));
      return null;
    } finally {
      runInAction(() => (this.busyId = null));
    }
  }

  async modify(body: ModifyUBody): Promise<void> {
    await tradingApi.modifyMargin(body);
    await this.load();
  }
}

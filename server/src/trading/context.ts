import type { FastifyBaseLogger } from 'fastify';
import type Decimal from 'decimal.js';
import type { OptionTerms, OrderLimits, SuccessCode } from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import type { InvitesService } from '../invites/service';
import { AppError } from '../http/errors';
import type { Ledger } from '../ledger/service';
import type { FeedTick } from '../markets/feed/types';
import type { MarketRecord } from '../markets/service';
import type { NotificationParams, NotificationsService } from '../notifications/service';
import type { ParamsService } from '../params/service';
import type { Bus } from '../platform/bus';
import type { Customer } from '../platform/owned';
import type { Unit, UnitOfWork } from '../platform/unit-of-work';
import { fmt, money } from './rules';
import { errors, orderSizeProblem, successes } from '@swx/shared/contract';

/** What trading needs from the markets domain (MarketsService provides it). */
export interface TradingMarkets {
  find(codeOrId: string): MarketRecord | undefined;
  list(): readonly MarketRecord[];
  isOpen(code: string, at?: number): boolean;
  latestTick(code: string): FeedTick | undefined;
  /** Feed: the market's latest price is older than its stale window at `at` (stale-price guard). */
  isStale(code: string, at: number): boolean;
  /** Feed: a tick that was already stale at `at` (delivered late) must not trigger a settlement. */
  isStaleTick(tick: FeedTick, at: number): boolean;
  tickAt(code: string, time: number): Promise<FeedTick | undefined>;
  /** The first tick published after `after` and at or before `until`, if any. */
  firstTickAfter(code: string, after: number, until: number): Promise<FeedTick | undefined>;
  /** How long the market's price stays fresh without a tick (its type's stale window), ms. */
  staleAfterMs(code: string): number;
  /** The market's order minimums (`market_order_limits`). */
  orderLimits(code: string): OrderLimits;
  onTicks(listener: (ticks: FeedTick[]) => void): () => void;
  /** The option periods and stake bounds in force on a market (its own, else the parameters). */
  optionTerms(code: string): OptionTerms;
}

/** Where fills, closes and results are pushed to the customer (LiveService provides it). */
export interface AccountEvents {
  publishAccountEvent(userId: string, event: { type: string } & Record<string, unknown>): void;
}

export type { Customer } from '../platform/owned';

export interface TradingDeps {
  db: Db;
  /** Every trading write runs in a unit of work: its notices and account events leave after its commit. */
  units: UnitOfWork;
  ledger: Ledger;
  markets: TradingMarkets;
  params: ParamsService;
  events: AccountEvents;
  log: FastifyBaseLogger;
  /**
   * Between server instances on one database: each instance tells the others which record it changed, so
   * every instance's index holds every open position, order and contract.
   */
  bus?: Bus;
  /** The clock (epoch ms); tests move it. */
  now?: () => number;
  /** Pays the inviter of a customer their share of each trading fee, in the fee's transaction. */
  invites?: Pick<InvitesService, 'rewardForFee' | 'rewardForFees'>;
  /**
   * Stores the customer's notification of what the engine did on its own (fills of waiting orders, closes by
   * rule, margin calls, option results) in the event's transaction, and pushes it live after the commit.
   */
  notifications?: Pick<NotificationsService, 'add'>;
}

/** The success code of a placed order (`ok(order, successes.purchased)`), kept with its request's claims. */
export const ORDER_PLACED: SuccessCode = successes.purchased;
/** The success code of a changed stop loss or take profit (`ok(position, successes.modified)`). */
export const EXITS_CHANGED: SuccessCode = successes.modified;

export type Product = 'spot' | 'margin' | 'options';

/**
 * What the three products share: their dependencies, the clock, and the small steps every product takes
 * (checking a market is offered, the price to trade at, the fee rate, pushing an event, storing a notice,
 * paying the inviter's share of a fee).
 */
export class TradingContext {
  readonly db: Db;
  readonly units: UnitOfWork;
  readonly ledger: Ledger;
  readonly markets: TradingMarkets;
  readonly params: ParamsService;
  readonly log: FastifyBaseLogger;
  readonly bus: TradingDeps['bus'];
  readonly invites: TradingDeps['invites'];
  private readonly events: AccountEvents;
  private readonly notifications: TradingDeps['notifications'];
  /** The clock (epoch ms); tests replace it. */
  now: () => number;

  constructor(deps: TradingDeps) {
    this.db = deps.db;
    this.units = deps.units;
    this.ledger = deps.ledger;
    this.markets = deps.markets;
    this.params = deps.params;
    this.events = deps.events;
    this.log = deps.log;
    this.bus = deps.bus;
    this.now = deps.now ?? Date.now;
    this.invites = deps.invites;
    this.notifications = deps.notifications;
  }

  market(code: string, product: Product): MarketRecord {
    const market = this.markets.find(code);
    if (!market)
      throw new AppError(product === 'options' ? errors.optionsProductIncorrect : errors.marketNotFound);
    const offered =
      product === 'spot'
        ? market.spotTradable
        : product === 'margin'
          ? market.marginTradable
          : market.optionsTradable;
    if (!offered)
      throw new AppError(
        product === 'options' ? errors.optionsProductIncorrect : errors.tradingKindUnavailable,
      );
    return market;
  }

  /** The price to trade at now: the market must be in session and have a published, fresh price. */
  tradableTick(market: MarketRecord): FeedTick {
    const now = this.now();
    if (!this.markets.isOpen(market.code, now)) throw new AppError(errors.notTradable);
    const tick = this.markets.latestTick(market.code);
    if (!tick) throw new AppError(errors.notTradable);
    if (this.markets.isStale(market.code, now))
      throw new AppError(errors.notTradable, 'The market price is stale: no fresh price from the feed');
    return tick;
  }

  /**
   * Order minimums (issue 28): the market's minimum size, size step and minimum notional at the price the
   * order uses (`11407`, `11408`, `11409`; the message names the figure).
   */
  checkOrderSize(market: MarketRecord, size: Decimal, price: Decimal): void {
    const limits = this.markets.orderLimits(market.code);
    const problem = orderSizeProblem(size.toFixed(), price.toFixed(), market.contractSize, limits);
    if (problem === errors.orderBelowMinimumSize)
      throw new AppError(problem, `The smallest order on ${market.code} is ${limits.minSize}`);
    if (problem === errors.orderSizeOffStep)
      throw new AppError(problem, `Order sizes on ${market.code} go in steps of ${limits.sizeStep}`);
    if (problem === errors.orderBelowMinimumNotional)
      throw new AppError(
        problem,
        `The smallest order value on ${market.code} is ${limits.minNotional} ${market.quoteAsset}`,
      );
  }

  feeRate(): Decimal {
    return money(this.params.getDecimal('trade_fee_rate'));
  }

  /** Pushes an account event to the customer's open sockets once `unit` committed (never on rollback). */
  publishAfter(unit: Unit, userId: bigint | string, event: { type: string } & Record<string, unknown>): void {
    unit.afterCommit(() => this.events.publishAccountEvent(String(userId), event));
  }

  /**
   * The inviter's share of a fee just charged (invite-friends programme): paid in the same transaction, real
   * accounts only, at most once per record and occasion (the invites service decides all three).
   */
  async rewardInviter(
    tx: Tx,
    customer: Customer,
    fee: Decimal,
    reference: { type: string; id: string },
    occasion: 'open' | 'close' | 'fill',
  ): Promise<void> {
    if (!this.invites || !fee.gt(0)) return;
    await this.invites.rewardForFee(tx, {
      friendUserId: customer.userId,
      mode: customer.mode,
      currency: 'USDT',
      fee: fmt(fee),
      reference,
      occasion,
    });
  }

  /**
   * The notification of an event the customer did not see happen, stored in the event's own unit (it exists
   * exactly when the event committed) and pushed after that commit. Params are plain values (decimal strings,
   * codes) the client renders into `notifications.<kind>.title/body` in the customer's language.
   */
  async notice(
    unit: Unit,
    userId: bigint | string,
    kind: string,
    params: NotificationParams,
    reference: { type: string; id: string },
  ): Promise<void> {
    await this.notifications?.add(unit, String(userId), {
      kind,
      titleKey: `notifications.${kind}.title`,
      bodyKey: `notifications.${kind}.body`,
      params,
      reference,
    });
  }
}

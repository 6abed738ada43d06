import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import Decimal from 'decimal.js';
import { and, desc, eq, gte, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type {
  AccountMode,
  AssetInfo,
  BuyOptionsBody,
  BuyUBody,
  MarginQuote,
  MarginQuoteBody,
  ModifyUBody,
  OptionContract,
  OptionTerms,
  Position,
  ProfitTotal,
  Receipt,
  RiskStats,
  SpotOrder,
  SpotSubmitBody,
} from '@swx/shared/contract';
import type { Db, Listen, Tx } from '../db/client';
import type { InvitesService } from '../invites/service';
import { AppError } from '../http/errors';
import { customerAccount, platformAccount, type AccountRef } from '../ledger/accounts';
import type { Leg, Ledger } from '../ledger/service';
import { ledgerAccounts, ledgerJournalEntries, ledgerPostings } from '../ledger/tables';
import type { FeedTick } from '../markets/feed/types';
import type { MarketRecord } from '../markets/service';
import type { NotificationParams, NotificationsService } from '../notifications/service';
import type { ParamsService } from '../params/service';
import type { Lifecycle } from '../lifecycle';
import {
  equityLevel,
  fmt,
  leverageCapKey,
  marginTerms,
  money,
  optionOutcome,
  settle,
  spotResult,
  unrealised,
  up,
  down,
  validateExits,
  type Direction,
} from './rules';
import {
  tradingOptions,
  tradingPositions,
  tradingQuotes,
  tradingReceipts,
  tradingSpotOrders,
} from './tables';
import { Heap, TriggerIndex, type Trigger } from './trigger-index';
import { createBatcher } from '../db/batcher';
import { insertRows } from '../db/rows';

/** What trading needs from the markets domain (MarketsService provides it). */
export interface TradingMarkets {
  find(codeOrId: string): MarketRecord | undefined;
  list(): readonly MarketRecord[];
  isOpen(code: string, at?: number): boolean;
  latestTick(code: string): FeedTick | undefined;
  tickAt(code: string, time: number): Promise<FeedTick | undefined>;
  onTicks(listener: (ticks: FeedTick[]) => void): () => void;
  /** The option periods and stake bounds in force on a market (its own, else the parameters). */
  optionTerms(code: string): OptionTerms;
}

/** Where fills, closes and results are pushed to the customer (LiveService provides it). */
export interface AccountEvents {
  publishAccountEvent(userId: string, event: { type: string } & Record<string, unknown>): void;
}

export interface Customer {
  userId: string;
  mode: AccountMode;
}

export interface TradingDeps {
  db: Db;
  ledger: Ledger;
  markets: TradingMarkets;
  params: ParamsService;
  events: AccountEvents;
  log: FastifyBaseLogger;
  /**
   * LISTEN/NOTIFY between server instances on one database: each instance tells the others which record it
   * changed, so every instance's index holds every open position, order and contract.
   */
  fanOut?: { listen: Listen; notify: (channel: string, payload: string) => Promise<void> };
  /** The clock (epoch ms); tests move it. */
  now?: () => number;
  /** Pays the inviter of a customer their share of each trading fee, in the fee's transaction. */
  invites?: Pick<InvitesService, 'rewardForFee' | 'rewardForFees'>;
  /**
   * Stores the customer's notification of what the engine did on its own (fills of waiting orders, closes by
   * rule, margin calls, option results) in the event's transaction, and pushes it live after the commit.
   */
  notifications?: Pick<NotificationsService, 'create' | 'publish'>;
}

/** A notification stored in an engine transaction, to be pushed once that transaction committed. */
type StoredNotice = Awaited<ReturnType<NotificationsService['create']>>;

/** How long after an option's expiry the engine waits for the feed's tick at expiry before settling anyway. */
export const OPTION_SETTLE_GRACE_MS = 1_000;
const RISK_WINDOW_DAYS = 90;
/** PostgreSQL channel on which instances announce changed trading records. */
export const TRADING_CHANNEL = 'swx_trading';
const RISK_MIN_CUSTOMERS = 100;

type TriggerKind = 'spot_limit' | 'entry' | 'stop_loss' | 'take_profit' | 'liquidation' | 'margin_call';
interface TriggerPayload {
  kind: TriggerKind;
  id: string;
}
type PositionRow = typeof tradingPositions.$inferSelect;
/** The rows of one customer's active account set: their own, and demo and real kept apart. */
function ownedBy(table: { userId: Column; mode: Column }, customer: Customer): SQL {
  return and(eq(table.userId, BigInt(customer.userId)), eq(table.mode, customer.mode))!;
}

/** A margin order checked and priced (`marginPlan`), on its way into the database. */
interface MarginOrder {
  customer: Customer;
  body: BuyUBody;
  plan: ReturnType<TradingService['marginPlan']>;
  at: Date;
}

/** A market order checked and priced at its tick, with the entry that pays for it (`fillAtMarket`). */
interface MarketFillBase {
  customer: Customer;
  tick: FeedTick;
  legs: Leg[];
  memo: string;
  /** The trading fee in USDT, of which the customer's inviter earns a share. */
  fee: Decimal;
}
interface MarginFill extends MarketFillBase {
  kind: 'margin';
  order: MarginOrder;
}
interface SpotFill extends MarketFillBase {
  kind: 'spot';
  values: typeof tradingSpotOrders.$inferInsert;
}
type MarketFill = MarginFill | SpotFill;

/** The ledger memo of a margin order's opening entry. */
function marginMemo({ body, plan }: MarginOrder): string {
  return `${plan.direction} ${fmt(plan.lots)} lots ${plan.market.code} ×${body.leverage}: margin ${fmt(plan.terms.margin)}, fee ${fmt(plan.terms.fee)} USDT`;
}
type SpotRow = typeof tradingSpotOrders.$inferSelect;
type OptionRow = typeof tradingOptions.$inferSelect;

interface Expiry {
  id: string;
  code: string;
  expiry: number;
}

/** Work the engine does after a tick, one item at a time, in the order the ticks came. */
type RecordKind = 'margin' | 'spot' | 'option';
type Job =
  | { trigger: TriggerPayload; tick: FeedTick }
  | { option: Expiry }
  | { sync: { kind: RecordKind; id: string } };

/**
 * Spot, margin and options: the rules, the order endpoints' logic and the engine that settles by rule.
 *
 * The database is the truth. Every state change is one transaction: a conditional status update on the
 * record (`where status = 'open'`, so a position closed by the customer and by its stop loss at once is
 * closed once), the ledger entries, and the receipt (unique per record and event). The in-memory index of
 * triggers and option expiries is rebuilt from the database at start-up (`init`), and then kept in step with
 * every committed change.
 */
export class TradingService {
  private readonly db: Db;
  private readonly ledger: Ledger;
  private readonly markets: TradingMarkets;
  private readonly params: ParamsService;
  private readonly events: AccountEvents;
  private readonly log: FastifyBaseLogger;
  private readonly invites: TradingDeps['invites'];
  private readonly notifications: TradingDeps['notifications'];
  /** The clock (epoch ms); tests replace it. */
  now: () => number;

  readonly index = new TriggerIndex<TriggerPayload>();
  /** Live triggers per record (`margin:12`, `spot:7`), so a close or a modification cancels them. */
  private readonly byRecord = new Map<string, Trigger<TriggerPayload>[]>();
  private readonly expiries = new Map<string, Heap<Expiry>>();
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private unsubscribe: (() => void) | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly fanOut: TradingDeps['fanOut'];
  private readonly instanceId = crypto.randomUUID();
  /** Changes not yet announced to the other instances (see `announce`). */
  private readonly announcements: [RecordKind, string][] = [];
  /** Market orders of concurrent requests, filled together (`fillAtMarket`). */
  private readonly marketFills = createBatcher<MarketFill, PositionRow | SpotRow>(
    (fills) => this.fillAtMarket(fills),
    { maxBatchSize: 64, concurrency: 2 },
  );

  constructor(deps: TradingDeps) {
    this.db = deps.db;
    this.ledger = deps.ledger;
    this.markets = deps.markets;
    this.params = deps.params;
    this.events = deps.events;
    this.log = deps.log;
    this.fanOut = deps.fanOut;
    this.now = deps.now ?? Date.now;
    this.invites = deps.invites;
    this.notifications = deps.notifications;
  }

  /**
   * The inviter's share of a fee just charged (invite-friends programme): paid in the same transaction, real
   * accounts only, at most once per record and occasion (the invites service decides all three).
   */
  private async rewardInviter(
    tx: Tx,
    customer: { userId: string; mode: AccountMode },
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

  /** Rebuilds the index from the database and starts following the feed. */
  async init(): Promise<void> {
    // Spot coins get their platform accounts up front (a transfer would otherwise look them up each time).
    const coins = [
      ...new Set(
        this.markets
          .list()
          .filter((m) => m.spotTradable)
          .map((m) => m.baseAsset),
      ),
    ];
    await this.ledger.preparePlatformAccounts(coins);
    const positions = await this.db
      .select()
      .from(tradingPositions)
      .where(inArray(tradingPositions.status, ['waiting', 'open']));
    for (const row of positions) this.indexPosition(row);
    const orders = await this.db
      .select()
      .from(tradingSpotOrders)
      .where(eq(tradingSpotOrders.status, 'pending'));
    for (const row of orders) this.indexSpot(row);
    const options = await this.db.select().from(tradingOptions).where(eq(tradingOptions.status, 'open'));
    for (const row of options) this.indexOption(row);
    this.unsubscribe = this.markets.onTicks((ticks) => this.onTicks(ticks));
    this.unlisten = await this.fanOut?.listen(TRADING_CHANNEL, (payload) => this.receive(payload));
  }

  /**
   * Tells the other instances that a record changed. Several instances may then act on the same trigger; the
   * conditional status updates let exactly one of them settle it. Announcements made in one event-loop turn
   * leave together, in as few notifications as the payload limit allows.
   */
  private announce(kind: RecordKind, id: bigint | string): void {
    if (!this.fanOut) return;
    this.announcements.push([kind, String(id)]);
    if (this.announcements.length === 1) setImmediate(() => this.flushAnnouncements());
  }

  private flushAnnouncements(): void {
    const changed = this.announcements.splice(0);
    // PostgreSQL refuses a payload over 8,000 bytes; 200 changes stay well below it.
    for (let at = 0; at < changed.length; at += 200) {
      const payload = JSON.stringify({ i: this.instanceId, r: changed.slice(at, at + 200) });
      this.fanOut!.notify(TRADING_CHANNEL, payload).catch((error: unknown) => {
        this.log.error({ err: error }, 'announcing trading changes to other instances failed');
      });
    }
  }

  private receive(payload: string): void {
    // This instance's own announcements come back too; they are recognised without parsing them.
    if (payload.startsWith(`{"i":"${this.instanceId}"`)) return;
    let message: { i?: unknown; r?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (message.i === this.instanceId || !Array.isArray(message.r)) return;
    for (const change of message.r as unknown[]) {
      if (!Array.isArray(change)) continue;
      const [kind, id] = change as unknown[];
      if (typeof id !== 'string' || !/^[1-9][0-9]{0,18}$/.test(id)) continue;
      if (kind !== 'margin' && kind !== 'spot' && kind !== 'option') continue;
      this.enqueue({ sync: { kind, id } });
    }
  }

  /** Brings this instance's index in line with a record another instance changed. */
  private async sync(kind: RecordKind, id: string): Promise<void> {
    if (kind === 'margin') {
      const [row] = await this.db
        .select()
        .from(tradingPositions)
        .where(eq(tradingPositions.id, BigInt(id)));
      if (row && (row.status === 'open' || row.status === 'waiting')) this.indexPosition(row);
      else this.unindex(`margin:${id}`);
    } else if (kind === 'spot') {
      const [row] = await this.db
        .select()
        .from(tradingSpotOrders)
        .where(eq(tradingSpotOrders.id, BigInt(id)));
      if (row?.status === 'pending') this.indexSpot(row);
      else this.unindex(`spot:${id}`);
    } else {
      // Announced once, when bought; a settled contract leaves the other heaps when its expiry comes.
      const [row] = await this.db
        .select()
        .from(tradingOptions)
        .where(eq(tradingOptions.id, BigInt(id)));
      if (row?.status === 'open') this.indexOption(row);
    }
  }

  readonly lifecycle: Lifecycle = {
    name: 'trading-engine',
    start: () => {
      // Options whose expiry passed while nobody (or no server) was watching settle now, then every 250 ms.
      this.settleDue(this.now());
      this.timer = setInterval(() => this.settleDue(this.now()), 250);
      this.timer.unref();
    },
    stop: async () => {
      if (this.timer) clearInterval(this.timer);
      this.timer = undefined;
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      await this.unlisten?.();
      this.unlisten = undefined;
      await this.idle();
    },
  };

  /** Resolves when every queued engine job has run (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  // ---- engine ---------------------------------------------------------------------------------------------

  /** Called with every applied tick batch: finds what the ticks reach, in O(log n + triggered) per tick. */
  onTicks(ticks: FeedTick[]): void {
    for (const tick of ticks) {
      for (const trigger of this.index.crossed(tick.code, tick.price)) {
        this.forget(trigger);
        this.enqueue({ trigger: trigger.payload, tick });
      }
      // A tick after an expiry means the tick at expiry is known: settle now rather than after the grace.
      const heap = this.expiries.get(tick.code);
      while (heap && heap.size > 0 && heap.peek()!.expiry < tick.time) this.enqueue({ option: heap.pop()! });
    }
  }

  /** Settles options whose expiry is at least the grace period in the past. */
  settleDue(now: number): void {
    for (const heap of this.expiries.values()) {
      while (heap.size > 0 && heap.peek()!.expiry + OPTION_SETTLE_GRACE_MS <= now)
        this.enqueue({ option: heap.pop()! });
    }
  }

  private enqueue(job: Job): void {
    this.pending++;
    this.queue = this.queue
      .then(() => this.run(job))
      .catch((error: unknown) => {
        this.log.error({ err: error, job }, 'trading engine job failed; it will be retried');
        this.retry(job);
      })
      .finally(() => {
        this.pending--;
      });
  }

  /** A failed job (database unavailable) goes back into the index, so the next tick or timer tries again. */
  private retry(job: Job): void {
    if ('sync' in job) return;
    if ('option' in job) {
      this.expiryHeap(job.option.code).push(job.option);
      return;
    }
    const { kind, id } = job.trigger;
    if (kind === 'spot_limit') {
      void this.db
        .select()
        .from(tradingSpotOrders)
        .where(eq(tradingSpotOrders.id, BigInt(id)))
        .then(([row]) => row?.status === 'pending' && this.indexSpot(row));
    } else {
      void this.db
        .select()
        .from(tradingPositions)
        .where(eq(tradingPositions.id, BigInt(id)))
        .then(
          ([row]) => row && (row.status === 'open' || row.status === 'waiting') && this.indexPosition(row),
        );
    }
  }

  private async run(job: Job): Promise<void> {
    if ('option' in job) return this.settleOption(job.option);
    if ('sync' in job) return this.sync(job.sync.kind, job.sync.id);
    const { trigger, tick } = job;
    switch (trigger.kind) {
      case 'spot_limit':
        return this.fillSpotLimit(trigger.id, tick);
      case 'entry':
        return this.fillEntry(trigger.id, tick);
      case 'margin_call':
        return this.marginCall(trigger.id, tick);
      default:
        return this.closeByRule(trigger.id, trigger.kind, tick);
    }
  }

  private track(recordKey: string, trigger: Trigger<TriggerPayload>): void {
    const list = this.byRecord.get(recordKey) ?? [];
    list.push(trigger);
    this.byRecord.set(recordKey, list);
  }

  private forget(trigger: Trigger<TriggerPayload>): void {
    const key = `${trigger.payload.kind === 'spot_limit' ? 'spot' : 'margin'}:${trigger.payload.id}`;
    const list = this.byRecord.get(key);
    if (!list) return;
    const rest = list.filter((t) => t !== trigger);
    if (rest.length === 0) this.byRecord.delete(key);
    else this.byRecord.set(key, rest);
  }

  private unindex(recordKey: string, kinds?: TriggerKind[]): void {
    const list = this.byRecord.get(recordKey);
    if (!list) return;
    const keep: Trigger<TriggerPayload>[] = [];
    for (const trigger of list) {
      if (!kinds || kinds.includes(trigger.payload.kind)) this.index.cancel(trigger);
      else keep.push(trigger);
    }
    if (keep.length === 0) this.byRecord.delete(recordKey);
    else this.byRecord.set(recordKey, keep);
  }

  private indexSpot(row: SpotRow): void {
    const id = String(row.id);
    const key = `spot:${id}`;
    this.unindex(key);
    // A buy waits for the price to fall to the limit, a sell for it to rise to it.
    const side = row.side === 'buy' ? 'below' : 'above';
    this.track(key, this.index.add(row.code, side, fmt(row.limitPrice!), { kind: 'spot_limit', id }));
  }

  private indexPosition(row: PositionRow): void {
    const id = String(row.id);
    const key = `margin:${id}`;
    this.unindex(key);
    const long = row.direction === 'long';
    const add = (kind: TriggerKind, side: 'below' | 'above', level: string | null) => {
      if (level !== null) this.track(key, this.index.add(row.code, side, fmt(level), { kind, id }));
    };
    if (row.status === 'waiting') {
      add('entry', long ? 'below' : 'above', row.limitPrice);
      return;
    }
    add('stop_loss', long ? 'below' : 'above', row.stopLoss);
    add('take_profit', long ? 'above' : 'below', row.takeProfit);
    add('liquidation', long ? 'below' : 'above', row.liquidationPrice);
    if (!row.marginCalled) add('margin_call', long ? 'below' : 'above', row.marginCallPrice);
  }

  private expiryHeap(code: string): Heap<Expiry> {
    let heap = this.expiries.get(code);
    if (!heap) {
      heap = new Heap((a, b) => a.expiry < b.expiry);
      this.expiries.set(code, heap);
    }
    return heap;
  }

  private indexOption(row: OptionRow): void {
    this.expiryHeap(row.code).push({ id: String(row.id), code: row.code, expiry: row.expiryTime.getTime() });
  }

  // ---- shared helpers -------------------------------------------------------------------------------------

  private market(code: string, product: 'spot' | 'margin' | 'options'): MarketRecord {
    const market = this.markets.find(code);
    if (!market) throw new AppError(product === 'options' ? '10014' : '11030');
    const offered =
      product === 'spot'
        ? market.spotTradable
        : product === 'margin'
          ? market.marginTradable
          : market.optionsTradable;
    if (!offered) throw new AppError(product === 'options' ? '10014' : '11067');
    return market;
  }

  /** The price to trade at now: the market must be in session and have a published price. */
  private tradableTick(market: MarketRecord): FeedTick {
    if (!this.markets.isOpen(market.code, this.now())) throw new AppError('10015');
    const tick = this.markets.latestTick(market.code);
    if (!tick) throw new AppError('10015');
    return tick;
  }

  private feeRate(): Decimal {
    return money(this.params.getDecimal('trade_fee_rate'));
  }

  private async receipt(
    tx: Tx,
    values: {
      kind: 'spot' | 'margin' | 'option';
      recordId: bigint;
      userId: bigint;
      mode: AccountMode;
      event: string;
      code: string;
      requestedPrice: string | null;
      fillPrice: string;
      tick: FeedTick;
      journalIds: string[];
    },
  ): Promise<void> {
    const { tick, ...rest } = values;
    await tx.insert(tradingReceipts).values({
      ...rest,
      tickPrice: tick.price,
      tickTime: new Date(tick.time),
      tickSeq: tick.seq,
    });
  }

  private publish(userId: bigint | string, event: { type: string } & Record<string, unknown>): void {
    try {
      this.events.publishAccountEvent(String(userId), event);
    } catch (error) {
      this.log.error({ err: error }, 'account event could not be published');
    }
  }

  /**
   * Stores the notification of an event the customer did not see happen, in the event's own transaction: it
   * exists exactly when the event committed. Params are plain values (decimal strings, codes) the client
   * renders into `notifications.<kind>.title/body` in the customer's language.
   */
  private async storeNotice(
    tx: Tx,
    userId: bigint | string,
    kind: string,
    params: NotificationParams,
    reference: { type: string; id: string },
  ): Promise<StoredNotice | undefined> {
    if (!this.notifications) return undefined;
    return this.notifications.create(tx, String(userId), {
      kind,
      titleKey: `notifications.${kind}.title`,
      bodyKey: `notifications.${kind}.body`,
      params,
      reference,
    });
  }

  /** Pushes a stored notification to the customer's open sockets; call only after its transaction committed. */
  private pushNotice(notice: StoredNotice | undefined): void {
    if (!notice || !this.notifications) return;
    try {
      this.notifications.publish(notice);
    } catch (error) {
      this.log.error({ err: error }, 'notification could not be pushed');
    }
  }

  // ---- spot -----------------------------------------------------------------------------------------------

  async submitSpot(customer: Customer, body: SpotSubmitBody): Promise<SpotOrder> {
    const market = this.market(body.code, 'spot');
    if ((body.orderType === 'limit') !== (body.price !== undefined)) throw new AppError('11066');
    const quantity = money(body.quantity);
    if (quantity.lte(0)) throw new AppError('10016');
    const tick = this.tradableTick(market);
    const feeRate = this.feeRate();
    const coin = market.baseAsset;
    const { userId, mode } = customer;

    if (body.orderType === 'limit') {
      const limit = money(body.price!);
      if (limit.lte(0)) throw new AppError('11066');
      // A buy holds its worst-case cost and fee; a sell holds the coin.
      const heldCurrency = body.side === 'buy' ? 'USDT' : coin;
      const heldAmount = body.side === 'buy' ? up(quantity.times(limit).times(feeRate.plus(1))) : quantity;
      if (heldAmount.lte(0)) throw new AppError('10016');
      // The fill at the limit must be possible at all (not too small to cover its fee): checked now, not at the fill.
      this.spotLegs(customer, coin, body.side, quantity, limit, feeRate, heldAmount);
      const row = await this.db.transaction(async (tx) => {
        const [order] = await tx
          .insert(tradingSpotOrders)
          .values({
            userId: BigInt(userId),
            mode,
            code: market.code,
            side: body.side,
            orderType: 'limit',
            quantity: fmt(quantity),
            limitPrice: fmt(limit),
            status: 'pending',
            heldAmount: fmt(heldAmount),
            heldCurrency,
          })
          .returning();
        await this.ledger.hold(tx, {
          userId,
          mode,
          currency: heldCurrency,
          amount: fmt(heldAmount),
          type: 'spot_order_hold',
          reference: { type: 'spot_order', id: String(order!.id) },
        });
        return order!;
      });
      this.indexSpot(row);
      this.announce('spot', row.id);
      // A limit already crossed by the current price fills at once, at that price (the tick that reaches it).
      if (body.side === 'buy' ? money(tick.price).lte(limit) : money(tick.price).gte(limit)) {
        this.unindex(`spot:${row.id}`);
        await this.fillSpotLimit(String(row.id), tick);
        return this.spotView((await this.spotRow(customer, String(row.id)))!);
      }
      return this.spotView(row);
    }

    const price = money(tick.price);
    const { legs, cost, fee } = this.spotLegs(customer, coin, body.side, quantity, price, feeRate, undefined);
    const row = (await this.marketFills.load({
      kind: 'spot',
      customer,
      tick,
      legs,
      memo: `${body.side === 'buy' ? 'Buy' : 'Sell'} ${fmt(quantity)} ${coin} at ${tick.price}, value ${fmt(cost)} USDT`,
      fee,
      values: {
        userId: BigInt(userId),
        mode,
        code: market.code,
        side: body.side,
        orderType: 'market',
        quantity: fmt(quantity),
        status: 'filled',
        fillPrice: tick.price,
        fee: fmt(fee),
        filledAt: new Date(this.now()),
      },
    })) as SpotRow;
    this.publish(userId, {
      type: 'order_filled',
      kind: 'spot',
      mode,
      id: String(row.id),
      code: row.code,
      price: tick.price,
    });
    return this.spotView(row);
  }

  /**
   * The legs of a spot fill. `held`: the USDT (buy) or coin (sell) a limit order holds, paid out of held funds
   * with the unused rest returned to available.
   */
  private spotLegs(
    customer: Customer,
    coin: string,
    side: 'buy' | 'sell',
    quantity: Decimal,
    price: Decimal,
    feeRate: Decimal,
    held: Decimal | undefined,
  ): { legs: Leg[]; cost: Decimal; fee: Decimal } {
    const { userId, mode } = customer;
    const usdt = customerAccount(userId, mode, 'USDT');
    const heldUsdt = customerAccount(userId, mode, 'USDT', 'customer_held');
    const coinAvailable = customerAccount(userId, mode, coin);
    const coinHeld = customerAccount(userId, mode, coin, 'customer_held');
    const trading = (currency: string) => platformAccount('platform_trading', currency, mode);
    const fees = platformAccount('platform_fees', 'USDT', mode);
    const legs: Leg[] = [];
    const push = (account: AccountRef, amount: Decimal) => {
      if (!amount.isZero()) legs.push({ account, amount: fmt(amount) });
    };
    if (side === 'buy') {
      const cost = up(quantity.times(price));
      // A limit order is held to the fee it was placed under: a later rise of the fee rate cannot take more
      // than it holds.
      const fee = held ? Decimal.min(up(cost.times(feeRate)), held.minus(cost)) : up(cost.times(feeRate));
      if (cost.lte(0) || fee.isNegative()) throw new AppError('10016');
      if (held) {
        push(heldUsdt, held.neg());
        push(usdt, held.minus(cost).minus(fee));
      } else {
        push(usdt, cost.plus(fee).neg());
      }
      push(trading('USDT'), cost);
      push(fees, fee);
      push(trading(coin), quantity.neg());
      push(coinAvailable, quantity);
      return { legs, cost, fee };
    }
    const cost = down(quantity.times(price));
    const fee = up(cost.times(feeRate));
    if (cost.lte(0) || fee.gte(cost)) throw new AppError('10016');
    push(held ? coinHeld : coinAvailable, quantity.neg());
    push(trading(coin), quantity);
    push(trading('USDT'), cost.neg());
    push(usdt, cost.minus(fee));
    push(fees, fee);
    return { legs, cost, fee };
  }

  private async fillSpotLimit(id: string, tick: FeedTick): Promise<void> {
    let notice: StoredNotice | undefined;
    const done = await this.db.transaction(async (tx) => {
      const [order] = await tx
        .update(tradingSpotOrders)
        .set({ status: 'filled', fillPrice: tick.price, filledAt: new Date(this.now()) })
        .where(and(eq(tradingSpotOrders.id, BigInt(id)), eq(tradingSpotOrders.status, 'pending')))
        .returning();
      if (!order) return undefined;
      const market = this.markets.find(order.code)!;
      const customer = { userId: String(order.userId), mode: order.mode };
      const { legs, fee } = this.spotLegs(
        customer,
        market.baseAsset,
        order.side,
        money(order.quantity),
        money(tick.price),
        this.feeRate(),
        money(order.heldAmount!),
      );
      await tx
        .update(tradingSpotOrders)
        .set({ fee: fmt(fee) })
        .where(eq(tradingSpotOrders.id, order.id));
      const { journalId } = await this.ledger.transfer(tx, {
        type: 'spot_trade',
        reference: { type: 'spot_order', id },
        memo: `Limit ${order.side} ${fmt(order.quantity)} ${market.baseAsset} filled at ${tick.price}`,
        legs,
      });
      await this.rewardInviter(tx, customer, fee, { type: 'spot_order', id }, 'fill');
      notice = await this.storeNotice(
        tx,
        order.userId,
        'spot.limit_filled',
        {
          mode: order.mode,
          code: order.code,
          side: order.side,
          quantity: fmt(order.quantity),
          coin: market.baseAsset,
          limitPrice: fmt(order.limitPrice!),
          price: fmt(tick.price),
          value: fmt(money(order.quantity).times(tick.price)),
          fee: fmt(fee),
        },
        { type: 'spot_order', id },
      );
      await this.receipt(tx, {
        kind: 'spot',
        recordId: order.id,
        userId: order.userId,
        mode: order.mode,
        event: 'fill',
        code: order.code,
        requestedPrice: order.limitPrice,
        fillPrice: tick.price,
        tick,
        journalIds: [journalId],
      });
      return order;
    });
    if (done) {
      this.announce('spot', id);
      this.publish(done.userId, {
        type: 'order_filled',
        kind: 'spot',
        mode: done.mode,
        id,
        code: done.code,
        price: tick.price,
      });
      this.pushNotice(notice);
    }
  }

  async cancelSpot(customer: Customer, id: string): Promise<SpotOrder> {
    const row = await this.db.transaction(async (tx) => {
      const [order] = await tx
        .update(tradingSpotOrders)
        .set({ status: 'cancelled', cancelledAt: new Date(this.now()) })
        .where(
          and(
            eq(tradingSpotOrders.id, BigInt(id)),
            ownedBy(tradingSpotOrders, customer),
            eq(tradingSpotOrders.status, 'pending'),
          ),
        )
        .returning();
      if (!order) {
        const existing = await this.spotRow(customer, id, tx);
        throw new AppError(existing ? '11065' : '11064');
      }
      await this.ledger.release(tx, {
        userId: customer.userId,
        mode: customer.mode,
        currency: order.heldCurrency!,
        amount: fmt(order.heldAmount!),
        type: 'spot_order_release',
        reference: { type: 'spot_order', id },
      });
      return order;
    });
    this.unindex(`spot:${id}`);
    this.announce('spot', id);
    return this.spotView(row);
  }

  private async spotRow(
    customer: Customer,
    id: string,
    reader: Db | Tx = this.db,
  ): Promise<SpotRow | undefined> {
    const [row] = await reader
      .select()
      .from(tradingSpotOrders)
      .where(and(eq(tradingSpotOrders.id, BigInt(id)), ownedBy(tradingSpotOrders, customer)));
    return row;
  }

  async listSpot(customer: Customer, statuses?: SpotOrder['status'][]): Promise<SpotOrder[]> {
    const rows = await this.db
      .select()
      .from(tradingSpotOrders)
      .where(
        and(
          ownedBy(tradingSpotOrders, customer),
          statuses?.length ? inArray(tradingSpotOrders.status, statuses) : undefined,
        ),
      )
      .orderBy(desc(tradingSpotOrders.id))
      .limit(200);
    return rows.map((row) => this.spotView(row));
  }

  private spotView(row: SpotRow): SpotOrder {
    return {
      id: String(row.id),
      code: row.code,
      side: row.side,
      orderType: row.orderType,
      quantity: fmt(row.quantity),
      price: row.limitPrice === null ? null : fmt(row.limitPrice),
      status: row.status,
      fillPrice: row.fillPrice === null ? null : fmt(row.fillPrice),
      fee: row.fee === null ? null : fmt(row.fee),
      value: row.fillPrice === null ? null : fmt(money(row.quantity).times(row.fillPrice)),
      createdAt: row.createdAt.toISOString(),
      filledAt: row.filledAt?.toISOString() ?? null,
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
    };
  }

  // ---- margin ---------------------------------------------------------------------------------------------

  /** Checks an order and computes its terms at the entry price (the latest tick, or the limit price). */
  private marginPlan(customer: Customer, body: MarginQuoteBody) {
    const market = this.market(body.code, 'margin');
    if ((body.orderType === 'limit') !== (body.price !== undefined)) throw new AppError('11066');
    const lots = money(body.lots);
    if (lots.lte(0)) throw new AppError('10016');
    const cap = this.params.getInteger(leverageCapKey[market.type as keyof typeof leverageCapKey]);
    const capped = market.type !== 2 || customer.mode === 'real';
    if (!market.leverages.includes(body.leverage) || (capped && body.leverage > cap))
      throw new AppError('11060');
    const tick = this.tradableTick(market);
    const price = body.orderType === 'limit' ? money(body.price!) : money(tick.price);
    if (price.lte(0)) throw new AppError('11066');
    const feeRate = this.feeRate();
    const contractSize = money(market.contractSize);
    const terms = marginTerms(lots, contractSize, price, body.leverage, feeRate);
    if (terms.margin.lte(0)) throw new AppError('10016');
    const maintenanceRate = money(this.params.getDecimal('maintenance_margin_rate'));
    const marginCallRate = money(this.params.getDecimal('margin_call_rate'));
    const direction = body.direction as Direction;
    const liquidationPrice = equityLevel(direction, price, terms.margin, terms.quantity, maintenanceRate);
    const stopLoss = body.stopLoss === undefined ? undefined : money(body.stopLoss);
    const takeProfit = body.takeProfit === undefined ? undefined : money(body.takeProfit);
    validateExits(direction, price, liquidationPrice, stopLoss, takeProfit);
    const expectedReturn =
      takeProfit === undefined
        ? null
        : settle(direction, price, takeProfit, terms.quantity, terms.margin, terms.fee, feeRate).profit;
    return {
      market,
      tick,
      price,
      feeRate,
      lots,
      terms,
      direction,
      maintenanceRate,
      marginCallRate,
      liquidationPrice,
      stopLoss,
      takeProfit,
      expectedReturn,
    };
  }

  async quoteMargin(customer: Customer, body: MarginQuoteBody): Promise<MarginQuote> {
    const plan = this.marginPlan(customer, body);
    const expiresAt = new Date(this.now() + this.params.getInteger('quote_ttl_seconds') * 1000);
    const quoteId = crypto.randomUUID();
    await this.db.insert(tradingQuotes).values({
      id: quoteId,
      userId: BigInt(customer.userId),
      mode: customer.mode,
      request: quoteKey(body),
      price: fmt(plan.price),
      feeRate: fmt(plan.feeRate),
      requiredMargin: fmt(plan.terms.margin),
      fee: fmt(plan.terms.fee),
      expiresAt,
    });
    return {
      quoteId,
      price: fmt(plan.price),
      requiredMargin: fmt(plan.terms.margin),
      fee: fmt(plan.terms.fee),
      feeRate: fmt(plan.feeRate),
      liquidationPrice: fmt(Decimal.max(plan.liquidationPrice, 0)),
      expectedReturn: plan.expectedReturn === null ? null : fmt(plan.expectedReturn),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** Refuses with 11007 when the confirmed quote is gone, for another order, or its terms no longer hold. */
  private async checkQuote(
    customer: Customer,
    body: BuyUBody,
    plan: ReturnType<TradingService['marginPlan']>,
  ) {
    const [quote] = await this.db
      .select()
      .from(tradingQuotes)
      .where(and(eq(tradingQuotes.id, body.quoteId!), ownedBy(tradingQuotes, customer)));
    const { quoteId: _quoteId, ...order } = body;
    if (!quote || quote.expiresAt.getTime() < this.now() || quote.request !== quoteKey(order)) {
      throw new AppError('11007', 'The quote expired or was for another order, please review the new quote');
    }
    if (!money(quote.feeRate).eq(plan.feeRate))
      throw new AppError('11007', 'The trading fee changed, please review the new quote');
    const quoted = money(quote.price);
    // The `quote_price_tolerance` parameter: how far the price may move before the order is re-quoted.
    const tolerance = money(this.params.getDecimal('quote_price_tolerance'));
    if (plan.price.minus(quoted).abs().gt(quoted.times(tolerance))) {
      throw new AppError('11007', 'The price moved, please review the new quote');
    }
  }

  async buyMargin(customer: Customer, body: BuyUBody): Promise<Position> {
    const { quoteId: _q, ...order } = body;
    const plan = this.marginPlan(customer, order);
    if (body.quoteId !== undefined) await this.checkQuote(customer, body, plan);
    const opening: MarginOrder = { customer, body, plan, at: new Date(this.now()) };
    if (body.orderType === 'market') {
      const { userId, mode } = customer;
      const { margin, fee } = plan.terms;
      const legs: Leg[] = [
        { account: customerAccount(userId, mode, 'USDT'), amount: fmt(margin.plus(fee).neg()) },
        { account: customerAccount(userId, mode, 'USDT', 'customer_held'), amount: fmt(margin) },
      ];
      if (fee.gt(0)) legs.push({ account: platformAccount('platform_fees', 'USDT', mode), amount: fmt(fee) });
      const row = (await this.marketFills.load({
        kind: 'margin',
        customer,
        tick: plan.tick,
        legs,
        memo: marginMemo(opening),
        fee,
        order: opening,
      })) as PositionRow;
      this.indexPosition(row);
      this.announce('margin', row.id);
      this.publish(customer.userId, {
        type: 'order_filled',
        kind: 'margin',
        mode: customer.mode,
        id: String(row.id),
        code: row.code,
        price: plan.tick.price,
      });
      return this.positionView(row);
    }

    // A limit entry: margin and fee are both held until the entry fills or is cancelled.
    const { userId, mode } = customer;
    const { terms } = plan;
    const row = await this.db.transaction(async (tx) => {
      const [position] = await tx.insert(tradingPositions).values(this.newPosition(opening)).returning();
      await this.ledger.transfer(tx, {
        type: 'margin_entry_hold',
        reference: { type: 'margin_position', id: String(position!.id) },
        memo: marginMemo(opening),
        legs: [
          { account: customerAccount(userId, mode, 'USDT'), amount: fmt(terms.margin.plus(terms.fee).neg()) },
          {
            account: customerAccount(userId, mode, 'USDT', 'customer_held'),
            amount: fmt(terms.margin.plus(terms.fee)),
          },
        ],
      });
      return position!;
    });
    this.indexPosition(row);
    this.announce('margin', row.id);
    const { tick, direction, price } = plan;
    if (direction === 'long' ? money(tick.price).lte(price) : money(tick.price).gte(price)) {
      // The limit is already reached by the current price: it opens now, at that price.
      this.unindex(`margin:${row.id}`);
      await this.fillEntry(String(row.id), tick);
      return this.positionView((await this.positionRow(customer, String(row.id)))!);
    }
    return this.positionView(row);
  }

  /** The row of a new position, open at the plan's price for a market order, waiting for a limit one. */
  private newPosition({ customer, body, plan, at }: MarginOrder): typeof tradingPositions.$inferInsert {
    const limit = body.orderType === 'limit';
    const { market, tick, terms } = plan;
    return {
      userId: BigInt(customer.userId),
      mode: customer.mode,
      code: market.code,
      direction: plan.direction,
      lots: fmt(plan.lots),
      leverage: body.leverage,
      contractSize: market.contractSize,
      orderType: body.orderType,
      limitPrice: limit ? fmt(plan.price) : null,
      openPrice: limit ? null : tick.price,
      stopLoss: plan.stopLoss ? fmt(plan.stopLoss) : null,
      takeProfit: plan.takeProfit ? fmt(plan.takeProfit) : null,
      margin: fmt(terms.margin),
      openFee: fmt(terms.fee),
      maintenanceRate: fmt(plan.maintenanceRate),
      marginCallRate: fmt(plan.marginCallRate),
      liquidationPrice: limit ? null : fmt(plan.liquidationPrice),
      marginCallPrice: limit
        ? null
        : fmt(equityLevel(plan.direction, plan.price, terms.margin, terms.quantity, plan.marginCallRate)),
      status: limit ? 'waiting' : 'open',
      openTime: limit ? null : at,
    };
  }

  /**
   * Market orders (margin opens and spot fills) that arrived together, filled in one transaction: one
   * statement locks every customer's balance, one inserts the records the ledger accepted (per kind), one
   * posts their entries and one stores their receipts, where one transaction per order would cost all of
   * that per order. Each order is still decided on its own: one refused for funds (10011) is answered alone
   * and the others fill. Should the shared transaction fail as a whole (a deadlock with another transaction,
   * say), each order is retried in a transaction of its own, so one order's trouble is never another's.
   */
  private async fillAtMarket(fills: readonly MarketFill[]): Promise<(PositionRow | SpotRow | Error)[]> {
    let decided = false;
    try {
      return await this.db.transaction(async (tx) => {
        const outcomes = await this.fillAtMarketIn(tx, fills);
        decided = true;
        return outcomes;
      });
    } catch (error) {
      // A failure at commit leaves it unknown whether the orders filled: never run them a second time.
      if (decided || fills.length === 1) throw error;
      this.log.warn({ err: error, orders: fills.length }, 'batched market orders retried one by one');
      return Promise.all(
        fills.map((fill) =>
          this.db
            .transaction((tx) => this.fillAtMarketIn(tx, [fill]))
            .then(
              ([outcome]) => outcome!,
              (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
            ),
        ),
      );
    }
  }

  private async fillAtMarketIn(
    tx: Tx,
    fills: readonly MarketFill[],
  ): Promise<(PositionRow | SpotRow | AppError)[]> {
    const requests = fills.map((fill) => ({
      type: fill.kind === 'margin' ? 'margin_open' : 'spot_trade',
      reference: { type: fill.kind === 'margin' ? 'margin_position' : 'spot_order', id: '' },
      memo: fill.memo,
      legs: fill.legs,
    }));
    const rows = new Map<number, PositionRow | SpotRow>();
    const outcomes = await this.ledger.transferMany(tx, requests, async (accepted) => {
      const margin = accepted.filter((i) => fills[i]!.kind === 'margin');
      const spot = accepted.filter((i) => fills[i]!.kind === 'spot');
      const inserted: [number[], (PositionRow | SpotRow)[]][] = [];
      if (margin.length > 0) {
        const values = margin.map((i) => this.newPosition((fills[i] as MarginFill).order));
        inserted.push([margin, await insertRows(tx, tradingPositions, values)]);
      }
      if (spot.length > 0) {
        const values = spot.map((i) => (fills[i] as SpotFill).values);
        inserted.push([spot, await insertRows(tx, tradingSpotOrders, values)]);
      }
      for (const [indexes, records] of inserted) {
        indexes.forEach((i, k) => {
          const row = records[k]!;
          // PostgreSQL returns a multi-row insert's rows in the order of its values; checked, not assumed.
          if (String(row.userId) !== fills[i]!.customer.userId || row.code !== fills[i]!.tick.code)
            throw new Error('trading: inserted orders came back out of order');
          rows.set(i, row);
          requests[i]!.reference.id = String(row.id);
        });
      }
      // The receipts are written in the ledger's own statement (one round trip fewer): each names the journal
      // that statement writes for its order.
      const receipts = JSON.stringify(
        accepted.map((i) => {
          const row = rows.get(i)!;
          const { customer, tick, kind } = fills[i]!;
          return {
            n: i,
            kind,
            record_id: String(row.id),
            user_id: String(row.userId),
            mode: customer.mode,
            event: kind === 'margin' ? 'open' : 'fill',
            code: row.code,
            price: tick.price,
            tick_time: new Date(tick.time).toISOString(),
            tick_seq: tick.seq,
          };
        }),
      );
      return sql`
        insert into ${tradingReceipts}
          (kind, record_id, user_id, mode, event, code, requested_price, fill_price, tick_price, tick_time, tick_seq,
           journal_ids)
        select r.kind, r.record_id, r.user_id, r.mode, r.event, r.code, null, r.price, r.price, r.tick_time,
               r.tick_seq, jsonb_build_array(w.journal_id::text)
        from json_to_recordset(${receipts}::json)
             as r(n int, kind text, record_id bigint, user_id bigint, mode text, event text, code text,
                  price numeric, tick_time timestamptz, tick_seq bigint)
        join written w on w.n = r.n`;
    });
    const filled = [...rows.keys()];
    // The inviters' shares of the fees, all in one go (invite-friends programme; real accounts only).
    await this.invites?.rewardForFees(
      tx,
      filled.map((i) => ({
        friendUserId: fills[i]!.customer.userId,
        mode: fills[i]!.customer.mode,
        currency: 'USDT',
        fee: fmt(fills[i]!.fee),
        reference: { type: requests[i]!.reference.type, id: String(rows.get(i)!.id) },
        occasion: fills[i]!.kind === 'margin' ? 'open' : 'fill',
      })),
    );
    return outcomes.map((outcome, i) => (outcome instanceof AppError ? outcome : rows.get(i)!));
  }

  /** A waiting limit entry reached by the feed: opens at the tick's price with the quoted margin and fee. */
  private async fillEntry(id: string, tick: FeedTick): Promise<void> {
    let notice: StoredNotice | undefined;
    const opened = await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(tradingPositions)
        .where(and(eq(tradingPositions.id, BigInt(id)), eq(tradingPositions.status, 'waiting')))
        .for('update');
      if (!current) return undefined;
      const openPrice = money(tick.price);
      const direction = current.direction;
      const margin = money(current.margin);
      const quantity = money(current.lots).times(current.contractSize);
      const [position] = await tx
        .update(tradingPositions)
        .set({
          status: 'open',
          openPrice: tick.price,
          openTime: new Date(this.now()),
          liquidationPrice: fmt(
            equityLevel(direction, openPrice, margin, quantity, money(current.maintenanceRate)),
          ),
          marginCallPrice: fmt(
            equityLevel(direction, openPrice, margin, quantity, money(current.marginCallRate)),
          ),
        })
        .where(eq(tradingPositions.id, current.id))
        .returning();
      const userId = String(current.userId);
      const journalIds: string[] = [];
      if (money(current.openFee).gt(0)) {
        const { journalId } = await this.ledger.settleHeld(tx, {
          userId,
          mode: current.mode,
          currency: 'USDT',
          to: [
            { account: platformAccount('platform_fees', 'USDT', current.mode), amount: fmt(current.openFee) },
          ],
          type: 'margin_open',
          reference: { type: 'margin_position', id },
          memo: `Limit entry filled at ${tick.price}: opening fee`,
        });
        journalIds.push(journalId);
        await this.rewardInviter(
          tx,
          { userId, mode: current.mode },
          money(current.openFee),
          { type: 'margin_position', id },
          'open',
        );
      }
      notice = await this.storeNotice(
        tx,
        current.userId,
        'margin.entry_opened',
        {
          mode: current.mode,
          code: current.code,
          direction,
          lots: fmt(current.lots),
          leverage: current.leverage,
          limitPrice: fmt(current.limitPrice!),
          price: fmt(tick.price),
          margin: fmt(margin),
          fee: fmt(current.openFee),
          liquidationPrice: fmt(Decimal.max(money(position!.liquidationPrice!), 0)),
        },
        { type: 'margin_position', id },
      );
      await this.receipt(tx, {
        kind: 'margin',
        recordId: current.id,
        userId: current.userId,
        mode: current.mode,
        event: 'open',
        code: current.code,
        requestedPrice: current.limitPrice,
        fillPrice: tick.price,
        tick,
        journalIds,
      });
      return position!;
    });
    if (!opened) return;
    this.indexPosition(opened);
    this.announce('margin', id);
    this.publish(opened.userId, {
      type: 'order_filled',
      kind: 'margin',
      mode: opened.mode,
      id,
      code: opened.code,
      price: tick.price,
    });
    this.pushNotice(notice);
    // A gap can open the position beyond its own stop loss: the same tick then closes it, by the same rule.
    for (const trigger of this.index.crossed(tick.code, tick.price)) {
      this.forget(trigger);
      this.enqueue({ trigger: trigger.payload, tick });
    }
  }

  /** The customer closes an open position at the current feed price, or cancels a waiting entry. */
  async closeMargin(customer: Customer, id: string): Promise<Position> {
    const row = await this.positionRow(customer, id);
    if (!row) throw new AppError('11064');
    if (row.status === 'waiting') return this.cancelEntry(customer, row);
    if (row.status !== 'open') throw new AppError('11065');
    const market = this.markets.find(row.code)!;
    const tick = this.tradableTick(market);
    const closed = await this.closePosition(id, 'customer', tick, customer);
    if (!closed) throw new AppError('11065');
    return this.positionView(closed);
  }

  private async cancelEntry(customer: Customer, row: PositionRow): Promise<Position> {
    const id = String(row.id);
    const cancelled = await this.db.transaction(async (tx) => {
      const [position] = await tx
        .update(tradingPositions)
        .set({ status: 'cancelled', closeTime: new Date(this.now()), closeReason: 'customer' })
        .where(and(eq(tradingPositions.id, row.id), eq(tradingPositions.status, 'waiting')))
        .returning();
      if (!position) throw new AppError('11065');
      await this.ledger.release(tx, {
        userId: customer.userId,
        mode: customer.mode,
        currency: 'USDT',
        amount: fmt(money(position.margin).plus(position.openFee)),
        type: 'margin_entry_release',
        reference: { type: 'margin_position', id },
      });
      return position;
    });
    this.unindex(`margin:${id}`);
    this.announce('margin', id);
    return this.positionView(cancelled);
  }

  private async closeByRule(id: string, reason: 'stop_loss' | 'take_profit' | 'liquidation', tick: FeedTick) {
    await this.closePosition(id, reason, tick);
  }

  /**
   * Closes an open position at the tick: one transaction with the status change, the settlement entries and
   * the receipt. Returns undefined when it was no longer open (closed by another path first).
   */
  private async closePosition(
    id: string,
    reason: 'customer' | 'stop_loss' | 'take_profit' | 'liquidation',
    tick: FeedTick,
    owner?: Customer,
  ): Promise<PositionRow | undefined> {
    const feeRate = this.feeRate();
    let notice: StoredNotice | undefined;
    const closed = await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(tradingPositions)
        .where(
          and(
            eq(tradingPositions.id, BigInt(id)),
            eq(tradingPositions.status, 'open'),
            owner ? eq(tradingPositions.userId, BigInt(owner.userId)) : undefined,
          ),
        )
        .for('update');
      if (!current) return undefined;
      const margin = money(current.margin);
      const quantity = money(current.lots).times(current.contractSize);
      const result = settle(
        current.direction,
        money(current.openPrice!),
        money(tick.price),
        quantity,
        margin,
        money(current.openFee),
        feeRate,
      );
      const [position] = await tx
        .update(tradingPositions)
        .set({
          status: reason === 'liquidation' ? 'liquidated' : 'closed',
          closeReason: reason,
          closePrice: tick.price,
          closeFee: fmt(result.closeFee),
          profit: fmt(result.profit),
          closeTime: new Date(this.now()),
        })
        .where(eq(tradingPositions.id, current.id))
        .returning();
      const { userId, mode } = { userId: String(current.userId), mode: current.mode };
      const legs: Leg[] = [
        { account: customerAccount(userId, mode, 'USDT', 'customer_held'), amount: fmt(margin.neg()) },
      ];
      if (result.payout.gt(0))
        legs.push({ account: customerAccount(userId, mode, 'USDT'), amount: fmt(result.payout) });
      if (result.closeFee.gt(0))
        legs.push({ account: platformAccount('platform_fees', 'USDT', mode), amount: fmt(result.closeFee) });
      if (!result.pnl.isZero())
        legs.push({
          account: platformAccount('platform_trading', 'USDT', mode),
          amount: fmt(result.pnl.neg()),
        });
      const { journalId } = await this.ledger.transfer(tx, {
        type: reason === 'liquidation' ? 'margin_liquidation' : 'margin_close',
        reference: { type: 'margin_position', id },
        memo: `${closeMemo[reason]} at ${tick.price}: result ${fmt(result.pnl)}, fee ${fmt(result.closeFee)} USDT`,
        legs,
      });
      await this.rewardInviter(
        tx,
        { userId, mode },
        result.closeFee,
        { type: 'margin_position', id },
        'close',
      );
      // A close the customer clicked is answered on the spot; one by rule happened while they were away.
      if (reason !== 'customer') {
        const level =
          reason === 'stop_loss'
            ? current.stopLoss!
            : reason === 'take_profit'
              ? current.takeProfit!
              : Decimal.max(money(current.liquidationPrice!), 0);
        notice = await this.storeNotice(
          tx,
          current.userId,
          reason === 'liquidation' ? 'margin.liquidated' : `margin.${reason}`,
          {
            mode,
            code: current.code,
            direction: current.direction,
            lots: fmt(current.lots),
            leverage: current.leverage,
            openPrice: fmt(current.openPrice!),
            triggerPrice: fmt(level),
            price: fmt(tick.price),
            fee: fmt(result.closeFee),
            profit: fmt(result.profit),
          },
          { type: 'margin_position', id },
        );
      }
      await this.receipt(tx, {
        kind: 'margin',
        recordId: current.id,
        userId: current.userId,
        mode,
        event: reason === 'customer' ? 'close' : reason,
        code: current.code,
        requestedPrice:
          reason === 'stop_loss'
            ? current.stopLoss
            : reason === 'take_profit'
              ? current.takeProfit
              : reason === 'liquidation'
                ? current.liquidationPrice
                : null,
        fillPrice: tick.price,
        tick,
        journalIds: [journalId],
      });
      return position!;
    });
    if (closed) {
      this.unindex(`margin:${id}`);
      this.announce('margin', id);
      this.publish(closed.userId, {
        type: reason === 'liquidation' ? 'position_liquidated' : 'position_closed',
        kind: 'margin',
        mode: closed.mode,
        id,
        code: closed.code,
        reason,
        price: tick.price,
        profit: fmt(closed.profit!),
      });
      this.pushNotice(notice);
    }
    return closed;
  }

  private async marginCall(id: string, tick: FeedTick): Promise<void> {
    // The flag and the customer's notification commit together: a margin call is noted once, or not at all.
    const called = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(tradingPositions)
        .set({ marginCalled: true })
        .where(
          and(
            eq(tradingPositions.id, BigInt(id)),
            eq(tradingPositions.status, 'open'),
            eq(tradingPositions.marginCalled, false),
          ),
        )
        .returning();
      if (!row) return undefined;
      const quantity = money(row.lots).times(row.contractSize);
      const equity = money(row.margin).plus(
        unrealised(row.direction, money(row.openPrice!), money(tick.price), quantity),
      );
      const notice = await this.storeNotice(
        tx,
        row.userId,
        'margin.margin_call',
        {
          mode: row.mode,
          code: row.code,
          direction: row.direction,
          lots: fmt(row.lots),
          leverage: row.leverage,
          price: fmt(tick.price),
          equity: fmt(equity),
          margin: fmt(row.margin),
          liquidationPrice: fmt(Decimal.max(money(row.liquidationPrice!), 0)),
        },
        { type: 'margin_position', id },
      );
      return { row, equity, notice };
    });
    if (!called) return;
    const { row, equity, notice } = called;
    this.publish(row.userId, {
      type: 'margin_call',
      kind: 'margin',
      mode: row.mode,
      id,
      code: row.code,
      price: tick.price,
      equity: fmt(equity),
      margin: fmt(row.margin),
      liquidationPrice: fmt(row.liquidationPrice!),
    });
    this.pushNotice(notice);
  }

  async modifyMargin(customer: Customer, body: ModifyUBody): Promise<Position> {
    const row = await this.positionRow(customer, body.id);
    if (!row) throw new AppError('11064');
    if (row.status !== 'open' && row.status !== 'waiting') throw new AppError('11065');
    const pick = (sent: string | undefined, stored: string | null) =>
      sent === undefined
        ? stored === null
          ? undefined
          : money(stored)
        : sent === ''
          ? undefined
          : money(sent);
    const stopLoss = pick(body.stopLoss, row.stopLoss);
    const takeProfit = pick(body.takeProfit, row.takeProfit);
    const quantity = money(row.lots).times(row.contractSize);
    const margin = money(row.margin);
    if (row.status === 'open') {
      // Exits must be on the right side of the current price (not the entry), so none fires on the spot.
      const tick = this.markets.latestTick(row.code);
      const reference = money(tick?.price ?? row.openPrice!);
      validateExits(row.direction, reference, money(row.liquidationPrice!), stopLoss, takeProfit);
    } else {
      const entry = money(row.limitPrice!);
      validateExits(
        row.direction,
        entry,
        equityLevel(row.direction, entry, margin, quantity, money(row.maintenanceRate)),
        stopLoss,
        takeProfit,
      );
    }
    const [updated] = await this.db
      .update(tradingPositions)
      .set({ stopLoss: stopLoss ? fmt(stopLoss) : null, takeProfit: takeProfit ? fmt(takeProfit) : null })
      .where(and(eq(tradingPositions.id, row.id), eq(tradingPositions.status, row.status)))
      .returning();
    if (!updated) throw new AppError('11065');
    this.indexPosition(updated);
    this.announce('margin', updated.id);
    return this.positionView(updated);
  }

  private async positionRow(customer: Customer, id: string): Promise<PositionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(tradingPositions)
      .where(and(eq(tradingPositions.id, BigInt(id)), ownedBy(tradingPositions, customer)));
    return row;
  }

  async listMargin(customer: Customer, statuses?: Position['status'][]): Promise<Position[]> {
    const rows = await this.db
      .select()
      .from(tradingPositions)
      .where(
        and(
          ownedBy(tradingPositions, customer),
          statuses?.length ? inArray(tradingPositions.status, statuses) : undefined,
        ),
      )
      .orderBy(desc(tradingPositions.id))
      .limit(200);
    return rows.map((row) => this.positionView(row));
  }

  private positionView(row: PositionRow): Position {
    const latest = row.status === 'open' ? this.markets.latestTick(row.code)?.price : undefined;
    const current = latest === undefined ? null : fmt(latest);
    let profit: string | null = row.profit === null ? null : fmt(row.profit);
    if (row.status === 'open' && current !== null) {
      const quantity = money(row.lots).times(row.contractSize);
      const move = unrealised(row.direction, money(row.openPrice!), money(current), quantity);
      profit = fmt(Decimal.max(move, money(row.margin).neg()));
    }
    const opt = (v: string | null) => (v === null ? null : fmt(v));
    return {
      id: String(row.id),
      code: row.code,
      direction: row.direction,
      lots: fmt(row.lots),
      leverage: row.leverage,
      contractSize: fmt(row.contractSize),
      orderType: row.orderType,
      limitPrice: opt(row.limitPrice),
      openPrice: opt(row.openPrice),
      closePrice: opt(row.closePrice),
      currentPrice: current,
      stopLoss: opt(row.stopLoss),
      takeProfit: opt(row.takeProfit),
      margin: fmt(row.margin),
      fee: fmt(row.openFee),
      closeFee: opt(row.closeFee),
      profit,
      liquidationPrice:
        row.liquidationPrice === null ? null : fmt(Decimal.max(money(row.liquidationPrice), 0)),
      marginCallPrice: row.marginCallPrice === null ? null : fmt(Decimal.max(money(row.marginCallPrice), 0)),
      status: row.status,
      closeReason: row.closeReason,
      openTime: row.openTime?.toISOString() ?? null,
      closeTime: row.closeTime?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  // ---- options --------------------------------------------------------------------------------------------

  async buyOption(customer: Customer, body: BuyOptionsBody): Promise<OptionContract> {
    const market = this.market(body.code, 'options');
    // The market's own periods and stake bounds where staff set them, else the global parameters.
    const terms = this.markets.optionTerms(market.code);
    const period = terms.periods.find((p) => p.seconds === body.period);
    if (!period) throw new AppError('10017');
    const amount = money(body.amount);
    const min = money(terms.stakeMin);
    const max = money(terms.stakeMax);
    if (amount.lt(min) || amount.gt(max) || amount.lte(0)) {
      throw new AppError('10016', `Purchase amount incorrect: from ${fmt(min)} to ${fmt(max)} USDT`);
    }
    const tick = this.tradableTick(market);
    const { userId, mode } = customer;
    const openTime = this.now();
    const row = await this.db.transaction(async (tx) => {
      const [contract] = await tx
        .insert(tradingOptions)
        .values({
          userId: BigInt(userId),
          mode,
          code: market.code,
          direction: body.direction,
          amount: fmt(amount),
          period: period.seconds,
          rate: period.rate,
          openPrice: tick.price,
          openSeq: tick.seq,
          openTickTime: new Date(tick.time),
          status: 'open',
          openTime: new Date(openTime),
          expiryTime: new Date(openTime + period.seconds * 1000),
        })
        .returning();
      const id = String(contract!.id);
      const { journalId } = await this.ledger.hold(tx, {
        userId,
        mode,
        currency: 'USDT',
        amount: fmt(amount),
        type: 'option_stake',
        reference: { type: 'option', id },
        memo: `${body.direction} ${market.code} ${period.seconds}s at ${tick.price}, stake ${fmt(amount)} USDT`,
      });
      await this.receipt(tx, {
        kind: 'option',
        recordId: contract!.id,
        userId: BigInt(userId),
        mode,
        event: 'open',
        code: market.code,
        requestedPrice: null,
        fillPrice: tick.price,
        tick,
        journalIds: [journalId],
      });
      return contract!;
    });
    this.indexOption(row);
    this.announce('option', row.id);
    return this.optionView(row);
  }

  /** Settles an expired option at the last tick at or before its expiry; a second call does nothing. */
  private async settleOption(expiry: Expiry): Promise<void> {
    const [row] = await this.db
      .select()
      .from(tradingOptions)
      .where(eq(tradingOptions.id, BigInt(expiry.id)));
    if (!row || row.status !== 'open') return;
    const found = await this.markets.tickAt(row.code, row.expiryTime.getTime());
    // The open tick is the floor: the settlement tick can never be older than the one the contract opened on.
    const tick: FeedTick =
      found && found.seq >= row.openSeq
        ? found
        : { code: row.code, price: fmt(row.openPrice), time: row.openTickTime.getTime(), seq: row.openSeq };
    const outcome = optionOutcome(row.direction, money(row.openPrice), money(tick.price));
    const stake = money(row.amount);
    const winnings = down(stake.times(row.rate));
    let notice: StoredNotice | undefined;
    const settled = await this.db.transaction(async (tx) => {
      const [contract] = await tx
        .update(tradingOptions)
        .set({
          status: outcome,
          settlePrice: tick.price,
          settleSeq: tick.seq,
          profit: fmt(outcome === 'won' ? winnings : outcome === 'lost' ? stake.neg() : 0),
          settledAt: new Date(this.now()),
        })
        .where(and(eq(tradingOptions.id, row.id), eq(tradingOptions.status, 'open')))
        .returning();
      if (!contract) return undefined;
      const userId = String(row.userId);
      const trading = platformAccount('platform_trading', 'USDT', row.mode);
      const reference = { type: 'option', id: expiry.id };
      const memo = `Option ${outcome}: opened ${fmt(row.openPrice)}, settled ${tick.price}`;
      let journalId: string;
      if (outcome === 'refunded') {
        ({ journalId } = await this.ledger.release(tx, {
          userId,
          mode: row.mode,
          currency: 'USDT',
          amount: fmt(stake),
          type: 'option_refund',
          reference,
          memo,
        }));
      } else if (outcome === 'lost') {
        ({ journalId } = await this.ledger.settleHeld(tx, {
          userId,
          mode: row.mode,
          currency: 'USDT',
          to: [{ account: trading, amount: fmt(stake) }],
          type: 'option_lost',
          reference,
          memo,
        }));
      } else {
        const legs: Leg[] = [
          { account: customerAccount(userId, row.mode, 'USDT', 'customer_held'), amount: fmt(stake.neg()) },
          { account: customerAccount(userId, row.mode, 'USDT'), amount: fmt(stake.plus(winnings)) },
        ];
        if (winnings.gt(0)) legs.push({ account: trading, amount: fmt(winnings.neg()) });
        ({ journalId } = await this.ledger.transfer(tx, { type: 'option_won', reference, memo, legs }));
      }
      notice = await this.storeNotice(
        tx,
        row.userId,
        `option.${outcome}`,
        {
          mode: row.mode,
          code: row.code,
          direction: row.direction,
          amount: fmt(stake),
          period: row.period,
          openPrice: fmt(row.openPrice),
          openTickTime: row.openTickTime.toISOString(),
          openSeq: String(row.openSeq),
          settlePrice: fmt(tick.price),
          settleTickTime: new Date(tick.time).toISOString(),
          settleSeq: String(tick.seq),
          profit: fmt(contract.profit!),
          payout: fmt(outcome === 'won' ? stake.plus(winnings) : outcome === 'refunded' ? stake : 0),
        },
        reference,
      );
      await this.receipt(tx, {
        kind: 'option',
        recordId: row.id,
        userId: row.userId,
        mode: row.mode,
        event: 'settlement',
        code: row.code,
        requestedPrice: null,
        fillPrice: tick.price,
        tick,
        journalIds: [journalId],
      });
      return contract;
    });
    if (settled) {
      this.publish(settled.userId, {
        type: 'option_settled',
        kind: 'option',
        mode: settled.mode,
        id: expiry.id,
        code: settled.code,
        status: settled.status,
        openPrice: fmt(settled.openPrice),
        settlePrice: tick.price,
        profit: fmt(settled.profit!),
      });
      this.pushNotice(notice);
    }
  }

  async getOption(customer: Customer, id: string): Promise<OptionContract> {
    const [row] = await this.db
      .select()
      .from(tradingOptions)
      .where(and(eq(tradingOptions.id, BigInt(id)), ownedBy(tradingOptions, customer)));
    if (!row) throw new AppError('11064');
    return this.optionView(row);
  }

  async listOptions(customer: Customer): Promise<OptionContract[]> {
    const rows = await this.db
      .select()
      .from(tradingOptions)
      .where(and(ownedBy(tradingOptions, customer)))
      .orderBy(desc(tradingOptions.id))
      .limit(200);
    return rows.map((row) => this.optionView(row));
  }

  private optionView(row: OptionRow): OptionContract {
    return {
      id: String(row.id),
      code: row.code,
      direction: row.direction,
      amount: fmt(row.amount),
      period: row.period,
      rate: fmt(row.rate),
      openPrice: fmt(row.openPrice),
      settlePrice: row.settlePrice === null ? null : fmt(row.settlePrice),
      profit: row.profit === null ? null : fmt(row.profit),
      status: row.status,
      openTime: row.openTime.toISOString(),
      expiryTime: row.expiryTime.toISOString(),
    };
  }

  // ---- receipts, assets, profit, risk --------------------------------------------------------------------

  async receipts(customer: Customer, kind: Receipt['kind'], id: string): Promise<Receipt[]> {
    const rows = await this.db
      .select()
      .from(tradingReceipts)
      .where(
        and(
          eq(tradingReceipts.kind, kind),
          eq(tradingReceipts.recordId, BigInt(id)),
          ownedBy(tradingReceipts, customer),
        ),
      )
      .orderBy(tradingReceipts.id);
    if (rows.length === 0) throw new AppError('11064');
    const journalIds = [...new Set(rows.flatMap((r) => r.journalIds))].map((j) => BigInt(j));
    const postings = journalIds.length
      ? await this.db
          .select({
            journalId: ledgerPostings.journalId,
            type: ledgerJournalEntries.type,
            currency: ledgerAccounts.currency,
            kind: ledgerAccounts.kind,
            ownerUserId: ledgerAccounts.ownerUserId,
            amount: ledgerPostings.amount,
          })
          .from(ledgerPostings)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
          .innerJoin(ledgerJournalEntries, eq(ledgerJournalEntries.id, ledgerPostings.journalId))
          .where(inArray(ledgerPostings.journalId, journalIds))
          .orderBy(ledgerPostings.id)
      : [];
    return rows.map((row) => ({
      id: String(row.id),
      kind: row.kind,
      recordId: String(row.recordId),
      event: row.event,
      code: row.code,
      requestedPrice: row.requestedPrice === null ? null : fmt(row.requestedPrice),
      fillPrice: fmt(row.fillPrice),
      tick: { price: fmt(row.tickPrice), time: row.tickTime.toISOString(), seq: String(row.tickSeq) },
      entries: postings
        .filter((p) => row.journalIds.includes(String(p.journalId)))
        .map((p) => ({
          journalId: String(p.journalId),
          type: p.type,
          currency: p.currency,
          // The customer's own accounts by name; the platform's by kind (fees, trading counterparty).
          account:
            p.kind === 'customer_available' ? 'available' : p.kind === 'customer_held' ? 'held' : p.kind,
          amount: fmt(p.amount),
        })),
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The price of one unit of a currency in USDT from the feed; undefined when no USDT market prices it. */
  private usdtPrice(currency: string): Decimal | undefined {
    if (currency === 'USDT') return money(1);
    const tick = this.markets.latestTick(`${currency}USDT`);
    return tick ? money(tick.price) : undefined;
  }

  /** `id`: a currency code, or `all` for every currency of the active account set. */
  async assets(customer: Customer, id: string): Promise<AssetInfo> {
    const balances = await this.ledger.balances(customer.userId, customer.mode);
    const wanted = id.toLowerCase() === 'all' ? undefined : id.toUpperCase();
    if (wanted && !balances[wanted]) balances[wanted] = { available: '0', held: '0' };
    let total = money(0);
    const assets = Object.entries(balances)
      .filter(([currency]) => !wanted || currency === wanted)
      .map(([currency, balance]) => {
        const price = this.usdtPrice(currency);
        const value = price ? down(money(balance.available).plus(balance.held).times(price)) : undefined;
        if (value) total = total.plus(value);
        return {
          currency,
          available: fmt(balance.available),
          held: fmt(balance.held),
          priceUsdt: price ? fmt(price) : null,
          valueUsdt: value ? fmt(value) : null,
        };
      });
    return { mode: customer.mode, assets, totalUsdt: fmt(total) };
  }

  async profitTotal(customer: Customer): Promise<ProfitTotal> {
    const [margin] = await this.db
      .select({ total: sql<string | null>`sum(${tradingPositions.profit})` })
      .from(tradingPositions)
      .where(
        and(ownedBy(tradingPositions, customer), inArray(tradingPositions.status, ['closed', 'liquidated'])),
      );
    const [options] = await this.db
      .select({ total: sql<string | null>`sum(${tradingOptions.profit})` })
      .from(tradingOptions)
      .where(and(ownedBy(tradingOptions, customer), sql`${tradingOptions.status} <> 'open'`));
    const open = await this.db
      .select()
      .from(tradingPositions)
      .where(and(ownedBy(tradingPositions, customer), eq(tradingPositions.status, 'open')));
    const spotFills = await this.db
      .select({
        code: tradingSpotOrders.code,
        side: tradingSpotOrders.side,
        quantity: tradingSpotOrders.quantity,
        price: tradingSpotOrders.fillPrice,
        fee: tradingSpotOrders.fee,
      })
      .from(tradingSpotOrders)
      .where(and(ownedBy(tradingSpotOrders, customer), eq(tradingSpotOrders.status, 'filled')))
      .orderBy(tradingSpotOrders.filledAt, tradingSpotOrders.id);
    const spot = spotResult(
      spotFills.map((f) => ({
        code: f.code,
        side: f.side,
        quantity: money(f.quantity),
        price: money(f.price!),
        fee: money(f.fee ?? 0),
      })),
      (code) => {
        const tick = this.markets.latestTick(code);
        return tick ? money(tick.price) : undefined;
      },
    );
    let unrealisedTotal = spot.unrealised;
    for (const row of open) {
      const tick = this.markets.latestTick(row.code);
      if (!tick) continue;
      const move = unrealised(
        row.direction,
        money(row.openPrice!),
        money(tick.price),
        money(row.lots).times(row.contractSize),
      );
      unrealisedTotal = unrealisedTotal.plus(Decimal.max(move, money(row.margin).neg()));
    }
    const m = money(margin?.total ?? 0);
    const o = money(options?.total ?? 0);
    const realised = m.plus(o).plus(spot.realised);
    return {
      mode: customer.mode,
      realised: { margin: fmt(m), options: fmt(o), spot: fmt(spot.realised), total: fmt(realised) },
      unrealised: fmt(unrealisedTotal),
      total: fmt(realised.plus(unrealisedTotal)),
    };
  }

  /**
   * PRODUCT.md §1 rule 9: of the real-money customers with a position (or option) closed in the last 90 days,
   * the share whose net result over that window is a loss. Null below 100 customers.
   */
  async riskStats(): Promise<RiskStats> {
    const since = new Date(this.now() - RISK_WINDOW_DAYS * 86_400_000);
    const share = (rows: { lost: number; customers: number }[]) => {
      const customers = Number(rows[0]?.customers ?? 0);
      const lost = Number(rows[0]?.lost ?? 0);
      return {
        customers,
        lossShare:
          customers < RISK_MIN_CUSTOMERS ? null : new Decimal(lost).times(100).div(customers).toFixed(1),
      };
    };
    const leveraged = await this.db
      .select({
        customers: sql<number>`count(*)::int`,
        lost: sql<number>`count(*) filter (where net < 0)::int`,
      })
      .from(
        this.db
          .select({
            userId: tradingPositions.userId,
            net: sql<string>`sum(${tradingPositions.profit})`.as('net'),
          })
          .from(tradingPositions)
          .where(
            and(
              eq(tradingPositions.mode, 'real'),
              inArray(tradingPositions.status, ['closed', 'liquidated']),
              gte(tradingPositions.closeTime, since),
            ),
          )
          .groupBy(tradingPositions.userId)
          .as('per_customer'),
      );
    const options = await this.db
      .select({
        customers: sql<number>`count(*)::int`,
        lost: sql<number>`count(*) filter (where net < 0)::int`,
      })
      .from(
        this.db
          .select({
            userId: tradingOptions.userId,
            net: sql<string>`sum(${tradingOptions.profit})`.as('net'),
          })
          .from(tradingOptions)
          .where(
            and(
              eq(tradingOptions.mode, 'real'),
              sql`${tradingOptions.status} <> 'open'`,
              gte(tradingOptions.settledAt, since),
            ),
          )
          .groupBy(tradingOptions.userId)
          .as('per_customer'),
      );
    return {
      windowDays: RISK_WINDOW_DAYS,
      leveraged: share(leveraged),
      options: share(options),
      computedAt: new Date(this.now()).toISOString(),
    };
  }
}

const closeMemo = {
  customer: 'Closed by customer',
  stop_loss: 'Stop loss',
  take_profit: 'Take profit',
  liquidation: 'Liquidated',
} as const;

/** The order a quote is for, canonical, so `buyU` can tell that the confirmed quote matches the order. */
function quoteKey(body: MarginQuoteBody): string {
  return JSON.stringify([
    body.code.toUpperCase(),
    body.direction,
    fmt(body.lots),
    body.leverage,
    body.orderType,
    body.price === undefined ? null : fmt(body.price),
    body.stopLoss === undefined ? null : fmt(body.stopLoss),
    body.takeProfit === undefined ? null : fmt(body.takeProfit),
  ]);
}

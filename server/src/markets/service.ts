import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import Decimal from 'decimal.js';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import {
  errors,
  bucketStart,
  intervalMs,
  type Candle,
  type CandleInterval,
  type FeedKind,
  type FeedStatus,
  type MarketInfo,
  type MarketListItem,
  type MarketOptionTermsRecord,
  type OptionMarketList,
  type OrderLimits,
  type OrderLimitsSetting,
  orderLimitsOf,
  type OptionTerms,
  type SetMarketOptionTermsBody,
} from '@swx/shared/contract';
import type { AuditService } from '../staff/audit';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { ok } from '../http/envelope';
import type { Lifecycle } from '../platform/lifecycle';
import type { ParamsService } from '../params/service';
import { isOpenAt, openHoursPerYear } from './calendar';
import { queryCandles } from './candles';
import type { FeedMarket, FeedTick, MarketFeed } from './feed/types';
import type { Bus } from '../platform/bus';
import type { Scheduler } from '../platform/scheduler';
import type { Unit } from '../platform/unit-of-work';
import { FeedRunner, type FeedConfig } from './feed-runner';
import { symbolMapFor } from './feed/exchange-frames';
import { MarketOptionTerms } from './option-terms';
import { recordOf, seedCatalogue, trimDecimal, type MarketRecord } from './records';
import { MarketState } from './state';
import { StaleGuard } from './staleness';
import { loadStoredPrices } from './stored-prices';
import { marketTicks, markets } from './tables';
import { Watchlist } from './watchlist';

export { ticksChannel, type WireTick } from './feed-runner';
export { logoPath, trimDecimal, type MarketRecord } from './records';

/** At most this many candles per chart request. */
export const MAX_CANDLES = 1000;
const DEFAULT_CANDLES = 300;

/**
 * What the markets domain needs besides the database: parameters (option defaults), the audit log, the
 * scheduler (its periodic passes; the feed runs on the scheduler's leader) and the bus (ticks fan-out).
 */
export interface MarketsDeps {
  params: Pick<ParamsService, 'get' | 'getJson' | 'getInteger'>;
  audit: Pick<AuditService, 'record'>;
  scheduler: Pick<Scheduler, 'every' | 'onLeadership' | 'isLeader' | 'now' | 'epoch' | 'fence'>;
  bus: Pick<Bus, 'channel'>;
}

/** A serialised `listMarketAll` answer, plain and gzipped. */
/**
 * A product listed among the markets without being a market itself: the smart plans (type 1), named after
 * an underlying market whose price they show. Given by their domain (`listedProducts`), read synchronously.
 */
export interface ListedProduct {
  id: string;
  code: string;
  type: number;
  name: string;
  underlying: string;
  enabled: boolean;
}

export interface ListAnswer {
  version: number;
  builtAt: number;
  body: Buffer;
  gzipped: Buffer;
}

/**
 * The markets domain: the catalogue, live prices, candles and the feed. The feed runs on the scheduler's
 * leader (one instance), which also runs the storage flush and tick pruning jobs. Ticks reach every instance:
 * the feed leader applies its own feed's ticks directly and publishes them on the bus; the others apply what
 * they receive. Consumers (the websocket, later the trading engine) subscribe with `onTicks` and get the same
 * stream on every instance.
 */
export class MarketsService {
  readonly feedKind: FeedKind;
  readonly state: MarketState;
  private readonly byCode = new Map<string, MarketRecord>();
  private readonly byId = new Map<string, MarketRecord>();
  private readonly ordered: MarketRecord[];
  private readonly feedRunner: FeedRunner;
  private readonly options: MarketOptionTerms;
  private readonly watched: Watchlist;
  private readonly staleGuard: StaleGuard;
  private listCache = new Map<string, ListAnswer>();
  private listedProducts: () => readonly ListedProduct[] = () => [];
  private unsubscribes: Array<() => Promise<void> | void> = [];

  private constructor(
    config: FeedConfig,
    private readonly database: Database,
    log: FastifyBaseLogger,
    private readonly deps: MarketsDeps,
    records: MarketRecord[],
  ) {
    this.feedKind = config.marketFeed;
    this.ordered = records;
    for (const record of records) {
      this.byCode.set(record.code, record);
      this.byId.set(record.id, record);
    }
    this.state = new MarketState(records.map((r) => r.code));
    this.feedRunner = new FeedRunner({
      config,
      database,
      log,
      scheduler: deps.scheduler,
      bus: deps.bus,
      state: this.state,
      knownCodes: () => new Set(this.byCode.keys()),
      feedMarkets: () => this.feedMarkets(),
      storedPrices: () => this.storedPrices(),
    });
    this.staleGuard = new StaleGuard(deps.params);
    this.options = new MarketOptionTerms({ database, params: deps.params, audit: deps.audit, bus: deps.bus });
    this.watched = new Watchlist(database.db, {
      byCode: (code) => this.byCode.get(code),
      get: (codeOrId) => this.get(codeOrId),
      listItem: (market, at) => this.listItem(market, at),
    });
  }

  static async create(
    config: FeedConfig,
    database: Database,
    log: FastifyBaseLogger,
    deps: MarketsDeps,
  ): Promise<MarketsService> {
    if (config.marketFeed === 'replay' && !config.replayFile)
      throw new Error('MARKET_FEED=replay needs REPLAY_FILE');
    if (config.marketFeed === 'exchange' && !config.exchangeFeed)
      throw new Error('MARKET_FEED=exchange needs EXCHANGE_FEED_URL');
    await seedCatalogue(database);
    const rows = await database.db.select().from(markets).orderBy(asc(markets.sortOrder), asc(markets.id));
    const service = new MarketsService(config, database, log, deps, rows.map(recordOf));
    // Feed: a malformed or unknown EXCHANGE_SYMBOLS entry fails the start, not the first leadership.
    if (config.marketFeed === 'exchange') symbolMapFor(config.exchangeFeed?.symbols, service.feedMarkets());
    service.options.load(rows);
    service.state.load(await service.storedPrices());
    return service;
  }

  // ---- catalogue ------------------------------------------------------------------------------------------

  /**
   * True unless prices come from a live exchange. A replay is a recording, not the market now, so it is
   * labelled like the simulator.
   */
  get simulated(): boolean {
    return this.feedKind === 'simulated' || this.feedKind === 'replay';
  }

  list(): readonly MarketRecord[] {
    return this.ordered;
  }

  /** A market by code (case-insensitive) or by id, or undefined. */
  find(codeOrId: string): MarketRecord | undefined {
    return this.byCode.get(codeOrId.toUpperCase()) ?? this.byId.get(codeOrId);
  }

  /** A market by code or id; refuses with `11030` when there is none. */
  get(codeOrId: string): MarketRecord {
    const market = this.find(codeOrId);
    if (!market) throw new AppError(errors.marketNotFound);
    return market;
  }

  isOpen(code: string, at: number = Date.now()): boolean {
    return isOpenAt(this.get(code).calendar, at);
  }

  // ---- option terms ---------------------------------------------------------------------------------------

  /**
   * The option terms `/order/buyOptions` applies on a market now: each of periods, smallest and largest stake
   * is the market's own where staff set one, else the global parameter. Synchronous (memory only), like the
   * parameters it falls back to.
   */
  optionTerms(codeOrId: string): OptionTerms {
    return this.options.terms(this.get(codeOrId).code);
  }

  /** A market's option overrides and the terms in force, as staff see them. */
  /** For staff: the markets that offer options, with whether any of their terms is their own. */
  optionMarkets(): OptionMarketList {
    return this.ordered
      .filter((market) => market.optionsTradable)
      .map((market) => {
        const { override } = this.options.record(market.code);
        const overridden =
          override.periods !== null || override.stakeMin !== null || override.stakeMax !== null;
        return { code: market.code, name: market.name, type: market.type, overridden };
      });
  }

  optionTermsRecord(codeOrId: string): MarketOptionTermsRecord {
    return this.options.record(this.get(codeOrId).code);
  }

  /**
   * Checks a staff change of a market's option terms without applying it (`option-terms.ts`): the market's
   * code and the override before and after.
   */
  checkOptionTerms(codeOrId: string, change: SetMarketOptionTermsBody) {
    const code = this.get(codeOrId).code;
    return { code, ...this.options.check(code, change) };
  }

  /**
   * A staff change of a market's option terms: a field left out keeps its override, null clears it. Checked
   * with the parameters' own rule for periods (`11041` otherwise, changing nothing); the bounds in force
   * afterwards must leave at least one stake. Written with its audit row in `unit` (an approved
   * maker-checker change) or a transaction of its own.
   */
  async setOptionTerms(
    codeOrId: string,
    change: SetMarketOptionTermsBody,
    staffId: string,
    unit?: Unit,
    details?: Record<string, unknown>,
  ): Promise<MarketOptionTermsRecord> {
    return this.options.set(this.get(codeOrId).code, change, staffId, unit, details);
  }

  /** Reads every market's option overrides again (after a change here or on another instance). */
  reloadOptionTerms(): Promise<void> {
    return this.options.reload();
  }

  // ---- ticks: the API for consumers (websocket, trading engine) -------------------------------------------

  /** Every applied tick batch, on every instance, in `seq` order per market. Returns an unsubscribe function. */
  onTicks(listener: (ticks: FeedTick[]) => void): () => void {
    return this.feedRunner.onTicks(listener);
  }

  /** The latest tick of a market, or undefined before its first tick. */
  latestTick(code: string): FeedTick | undefined {
    return this.state.get(code)?.lastTick;
  }

  /**
   * The tick in force at `time`: the last tick of the market published at or before it. Looks in memory
   * first, then in the stored ticks (kept for TICK_RETENTION_MS). Undefined if the feed had not published a
   * price for the market by then.
   */
  async tickAt(code: string, time: number): Promise<FeedTick | undefined> {
    const recent = this.state.get(code)?.recent ?? [];
    if (recent.length > 0 && recent[0]!.time <= time) {
      for (let i = recent.length - 1; i >= 0; i--) if (recent[i]!.time <= time) return recent[i];
    }
    const rows = await this.database.db
      .select()
      .from(marketTicks)
      .where(and(eq(marketTicks.code, code), lte(marketTicks.time, new Date(time))))
      .orderBy(desc(marketTicks.time), desc(marketTicks.seq))
      .limit(1);
    const row = rows[0];
    return row
      ? {
          code: row.code,
          price: this.formatPrice(row.code, row.price),
          time: row.time.getTime(),
          seq: Number(row.seq),
        }
      : undefined;
  }

  /**
   * The first tick of a market published after `after` and at or before `until` (an option expiring on a
   * stale market settles at it). Memory first, then the stored ticks.
   */
  async firstTickAfter(code: string, after: number, until: number): Promise<FeedTick | undefined> {
    const recent = this.state.get(code)?.recent ?? [];
    if (recent.length > 0 && recent[0]!.time <= after) {
      const found = recent.find((tick) => tick.time > after);
      return found && found.time <= until ? found : undefined;
    }
    const [row] = await this.database.db
      .select()
      .from(marketTicks)
      .where(
        and(
          eq(marketTicks.code, code),
          gt(marketTicks.time, new Date(after)),
          lte(marketTicks.time, new Date(until)),
        ),
      )
      .orderBy(asc(marketTicks.time), asc(marketTicks.seq))
      .limit(1);
    return row
      ? {
          code: row.code,
          price: this.formatPrice(row.code, row.price),
          time: row.time.getTime(),
          seq: Number(row.seq),
        }
      : undefined;
  }

  /** A market's order minimums: its own entry of `market_order_limits`, else its type's. */
  orderLimits(code: string): OrderLimits {
    const market = this.get(code);
    return orderLimitsOf(
      this.deps.params.getJson<OrderLimitsSetting>('market_order_limits'),
      market.code,
      market.type,
    );
  }

  /** Whether this instance runs the feed (and writes candles). */
  isFeedLeader(): boolean {
    return this.feedRunner.isFeedLeader();
  }

  // ---- the stale-price guard ------------------------------------------------------------------------------

  /** How long a market's price stays fresh without a tick (its type's `price_stale_seconds`), ms. */
  staleAfterMs(code: string): number {
    return this.staleGuard.windowMs(this.get(code).type);
  }

  /** Whether the market's latest price is older than its stale window at `at` (never ticked: not stale). */
  isStale(code: string, at: number = Date.now()): boolean {
    const market = this.get(code);
    return this.staleGuard.isStale(market.type, this.state.get(market.code)?.lastTick?.time, at);
  }

  /** Whether a tick was already stale at `at` (delivered late): it must not trigger a settlement. */
  isStaleTick(tick: FeedTick, at: number): boolean {
    const market = this.byCode.get(tick.code);
    return market !== undefined && this.staleGuard.isStale(market.type, tick.time, at);
  }

  /** Which feed runs, which markets are stale now, and (on the instance running it) the exchange link. */
  feedStatus(at: number = Date.now()): FeedStatus {
    return {
      feed: this.feedKind,
      simulated: this.simulated,
      staleMarkets: this.ordered.filter((m) => this.isStale(m.code, at)).map((m) => m.code),
      connection: this.feedRunner.connection(),
    };
  }

  /** Replaces the feed built from the configuration; only before start (benchmarks, tools, tests). */
  useFeed(feed: MarketFeed): void {
    this.feedRunner.useFeed(feed);
  }

  /**
   * Takes ticks published by this instance's feed: applies them, queues them for storage and for the other
   * instances, and hands them to local consumers.
   */
  ingest(ticks: FeedTick[]): void {
    this.feedRunner.ingest(ticks);
  }

  /** Writes buffered ticks and candles now (normally once a second). */
  flushStorage(): Promise<void> {
    return this.feedRunner.flushStorage();
  }

  /** The simulated feed's generated past being stored in the background (tests, tools). */
  historyWritten(): ReturnType<FeedRunner['historyWritten']> {
    return this.feedRunner.historyWritten();
  }

  // ---- lifecycle ------------------------------------------------------------------------------------------

  readonly lifecycle: Lifecycle = {
    name: 'market-feed',
    start: async () => {
      this.unsubscribes.push(await this.feedRunner.begin());
      this.unsubscribes.push(await this.options.subscribe());
      // A change made while this instance was not listening yet.
      await this.reloadOptionTerms();
      this.unsubscribes.push(await this.feedRunner.followScheduler());
    },
    stop: async () => {
      this.feedRunner.end();
      for (const unsubscribe of this.unsubscribes.splice(0).reverse()) await unsubscribe();
      await this.feedRunner.followLeadership();
    },
  };

  /** The catalogue as the feed sees it. */
  feedMarkets(): FeedMarket[] {
    return this.ordered.map((m) => ({
      code: m.code,
      type: m.type,
      referencePrice: m.referencePrice,
      tickSize: m.tickSize,
      volatility: m.volatility,
      isOpenAt: (at: number) => isOpenAt(m.calendar, at),
      openHoursPerYear: openHoursPerYear(m.calendar),
    }));
  }

  /** Each market's stored last ticks, previous close and day open. */
  private storedPrices() {
    return loadStoredPrices(this.database.db, this.ordered, (code, value) => this.formatPrice(code, value));
  }

  /** A stored price in the market's display precision, as the feed publishes it. */
  private formatPrice(code: string, value: string): string {
    const market = this.byCode.get(code);
    return market ? new Decimal(value).toFixed(market.priceDecimals) : trimDecimal(value);
  }

  // ---- API views ------------------------------------------------------------------------------------------

  /** Lists another domain's products in `listMarketAll` under their type (plans: `?type=1`). */
  listProducts(source: () => readonly ListedProduct[]): void {
    this.listedProducts = source;
  }

  /** A listed product's row: its own id, code, type and name, its underlying market's logo and prices. */
  private productItem(product: ListedProduct, at: number): MarketListItem {
    const underlying = this.byCode.get(product.underlying);
    const base = underlying
      ? this.listItem(underlying, at)
      : { logo: '', price: null, nowPrice: null, zdf: null, hundred: [] };
    return {
      ...base,
      code: product.code,
      type: product.type,
      id: product.id,
      appName: product.name,
      openNow: product.enabled,
      stale: undefined,
    };
  }

  listItem(market: MarketRecord, at: number): MarketListItem {
    const price = this.state.get(market.code);
    const last = price?.lastTick?.price ?? null;
    return {
      code: market.code,
      type: market.type,
      id: market.id,
      appName: market.name,
      logo: market.logo,
      price: last,
      nowPrice: last,
      zdf: price?.change ?? null,
      hundred: price?.recent.map((t) => t.price) ?? [],
      openNow: isOpenAt(market.calendar, at),
      stale: this.staleGuard.isStale(market.type, price?.lastTick?.time, at),
    };
  }

  /**
   * The serialised `listMarketAll` answer for a set of types. Built at most every 250 ms per type set (and at
   * least every 5 s, since `openNow` follows the clock), so a busy endpoint costs a map lookup per request.
   */
  listMarketAllBody(types: readonly number[] | undefined): ListAnswer {
    const wanted = types && types.length > 0 ? [...new Set(types)].sort((a, b) => a - b) : [];
    const key = wanted.join(',');
    const now = Date.now();
    const cached = this.listCache.get(key);
    const age = cached ? now - cached.builtAt : Infinity;
    if (cached && (age < 250 || (cached.version === this.state.version && age < 5_000))) return cached;
    const items = this.ordered
      .filter((m) => wanted.length === 0 || wanted.includes(m.type))
      .map((m) => this.listItem(m, now));
    // Products that are not markets are listed only when their type is asked for by name: the unfiltered
    // list is what the trading screens pick markets from.
    for (const product of this.listedProducts())
      if (wanted.includes(product.type)) items.push(this.productItem(product, now));
    const body = Buffer.from(JSON.stringify(ok(items)));
    // Compressed once here rather than per request: browsers all accept gzip, and `hundred` makes the
    // answer ~50 KB once every market has 100 prices.
    const answer = {
      version: this.state.version,
      builtAt: now,
      body,
      gzipped: zlib.gzipSync(body, { level: 6 }),
    };
    this.listCache.set(key, answer);
    return answer;
  }

  info(market: MarketRecord, at: number = Date.now()): MarketInfo {
    const price = this.state.get(market.code);
    const last = price?.lastTick;
    return {
      id: market.id,
      code: market.code,
      type: market.type,
      appName: market.name,
      baseAsset: market.baseAsset,
      quoteAsset: market.quoteAsset,
      logo: market.logo,
      price: last?.price ?? null,
      zdf: price?.change ?? null,
      previousClose: price?.previousClose ?? null,
      dayOpen: price?.dayOpen ?? null,
      lastTick: last ? { price: last.price, time: last.time, seq: String(last.seq) } : null,
      tickSize: market.tickSize,
      priceDecimals: market.priceDecimals,
      contractSize: market.contractSize,
      leverages: market.leverages,
      tradable: { spot: market.spotTradable, margin: market.marginTradable, options: market.optionsTradable },
      openNow: isOpenAt(market.calendar, at),
      tradingHours: {
        calendarId: market.calendar.id,
        timezone: 'UTC',
        description: market.calendar.description,
        sessions: market.calendar.sessions,
        alwaysOpen: market.calendar.alwaysOpen,
      },
      simulated: this.simulated,
      feed: this.feedKind,
      stale: this.staleGuard.isStale(market.type, last?.time, at),
      staleAfterSeconds: this.staleGuard.windowMs(market.type) / 1000,
      optionTerms: this.optionTerms(market.code),
      orderLimits: this.orderLimits(market.code),
      optionStaleGraceSeconds: this.deps.params.getInteger('option_stale_grace_seconds'),
    };
  }

  /** Candles from stored history; refuses unknown intervals, reversed and oversized ranges. */
  async candles(code: string, interval: string | undefined, from?: number, to?: number): Promise<Candle[]> {
    const market = this.get(code);
    const chosen = (interval ?? '1m') as CandleInterval;
    if (!(chosen in intervalMs)) throw new AppError(errors.chartIntervalUnsupported);
    const size = intervalMs[chosen];
    const end = to ?? Date.now();
    const start = from ?? end - DEFAULT_CANDLES * size;
    if (start > end) throw new AppError(errors.chartRangeIncorrect);
    const count = Math.ceil((end - bucketStart(start, chosen)) / size);
    if (count > MAX_CANDLES) throw new AppError(errors.chartRangeIncorrect);
    if (start === end) return [];
    return queryCandles(this.database.db, market.code, chosen, start, end, market.priceDecimals);
  }

  // ---- watchlist ------------------------------------------------------------------------------------------

  watchlist(userId: string): Promise<MarketListItem[]> {
    return this.watched.list(userId);
  }

  /** Adds a market to the watchlist; adding one already there changes nothing. */
  watch(userId: string, code: string): Promise<MarketListItem[]> {
    return this.watched.watch(userId, code);
  }

  unwatch(userId: string, code: string): Promise<MarketListItem[]> {
    return this.watched.unwatch(userId, code);
  }
}

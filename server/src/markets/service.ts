import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import Decimal from 'decimal.js';
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import {
  errors,
  bucketStart,
  intervalMs,
  type Candle,
  type CandleInterval,
  type FeedKind,
  type MarketInfo,
  type MarketListItem,
  type MarketOptionTermsRecord,
  type OptionPeriod,
  type OptionTerms,
  type SetMarketOptionTermsBody,
} from '@swx/shared/contract';
import type { AuditService } from '../admin/audit';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { ok } from '../http/envelope';
import type { Lifecycle } from '../lifecycle';
import { checkOptionPeriods } from '../params/definitions';
import type { ParamsService } from '../params/service';
import { calendarFor, isOpenAt, openHoursPerYear, type Calendar } from './calendar';
import { listedMarkets } from './catalogue';
import { CandleWriter, pruneTicks, queryCandles } from './candles';
import { rowsOf } from '../db/rows';
import { SimulatedFeed } from './feed/simulated';
import { ReplayFeed } from './feed/replay';
import { TickListeners, type FeedMarket, type FeedTick, type MarketFeed } from './feed/types';
import { defineChannel, type Bus, type BusChannel } from '../platform/bus';
import type { Scheduler } from '../platform/scheduler';
import { MarketState, utcDay, type StoredPriceState } from './state';
import { marketCandles, marketTicks, markets, watchlist } from './tables';
import { ownedBy } from '../platform/owned';

/** Every applied tick travels to the other instances as `[code, price, time, seq]`. */
export type WireTick = [string, string, number, number];

/** The feed leader's ticks, to every other instance (the leader applied them already). */
export const ticksChannel = defineChannel<WireTick>({
  name: 'swx_ticks',
  skipOwn: true,
  parse: (item) => {
    if (!Array.isArray(item) || item.length !== 4) return undefined;
    const [code, price, time, seq] = item as unknown[];
    return typeof code === 'string' &&
      typeof price === 'string' &&
      Number.isFinite(time) &&
      Number.isFinite(seq)
      ? [code, price, time as number, seq as number]
      : undefined;
  },
});
/** Staff changed a market's option terms (message: its code); the other instances reload them. */
const optionTermsChannel = defineChannel<string>({
  name: 'swx_market_option_terms',
  skipOwn: true,
  parse: (item) => (typeof item === 'string' ? item : undefined),
});
/** At most this many candles per chart request. */
export const MAX_CANDLES = 1000;
const DEFAULT_CANDLES = 300;
const WATCHLIST_LIMIT = 100;

export interface MarketRecord {
  id: string;
  code: string;
  type: number;
  name: string;
  baseAsset: string;
  quoteAsset: string;
  logo: string;
  referencePrice: string;
  tickSize: string;
  priceDecimals: number;
  contractSize: string;
  leverages: number[];
  volatility: number;
  calendar: Calendar;
  spotTradable: boolean;
  marginTradable: boolean;
  optionsTradable: boolean;
}

/** A market's own option terms; null fields inherit the parameter of the same name. */
interface OptionOverride {
  periods: OptionPeriod[] | null;
  stakeMin: string | null;
  stakeMax: string | null;
}

/**
 * What the markets domain needs besides the database: parameters (option defaults), the audit log, the
 * scheduler (its periodic passes; the feed runs on the scheduler's leader) and the bus (ticks fan-out).
 */
export interface MarketsDeps {
  params: Pick<ParamsService, 'get' | 'getJson'>;
  audit: Pick<AuditService, 'record'>;
  scheduler: Pick<Scheduler, 'every' | 'onLeadership' | 'isLeader'>;
  bus: Pick<Bus, 'channel'>;
}

export const logoPath = (code: string) => `/swx/customer/index/logo/${code}.svg`;

/** Writes the listed markets into the catalogue table (insert or update by code). */
async function seedCatalogue(database: Database): Promise<void> {
  const rows = listedMarkets.map((m, index) => ({
    code: m.code,
    type: m.type,
    name: m.name,
    baseAsset: m.base,
    quoteAsset: m.quote,
    logo: logoPath(m.code),
    referencePrice: m.referencePrice,
    tickSize: m.tickSize,
    priceDecimals: m.priceDecimals,
    contractSize: m.contractSize,
    leverages: m.leverages,
    volatility: String(m.volatility),
    calendarId: m.calendar,
    spotTradable: m.spot,
    marginTradable: m.margin,
    optionsTradable: m.options,
    sortOrder: index,
  }));
  await database.db
    .insert(markets)
    .values(rows)
    .onConflictDoUpdate({
      target: markets.code,
      set: Object.fromEntries(
        Object.keys(rows[0]!)
          .filter((key) => key !== 'code')
          .map((key) => {
            const column = markets[key as keyof typeof markets.$inferInsert] as { name: string };
            return [key, sql.raw(`excluded.${column.name}`)];
          }),
      ),
    });
}

/** A serialised `listMarketAll` answer, plain and gzipped. */
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
  /** Staff overrides of the option terms, by market code; kept apart so the catalogue records stay fixed. */
  private optionOverrides = new Map<string, OptionOverride>();
  private readonly ordered: MarketRecord[];
  private readonly tickListeners: TickListeners;
  private readonly writer: CandleWriter;
  private readonly ticksOut: BusChannel<WireTick>;
  private readonly optionTermsOut: BusChannel<string>;
  private feed: MarketFeed | undefined;
  private feedOverride: MarketFeed | undefined;
  private stopListeningToFeed: (() => void) | undefined;
  private listCache = new Map<string, ListAnswer>();
  private unsubscribes: Array<() => Promise<void> | void> = [];
  /** Feed start and stop, one after the other (leadership changes and lifecycle calls may overlap). */
  private feedChange: Promise<void> = Promise.resolve();
  private leader = false;
  private running = false;

  private constructor(
    private readonly config: Config,
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
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
    this.tickListeners = new TickListeners((error) => log.error({ err: error }, 'a tick listener failed'));
    this.writer = new CandleWriter(database.db, this.feedKind, (error) =>
      log.error({ err: error }, 'market data write failed; will retry'),
    );
    this.ticksOut = deps.bus.channel(ticksChannel);
    this.optionTermsOut = deps.bus.channel(optionTermsChannel);
    deps.scheduler.every('markets.storage-flush', 1_000, () => this.flushStorage());
    deps.scheduler.every('markets.tick-prune', 3_600_000, (now) => pruneTicks(database.db, now));
  }

  static async create(
    config: Config,
    database: Database,
    log: FastifyBaseLogger,
    deps: MarketsDeps,
  ): Promise<MarketsService> {
    if (config.marketFeed === 'replay' && !config.replayFile)
      throw new Error('MARKET_FEED=replay needs REPLAY_FILE');
    await seedCatalogue(database);
    const rows = await database.db.select().from(markets).orderBy(asc(markets.sortOrder), asc(markets.id));
    const records: MarketRecord[] = rows.map((row) => ({
      id: row.id.toString(),
      code: row.code,
      type: row.type,
      name: row.name,
      baseAsset: row.baseAsset,
      quoteAsset: row.quoteAsset,
      logo: row.logo,
      referencePrice: row.referencePrice,
      tickSize: trimDecimal(row.tickSize),
      priceDecimals: row.priceDecimals,
      contractSize: trimDecimal(row.contractSize),
      leverages: row.leverages,
      volatility: Number(row.volatility),
      calendar: calendarFor(row.calendarId),
      spotTradable: row.spotTradable,
      marginTradable: row.marginTradable,
      optionsTradable: row.optionsTradable,
    }));
    const service = new MarketsService(config, database, log, deps, records);
    service.optionOverrides = overridesOf(rows);
    await service.loadStoredState();
    return service;
  }

  // ---- catalogue ------------------------------------------------------------------------------------------

  /**
   * True unless prices come from a live exchange. A replay is a recording, not the market now, so it is
   * labelled like the simulator (and no live exchange adapter exists yet).
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
    const market = this.get(codeOrId);
    const own = this.optionOverrides.get(market.code);
    const { params } = this.deps;
    return {
      periods: own?.periods ?? params.getJson<OptionPeriod[]>('option_periods'),
      stakeMin: own?.stakeMin ?? params.get('option_stake_min'),
      stakeMax: own?.stakeMax ?? params.get('option_stake_max'),
    };
  }

  /** A market's option overrides and the terms in force, as staff see them. */
  optionTermsRecord(codeOrId: string): MarketOptionTermsRecord {
    const market = this.get(codeOrId);
    const own = this.optionOverrides.get(market.code);
    return {
      code: market.code,
      override: {
        periods: own?.periods ?? null,
        stakeMin: own?.stakeMin ?? null,
        stakeMax: own?.stakeMax ?? null,
      },
      effective: this.optionTerms(market.code),
    };
  }

  /**
   * A staff change of a market's option terms: a field left out keeps its override, null clears it. Checked
   * with the parameters' own rule for periods (`11041` otherwise, changing nothing); the bounds in force
   * afterwards must leave at least one stake. Written with its audit row in one transaction.
   */
  async setOptionTerms(
    codeOrId: string,
    change: SetMarketOptionTermsBody,
    staffId: string,
  ): Promise<MarketOptionTermsRecord> {
    const market = this.get(codeOrId);
    if (change.periods) {
      const problem = checkOptionPeriods(change.periods);
      if (problem) throw new AppError(errors.paramValueInvalid, `Option periods ${problem}`);
    }
    for (const [field, value] of [
      ['smallest stake', change.stakeMin],
      ['largest stake', change.stakeMax],
    ] as const) {
      if (typeof value === 'string' && !new Decimal(value).gt(0))
        throw new AppError(errors.paramValueInvalid, `Option ${field} must be above 0`);
    }
    await this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          periods: markets.optionPeriods,
          stakeMin: markets.optionStakeMin,
          stakeMax: markets.optionStakeMax,
        })
        .from(markets)
        .where(eq(markets.code, market.code))
        .for('update');
      const before = overrideOf(row!);
      const after: OptionOverride = {
        periods:
          change.periods === undefined
            ? before.periods
            : (change.periods?.map((p) => ({ seconds: p.seconds, rate: p.rate })) ?? null),
        stakeMin: change.stakeMin === undefined ? before.stakeMin : change.stakeMin,
        stakeMax: change.stakeMax === undefined ? before.stakeMax : change.stakeMax,
      };
      const min = after.stakeMin ?? this.deps.params.get('option_stake_min');
      const max = after.stakeMax ?? this.deps.params.get('option_stake_max');
      if (new Decimal(min).gt(max))
        throw new AppError(
          errors.paramValueInvalid,
          `Option stake bounds would be ${min} to ${max} USDT: none could be bought`,
        );
      await tx
        .update(markets)
        .set({ optionPeriods: after.periods, optionStakeMin: after.stakeMin, optionStakeMax: after.stakeMax })
        .where(eq(markets.code, market.code));
      await this.deps.audit.record(tx, {
        staffId,
        action: 'market.option_terms.set',
        target: `market:${market.code}`,
        details: { from: before, to: after, reason: change.reason },
      });
    });
    await this.reloadOptionTerms();
    await this.optionTermsOut.publish(market.code);
    return this.optionTermsRecord(market.code);
  }

  /** Reads every market's option overrides again (after a change here or on another instance). */
  async reloadOptionTerms(): Promise<void> {
    const rows = await this.database.db
      .select({
        code: markets.code,
        optionPeriods: markets.optionPeriods,
        optionStakeMin: markets.optionStakeMin,
        optionStakeMax: markets.optionStakeMax,
      })
      .from(markets);
    this.optionOverrides = overridesOf(rows);
  }

  // ---- ticks: the API for consumers (websocket, trading engine) -------------------------------------------

  /** Every applied tick batch, on every instance, in `seq` order per market. Returns an unsubscribe function. */
  onTicks(listener: (ticks: FeedTick[]) => void): () => void {
    return this.tickListeners.add(listener);
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

  /** Whether this instance runs the feed (and writes candles). */
  isFeedLeader(): boolean {
    return this.leader;
  }

  /** Replaces the feed built from the configuration; only before start (benchmarks, tools, tests). */
  useFeed(feed: MarketFeed): void {
    if (this.running) throw new Error('useFeed must be called before the markets lifecycle starts');
    this.feedOverride = feed;
  }

  /**
   * Takes ticks published by this instance's feed: applies them, queues them for storage and for the other
   * instances, and hands them to local consumers.
   */
  ingest(ticks: FeedTick[]): void {
    const applied = this.state.apply(ticks);
    if (applied.length === 0) return;
    this.writer.add(applied);
    // Only a running instance publishes to the others; the bus sends one turn's ticks together.
    if (this.running) void this.ticksOut.publishMany(applied.map((t) => [t.code, t.price, t.time, t.seq]));
    this.tickListeners.emit(applied);
  }

  /** Writes buffered ticks and candles now (normally once a second). */
  flushStorage(): Promise<void> {
    return this.writer.flush();
  }

  private receiveFanOut(wire: WireTick[]): void {
    const ticks = wire.map(([code, price, time, seq]) => ({ code, price, time, seq }));
    const applied = this.state.apply(ticks);
    this.tickListeners.emit(applied);
  }

  // ---- lifecycle ------------------------------------------------------------------------------------------

  readonly lifecycle: Lifecycle = {
    name: 'market-feed',
    start: async () => {
      this.running = true;
      this.unsubscribes.push(await this.ticksOut.subscribe((ticks) => this.receiveFanOut(ticks)));
      this.unsubscribes.push(await this.optionTermsOut.subscribe(() => this.reloadOptionTerms()));
      // A change made while this instance was not listening yet.
      await this.reloadOptionTerms();
      const follow = () => this.followLeadership();
      this.unsubscribes.push(await this.deps.scheduler.onLeadership({ gained: follow, lost: follow }));
    },
    stop: async () => {
      this.running = false;
      for (const unsubscribe of this.unsubscribes.splice(0).reverse()) await unsubscribe();
      await this.followLeadership();
    },
  };

  /** Runs the feed exactly while this instance is running and leads the scheduler. */
  private followLeadership(): Promise<void> {
    const change = this.feedChange.then(() => this.adjustFeed());
    this.feedChange = change.catch((error: unknown) =>
      this.log.error({ err: error }, 'starting or stopping the market feed failed'),
    );
    return this.feedChange;
  }

  private async adjustFeed(): Promise<void> {
    const lead = this.running && this.deps.scheduler.isLeader();
    if (lead === this.leader) return;
    if (!lead) {
      await this.feed?.stop();
      this.stopListeningToFeed?.();
      this.feed = undefined;
      this.leader = false;
      // What was published before stepping down still belongs in the history.
      await this.flushStorage();
      return;
    }
    const stored = await this.database.db
      .select({ seq: sql<string | null>`max(${marketTicks.seq})` })
      .from(marketTicks);
    const storedCandles = await this.database.db
      .select({ seq: sql<string | null>`max(${marketCandles.closeSeq})` })
      .from(marketCandles);
    const lastSeq = Math.max(
      this.state.lastSeq(),
      Number(stored[0]?.seq ?? 0),
      Number(storedCandles[0]?.seq ?? 0),
    );
    const feed = this.feedOverride ?? this.buildFeed();
    this.stopListeningToFeed = feed.onTicks((ticks) => this.ingest(ticks));
    this.feed = feed;
    try {
      await feed.start({ lastSeq, lastPrices: this.state.lastPrices() });
    } catch (error) {
      this.stopListeningToFeed?.();
      this.feed = undefined;
      throw error;
    }
    this.leader = true;
    this.log.info({ feed: feed.kind, lastSeq }, 'this instance runs the market feed');
  }

  private buildFeed(): MarketFeed {
    if (this.config.marketFeed === 'replay') {
      return new ReplayFeed(this.config.replayFile!, { knownCodes: new Set(this.byCode.keys()) });
    }
    return new SimulatedFeed({ seed: this.config.marketFeedSeed, markets: this.feedMarkets() });
  }

  /** The catalogue as the feed sees it. */
  feedMarkets(): FeedMarket[] {
    return this.ordered.map((m) => ({
      code: m.code,
      referencePrice: m.referencePrice,
      tickSize: m.tickSize,
      volatility: m.volatility,
      isOpenAt: (at: number) => isOpenAt(m.calendar, at),
      openHoursPerYear: openHoursPerYear(m.calendar),
    }));
  }

  /** Restores prices, the last 100 ticks and the daily reference prices from the database. */
  private async loadStoredState(): Promise<void> {
    const db = this.database.db;
    const recent = await db.execute(sql`
      select code, price, time, seq from (
        select code, price, time, seq, row_number() over (partition by code order by seq desc) as n
          from market_ticks) ranked
       where n <= 100
       order by code, seq asc`);
    const byCode = new Map<string, FeedTick[]>();
    for (const row of rowsOf<{ code: string; price: string; time: string | Date; seq: string | number }>(
      recent,
    )) {
      const list = byCode.get(row.code) ?? [];
      list.push({
        code: row.code,
        price: this.formatPrice(row.code, row.price),
        time: new Date(row.time).getTime(),
        seq: Number(row.seq),
      });
      byCode.set(row.code, list);
    }
    const stored: StoredPriceState[] = [];
    for (const market of this.ordered) {
      let ticks = byCode.get(market.code) ?? [];
      if (ticks.length === 0) {
        // Ticks expire after the retention window; the last candle still holds the last published price.
        const last = await db
          .select()
          .from(marketCandles)
          .where(eq(marketCandles.code, market.code))
          .orderBy(desc(marketCandles.openTime))
          .limit(1);
        const candle = last[0];
        if (!candle) continue;
        ticks = [
          {
            code: market.code,
            price: this.formatPrice(market.code, candle.close),
            time: candle.openTime.getTime(),
            seq: Number(candle.closeSeq),
          },
        ];
      }
      const dayStart = new Date(utcDay(ticks.at(-1)!.time) * 86_400_000);
      const before = await db
        .select({ close: marketCandles.close })
        .from(marketCandles)
        .where(and(eq(marketCandles.code, market.code), lt(marketCandles.openTime, dayStart)))
        .orderBy(desc(marketCandles.openTime))
        .limit(1);
      const first = await db
        .select({ open: marketCandles.open })
        .from(marketCandles)
        .where(and(eq(marketCandles.code, market.code), gte(marketCandles.openTime, dayStart)))
        .orderBy(asc(marketCandles.openTime))
        .limit(1);
      stored.push({
        code: market.code,
        recentTicks: ticks,
        previousClose: before[0] ? this.formatPrice(market.code, before[0].close) : undefined,
        dayOpen: first[0] ? this.formatPrice(market.code, first[0].open) : undefined,
      });
    }
    this.state.load(stored);
  }

  /** A stored price in the market's display precision, as the feed publishes it. */
  private formatPrice(code: string, value: string): string {
    const market = this.byCode.get(code);
    return market ? new Decimal(value).toFixed(market.priceDecimals) : trimDecimal(value);
  }

  // ---- API views ------------------------------------------------------------------------------------------

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
      optionTerms: this.optionTerms(market.code),
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

  async watchlist(userId: string): Promise<MarketListItem[]> {
    const rows = await this.database.db
      .select({ code: watchlist.code })
      .from(watchlist)
      .where(ownedBy(watchlist, { userId }))
      .orderBy(asc(watchlist.createdAt), asc(watchlist.code));
    const now = Date.now();
    return rows.flatMap((r) => {
      const market = this.byCode.get(r.code);
      return market ? [this.listItem(market, now)] : [];
    });
  }

  /** Adds a market to the watchlist; adding one already there changes nothing. */
  async watch(userId: string, code: string): Promise<MarketListItem[]> {
    const market = this.get(code);
    const current = await this.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(watchlist)
      .where(ownedBy(watchlist, { userId }));
    if ((current[0]?.n ?? 0) >= WATCHLIST_LIMIT) {
      const already = await this.database.db
        .select({ code: watchlist.code })
        .from(watchlist)
        .where(and(ownedBy(watchlist, { userId }), eq(watchlist.code, market.code)));
      if (already.length === 0) throw new AppError(errors.watchlistFull);
    }
    await this.database.db
      .insert(watchlist)
      .values({ userId: BigInt(userId), code: market.code })
      .onConflictDoNothing();
    return this.watchlist(userId);
  }

  async unwatch(userId: string, code: string): Promise<MarketListItem[]> {
    await this.database.db
      .delete(watchlist)
      .where(and(ownedBy(watchlist, { userId }), eq(watchlist.code, code.toUpperCase())));
    return this.watchlist(userId);
  }
}

function overrideOf(row: {
  periods: OptionPeriod[] | null;
  stakeMin: string | null;
  stakeMax: string | null;
}): OptionOverride {
  return {
    periods: row.periods,
    stakeMin: row.stakeMin === null ? null : trimDecimal(row.stakeMin),
    stakeMax: row.stakeMax === null ? null : trimDecimal(row.stakeMax),
  };
}

/** The markets that carry any option override, by code. */
function overridesOf(
  rows: {
    code: string;
    optionPeriods: OptionPeriod[] | null;
    optionStakeMin: string | null;
    optionStakeMax: string | null;
  }[],
): Map<string, OptionOverride> {
  const found = new Map<string, OptionOverride>();
  for (const row of rows) {
    if (row.optionPeriods === null && row.optionStakeMin === null && row.optionStakeMax === null) continue;
    found.set(
      row.code,
      overrideOf({ periods: row.optionPeriods, stakeMin: row.optionStakeMin, stakeMax: row.optionStakeMax }),
    );
  }
  return found;
}

/** Numeric columns come back padded to 18 decimals; the wire carries plain decimals. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

import type { FastifyBaseLogger } from 'fastify';
import type { FeedConnection } from '@swx/shared/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { defineChannel, type Bus, type BusChannel } from '../platform/bus';
import type { Scheduler } from '../platform/scheduler';
import { CandleWriter, pruneTicks, type FeedTerm } from './candles';
import { FencedOut } from '../platform/leadership';
import { SimulatedFeed } from './feed/simulated';
import { prepareSimulatedHistory, type HistoryProgress, type PreparedHistory } from './history';
import { ReplayFeed } from './feed/replay';
import { ExchangeFeed } from './feed/exchange';
import { symbolMapFor } from './feed/exchange-frames';
import { TickListeners, type FeedMarket, type FeedTick, type MarketFeed } from './feed/types';
import type { MarketState, StoredPriceState } from './state';
import { marketCandles, marketTicks } from './tables';

/**
 * Every applied tick travels to the other instances as `[code, price, time, seq, epoch]`: `epoch` is the
 * feed leader's leadership term (a decimal string; absent from a tick applied outside a term, such as a tool's
 * and an older version's), so a receiver that has seen a newer term drops what a deposed leader still sends.
 */
export type WireTick = [string, string, number, number] | [string, string, number, number, string];

/** The feed leader's ticks, to every other instance (the leader applied them already). */
export const ticksChannel = defineChannel<WireTick>({
  name: 'swx_ticks',
  skipOwn: true,
  parse: (item) => {
    if (!Array.isArray(item) || (item.length !== 4 && item.length !== 5)) return undefined;
    const [code, price, time, seq, epoch] = item as unknown[];
    if (
      typeof code !== 'string' ||
      typeof price !== 'string' ||
      !Number.isFinite(time) ||
      !Number.isFinite(seq)
    )
      return undefined;
    if (epoch === undefined) return [code, price, time as number, seq as number];
    return typeof epoch === 'string' && /^\d{1,19}$/.test(epoch)
      ? [code, price, time as number, seq as number, epoch]
      : undefined;
  },
});

/**
 * The feed leader has stored the whole simulated past (its last `seq`): the other instances read it back, as
 * they would on a restart, so every instance shows the same `hundred`, previous close and change.
 */
export const historyChannel = defineChannel<number>({
  name: 'swx_feed_history',
  skipOwn: true,
  parse: (item) => (typeof item === 'number' && Number.isFinite(item) ? item : undefined),
});

/** Which feed runs and its settings: the slice of the server's configuration the markets domain reads. */
export interface FeedConfig {
  marketFeed: 'simulated' | 'replay' | 'exchange';
  marketFeedSeed: number;
  replayFile: string | undefined;
  /** Days of simulated past generated on the first start (`MARKET_FEED_HISTORY_DAYS`). */
  marketFeedHistoryDays?: number;
  exchangeFeed?: ExchangeFeedConfig | undefined;
}

/** Feed: where the exchange adapter connects and how it paces itself (docs/configuration.md). */
export interface ExchangeFeedConfig {
  /** The combined-stream endpoint; required, so nothing ever reaches a real exchange by default. */
  url: string;
  /** `CODE=symbol,...`; unset: every crypto market under its own code. */
  symbols: string | undefined;
  conflateMs: number;
  idleTimeoutMs: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
}

export interface FeedRunnerDeps {
  config: FeedConfig;
  database: Database;
  log: FastifyBaseLogger;
  scheduler: Pick<Scheduler, 'every' | 'onLeadership' | 'isLeader' | 'now' | 'epoch' | 'fence'>;
  bus: Pick<Bus, 'channel'>;
  state: MarketState;
  /** The catalogue's codes, for the replay feed to skip unknown ones. */
  knownCodes: () => Set<string>;
  /** The catalogue as the simulated feed sees it. */
  feedMarkets: () => FeedMarket[];
  /** Each market's stored prices, as a start loads them (`stored-prices.ts`). */
  storedPrices: () => Promise<StoredPriceState[]>;
}

/**
 * The feed's side of the markets domain: the feed runs on the scheduler's leader (one instance), which also
 * runs the storage flush and tick pruning jobs. The leader applies its own feed's ticks directly and publishes
 * them on the bus; the others apply what they receive, so `onTicks` gives the same stream on every instance.
 *
 * Fencing: a feed belongs to the leadership term it was started in. Its ticks are taken only while the lease
 * holds (`isLeader`), carry the term's epoch on the bus and in `market_ticks`, and every storage write (ticks,
 * candles, the generated past) is fenced by the term, so a leader that resumes after another took over neither
 * stores nor spreads a price.
 */
export class FeedRunner {
  private readonly state: MarketState;
  private readonly tickListeners: TickListeners;
  private readonly writer: CandleWriter;
  private readonly ticksOut: BusChannel<WireTick>;
  private readonly historyOut: BusChannel<number>;
  private feed: MarketFeed | undefined;
  private feedOverride: MarketFeed | undefined;
  private stopListeningToFeed: (() => void) | undefined;
  /** Feed start and stop, one after the other (leadership changes and lifecycle calls may overlap). */
  private feedChange: Promise<void> = Promise.resolve();
  private leader = false;
  /** The leadership term the running feed belongs to (undefined while none runs, and for `ingest` alone). */
  private term: FeedTerm | undefined;
  /** The newest leadership epoch seen on received ticks: older ones come from a deposed leader. */
  private newestEpoch = 0n;
  private running = false;
  /** The simulated feed's past being stored in the background, while this instance leads. */
  private historyWrite: Promise<HistoryProgress | undefined> | undefined;

  constructor(private readonly deps: FeedRunnerDeps) {
    const { database, log } = deps;
    this.state = deps.state;
    this.tickListeners = new TickListeners((error) => log.error({ err: error }, 'a tick listener failed'));
    this.writer = new CandleWriter(
      database.db,
      deps.config.marketFeed,
      (error) => {
        if (!(error instanceof FencedOut))
          return log.error({ err: error }, 'market data write failed; will retry');
        log.warn(
          { epoch: this.term?.epoch },
          'market data write refused: another instance leads; feed stops',
        );
        void this.followLeadership();
      },
      () => this.term,
    );
    this.ticksOut = deps.bus.channel(ticksChannel);
    this.historyOut = deps.bus.channel(historyChannel);
    deps.scheduler.every('markets.storage-flush', 1_000, () => this.flushStorage());
    deps.scheduler.every('markets.tick-prune', 3_600_000, (now) => pruneTicks(database.db, now));
  }

  /** Every applied tick batch, on every instance, in `seq` order per market. Returns an unsubscribe function. */
  onTicks(listener: (ticks: FeedTick[]) => void): () => void {
    return this.tickListeners.add(listener);
  }

  /** Whether this instance runs the feed (and writes candles). */
  isFeedLeader(): boolean {
    return this.leader;
  }

  /** The exchange link while this instance runs an exchange feed; null otherwise. */
  connection(): FeedConnection | null {
    return this.feed?.connection?.() ?? null;
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
    const epoch = this.term?.epoch.toString();
    if (this.running)
      void this.ticksOut.publishMany(
        applied.map((t): WireTick =>
          epoch === undefined ? [t.code, t.price, t.time, t.seq] : [t.code, t.price, t.time, t.seq, epoch],
        ),
      );
    this.tickListeners.emit(applied);
  }

  /**
   * Ticks from this instance's own feed: taken only while its leadership lease holds. A leader that was
   * frozen resumes with its feed's timers firing first: their ticks are dropped and the feed stops.
   */
  private fromFeed(ticks: FeedTick[]): void {
    if (this.deps.scheduler.isLeader()) return this.ingest(ticks);
    void this.followLeadership();
  }

  /** Writes buffered ticks and candles now (normally once a second). */
  flushStorage(): Promise<void> {
    return this.writer.flush();
  }

  /**
   * The simulated feed's past being stored (started when this instance began leading a fresh or half-written
   * history): resolves with what it wrote, or undefined when there was nothing to write or it failed.
   */
  historyWritten(): Promise<HistoryProgress | undefined> {
    return this.historyWrite ?? Promise.resolve(undefined);
  }

  private receiveFanOut(wire: WireTick[]): void {
    const ticks: FeedTick[] = [];
    for (const [code, price, time, seq, epoch] of wire) {
      if (epoch !== undefined) {
        const term = BigInt(epoch);
        if (term < this.newestEpoch) continue;
        this.newestEpoch = term;
      }
      ticks.push({ code, price, time, seq });
    }
    const applied = this.state.apply(ticks);
    this.tickListeners.emit(applied);
  }

  private async receiveHistory(): Promise<void> {
    try {
      this.state.backfill(await this.deps.storedPrices());
    } catch (error) {
      this.deps.log.error({ err: error }, 'reading the stored simulated history failed');
    }
  }

  /** The lifecycle's start: from now on this instance publishes its ticks and applies the leader's. */
  async begin(): Promise<() => Promise<void>> {
    this.running = true;
    const stopTicks = await this.ticksOut.subscribe((ticks) => this.receiveFanOut(ticks));
    const stopHistory = await this.historyOut.subscribe(() => this.receiveHistory());
    return async () => {
      await stopHistory();
      await stopTicks();
    };
  }

  /** The lifecycle's stop begins: ticks are no longer published; `followLeadership` then stops the feed. */
  end(): void {
    this.running = false;
  }

  /** Starts or stops the feed as this instance gains or loses the scheduler's leadership. */
  followScheduler(): Promise<() => void> {
    const follow = () => this.followLeadership();
    return this.deps.scheduler.onLeadership({ gained: follow, lost: follow });
  }

  /** Runs the feed exactly while this instance is running and leads the scheduler. */
  followLeadership(): Promise<void> {
    const change = this.feedChange.then(() => this.adjustFeed());
    this.feedChange = change.catch((error: unknown) =>
      this.deps.log.error({ err: error }, 'starting or stopping the market feed failed'),
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
      // Its current batch finishes; the next leader continues from the stored progress mark.
      await this.historyWrite;
      // What was published before stepping down still belongs in the history, if the term is still current
      // (a graceful step-down); a deposed leader's flush is refused and dropped.
      await this.flushStorage();
      this.term = undefined;
      return;
    }
    const epoch = this.deps.scheduler.epoch();
    this.term =
      epoch === undefined ? undefined : { epoch, fence: (tx) => this.deps.scheduler.fence(tx, epoch) };
    if (epoch !== undefined && epoch > this.newestEpoch) this.newestEpoch = epoch;
    const stored = await this.deps.database.db
      .select({ seq: sql<string | null>`max(${marketTicks.seq})` })
      .from(marketTicks);
    const storedCandles = await this.deps.database.db
      .select({ seq: sql<string | null>`max(${marketCandles.closeSeq})` })
      .from(marketCandles);
    const feed = this.feedOverride ?? this.buildFeed();
    const history = feed instanceof SimulatedFeed ? await this.prepareHistory(feed) : undefined;
    const lastSeq = Math.max(
      this.state.lastSeq(),
      Number(stored[0]?.seq ?? 0),
      Number(storedCandles[0]?.seq ?? 0),
      history?.history.lastSeq ?? 0,
    );
    this.stopListeningToFeed = feed.onTicks((ticks) => this.fromFeed(ticks));
    this.feed = feed;
    try {
      await feed.start({ lastSeq, lastPrices: this.state.lastPrices() });
    } catch (error) {
      this.stopListeningToFeed?.();
      this.feed = undefined;
      this.term = undefined;
      throw error;
    }
    this.leader = true;
    this.deps.log.info({ feed: feed.kind, lastSeq }, 'this instance runs the market feed');
    if (history) this.historyWrite = this.writeHistory(history);
  }

  /**
   * The simulator's generated past (PRODUCT.md rule 1) when this database has none yet or has half of one:
   * generated before the live feed starts, so the live prices continue from its last prices; its candles are
   * then stored in the background (`writeHistory`).
   */
  private async prepareHistory(feed: SimulatedFeed): Promise<PreparedHistory | undefined> {
    const started = performance.now();
    let prepared: PreparedHistory | undefined;
    try {
      prepared = await prepareSimulatedHistory(this.deps.database.db, {
        seed: feed.seed,
        markets: feed.markets,
        days: this.deps.config.marketFeedHistoryDays ?? 0,
        now: this.deps.scheduler.now(),
        warn: (message) => this.deps.log.warn(message),
      });
    } catch (error) {
      // The live feed matters more than its past: it starts anyway; a stored plan is resumed next time.
      this.deps.log.error({ err: error }, 'preparing the simulated feed history failed');
      return undefined;
    }
    if (!prepared) return undefined;
    const { history } = prepared;
    // Nothing newer was published (a fresh start, or a crash before the first live tick was stored): the
    // market state starts from the end of the past, as a restart after it would.
    if (this.state.lastSeq() <= history.lastSeq) this.state.load(history.prices);
    this.deps.log.info(
      {
        from: new Date(history.window.from).toISOString(),
        to: new Date(history.window.to).toISOString(),
        candles: history.candles.length,
        lastSeq: history.lastSeq,
        ms: Math.round(performance.now() - started),
      },
      'generated the simulated feed history',
    );
    return prepared;
  }

  private async writeHistory(prepared: PreparedHistory): Promise<HistoryProgress | undefined> {
    const started = performance.now();
    try {
      const term = this.term;
      const progress = await prepared.writeCandles(() => this.leader, undefined, term?.fence);
      this.deps.log.info(
        { ...progress, ms: Math.round(performance.now() - started) },
        'stored the simulated feed history',
      );
      // The previous day's close comes from candles: the others read it back once all are stored.
      if (progress.complete) await this.historyOut.publish(prepared.history.lastSeq);
      return progress;
    } catch (error) {
      // The progress mark says what is stored: the next start (or next leader) writes the rest.
      this.deps.log.error({ err: error }, 'storing the simulated feed history failed; a restart resumes it');
      return undefined;
    }
  }

  private buildFeed(): MarketFeed {
    if (this.deps.config.marketFeed === 'replay') {
      return new ReplayFeed(this.deps.config.replayFile!, { knownCodes: this.deps.knownCodes() });
    }
    const exchange = this.deps.config.exchangeFeed;
    if (this.deps.config.marketFeed === 'exchange' && exchange) {
      const markets = this.deps.feedMarkets();
      const log = this.deps.log;
      return new ExchangeFeed({
        ...exchange,
        markets,
        symbols: symbolMapFor(exchange.symbols, markets),
        onEvent: (event, detail) =>
          event === 'rejected' || event === 'error'
            ? log.debug({ feed: 'exchange', event, ...detail }, 'exchange feed frame or socket problem')
            : log.warn({ feed: 'exchange', event, ...detail }, 'exchange feed link event'),
      });
    }
    return new SimulatedFeed({ seed: this.deps.config.marketFeedSeed, markets: this.deps.feedMarkets() });
  }
}

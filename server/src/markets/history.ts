import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { generateHistory, historyWindow, type SimulatedHistory } from './feed/simulated-history';
import type { FeedMarket } from './feed/types';
import { insertTicks } from './candles';
import { feedHistory, marketCandles, marketTicks } from './tables';

/** The history belongs to the simulated feed; a replay or exchange feed never gets one. */
const FEED = 'simulated';

/**
 * Candles per write transaction. One multi-row statement of 9 columns stays under PostgreSQL's 65,535
 * parameters, and on PGlite (one connection) a batch holds other work up for a short moment only.
 */
export const HISTORY_BATCH_ROWS = 2000;

export interface HistoryProgress {
  /** Candles stored by this call. */
  rows: number;
  batches: number;
  /** Whether every generated candle is stored now. */
  complete: boolean;
}

/** A generated past, planned in the database, whose candles are (still) to be stored. */
export interface PreparedHistory {
  history: SimulatedHistory;
  /**
   * Stores the candles not stored yet, newest first (the charts people open first fill first), one batch
   * per transaction together with the progress mark. Checks `keepGoing` before each batch; `fence` runs last
   * in each batch's transaction (the feed leader's term: a deposed leader's batch is refused).
   */
  writeCandles(
    keepGoing?: () => boolean,
    batchRows?: number,
    fence?: (tx: Tx) => Promise<void>,
  ): Promise<HistoryProgress>;
}

export interface PrepareHistoryOptions {
  seed: number;
  markets: readonly FeedMarket[];
  /** How many days of past a fresh database gets; 0 plans none. */
  days: number;
  now: number;
  /** Told why a planned history is abandoned. */
  warn?: (message: string) => void;
}

type Plan = typeof feedHistory.$inferSelect;

/**
 * The simulator's past, on the feed leader before its live feed starts: on a fresh database (no stored tick
 * or candle, no plan) it generates `days` of past and stores the plan with the ticks the market state restores
 * (each market's last 100) in one transaction; when a plan is stored but not all its candles are (a crash or
 * a leadership change half way), it regenerates the same past from the plan. Undefined when there is nothing
 * to write: the history is complete, or the database held prices before the simulator first ran (existing
 * prices are never preceded by an invented past).
 */
export async function prepareSimulatedHistory(
  db: Db,
  options: PrepareHistoryOptions,
): Promise<PreparedHistory | undefined> {
  const stored = await readPlan(db);
  if (stored) return resume(db, stored, options);
  if (options.days <= 0 || (await hasStoredPrices(db))) return undefined;
  const window = historyWindow(options.now, options.days);
  if (window.from >= window.to) return undefined;
  const history = await generateHistory({ seed: options.seed, markets: options.markets, window });
  if (history.lastSeq === 0) return undefined;
  const planned = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(feedHistory)
      .values({
        feed: FEED,
        seed: options.seed,
        fromTime: new Date(window.from),
        toTime: new Date(window.to),
        codes: history.codes,
        lastSeq: BigInt(history.lastSeq),
        writtenFrom: new Date(window.to),
      })
      .onConflictDoNothing()
      .returning({ feed: feedHistory.feed });
    if (inserted.length === 0) return false;
    await insertTicks(
      tx,
      history.prices.flatMap((price) => price.recentTicks),
      FEED,
    );
    return true;
  });
  if (planned) return prepared(db, history, window.to);
  // Another instance planned it between our read and our insert: continue its plan.
  const theirs = await readPlan(db);
  return theirs ? resume(db, theirs, options) : undefined;
}

async function readPlan(db: Db): Promise<Plan | undefined> {
  const rows = await db.select().from(feedHistory).where(eq(feedHistory.feed, FEED));
  return rows[0];
}

async function hasStoredPrices(db: Db): Promise<boolean> {
  const ticks = await db.select({ seq: marketTicks.seq }).from(marketTicks).limit(1);
  if (ticks.length > 0) return true;
  const candles = await db.select({ code: marketCandles.code }).from(marketCandles).limit(1);
  return candles.length > 0;
}

async function resume(
  db: Db,
  plan: Plan,
  options: PrepareHistoryOptions,
): Promise<PreparedHistory | undefined> {
  if (plan.completedAt) return undefined;
  const byCode = new Map(options.markets.map((market) => [market.code, market]));
  const markets = plan.codes.map((code) => byCode.get(code));
  if (markets.some((market) => market === undefined)) {
    // The same past cannot be generated without every market it was generated with (sequence numbers
    // interleave markets): keep what is stored rather than write candles that disagree with it.
    options.warn?.('the simulated history was generated with markets no longer listed; it stays as stored');
    return undefined;
  }
  const window = { from: plan.fromTime.getTime(), to: plan.toTime.getTime() };
  const history = await generateHistory({ seed: plan.seed, markets: markets as FeedMarket[], window });
  return prepared(db, history, plan.writtenFrom.getTime());
}

function prepared(db: Db, history: SimulatedHistory, writtenFrom: number): PreparedHistory {
  let storedFrom = writtenFrom;
  return {
    history,
    writeCandles: async (keepGoing = () => true, batchRows = HISTORY_BATCH_ROWS, fence) => {
      const progress = await writeCandles(db, history, storedFrom, keepGoing, batchRows, fence);
      storedFrom = progress.writtenFrom;
      return { rows: progress.rows, batches: progress.batches, complete: progress.complete };
    },
  };
}

async function writeCandles(
  db: Db,
  history: SimulatedHistory,
  writtenFrom: number,
  keepGoing: () => boolean,
  batchRows: number,
  fence: ((tx: Tx) => Promise<void>) | undefined,
): Promise<HistoryProgress & { writtenFrom: number }> {
  const candles = history.candles;
  let end = candles.length;
  while (end > 0 && candles.openTime[end - 1]! >= writtenFrom) end--;
  let rows = 0;
  let batches = 0;
  let storedFrom = writtenFrom;
  while (end > 0 && keepGoing()) {
    let start = Math.max(0, end - batchRows);
    // A batch holds every market's candle of its oldest open time, so the progress mark never splits one.
    while (start > 0 && candles.openTime[start - 1] === candles.openTime[start]) start--;
    const batchFrom = start === 0 ? history.window.from : candles.openTime[start]!;
    await db.transaction(async (tx) => {
      // One JSON parameter rather than nine per row: building a 45,000-parameter statement cost more than
      // storing it (bench/feed-history.ts).
      await tx.execute(sql`
        insert into market_candles_1m
               (code, open_time, open, high, low, close, tick_count, close_seq, span_minutes)
        select code, open_time, open, high, low, close, tick_count, close_seq, span_minutes
          from jsonb_to_recordset(${candleJson(history, start, end)}::jsonb) as r(code text,
               open_time timestamptz, open numeric, high numeric, low numeric, close numeric, tick_count integer,
               close_seq bigint, span_minutes smallint)
        on conflict (code, open_time) do nothing`);
      await tx
        .update(feedHistory)
        .set({
          writtenFrom: sql`least(${feedHistory.writtenFrom}, ${new Date(batchFrom).toISOString()}::timestamptz)`,
          completedAt: start === 0 ? sql`now()` : null,
        })
        .where(eq(feedHistory.feed, FEED));
      await fence?.(tx);
    });
    rows += end - start;
    batches++;
    storedFrom = batchFrom;
    end = start;
    // Lets requests and the live feed's writes in between batches (PGlite runs one transaction at a time).
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Nothing (left) to write, yet not marked complete: a past in which no market was open.
  if (end === 0 && batches === 0 && keepGoing()) {
    await db
      .update(feedHistory)
      .set({ writtenFrom: new Date(history.window.from), completedAt: sql`now()` })
      .where(eq(feedHistory.feed, FEED));
    storedFrom = history.window.from;
  }
  return { rows, batches, complete: end === 0, writtenFrom: storedFrom };
}

/** Candles [start, end) as a JSON array of rows; prices as strings, so they stay exact decimals. */
function candleJson(history: SimulatedHistory, start: number, end: number): string {
  const c = history.candles;
  const rows: string[] = [];
  for (let i = start; i < end; i++) {
    const market = c.market[i]!;
    rows.push(
      JSON.stringify({
        code: history.codes[market],
        open_time: new Date(c.openTime[i]!).toISOString(),
        open: history.price(market, c.open[i]!),
        high: history.price(market, c.high[i]!),
        low: history.price(market, c.low[i]!),
        close: history.price(market, c.close[i]!),
        tick_count: c.tickCount[i],
        close_seq: c.closeSeq[i],
        span_minutes: c.spanMinutes[i],
      }),
    );
  }
  return `[${rows.join(',')}]`;
}

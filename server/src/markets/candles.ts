import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import {
  bucketOffsetMs,
  bucketStart,
  intervalMs,
  type Candle,
  type CandleInterval,
} from '@swx/shared/contract';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { marketCandles, marketTicks } from './tables';
import type { FeedTick } from './feed/types';
import { FencedOut } from '../platform/leadership';

const MINUTE = 60_000;

interface PendingCandle {
  code: string;
  openTime: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  count: number;
  closeSeq: number;
}

/** Retention of raw ticks: long enough for settlement lookups across a restart or a weekend outage. */
export const TICK_RETENTION_MS = 2 * 1440 * MINUTE;

/**
 * The leadership term a feed's writes belong to: its epoch goes with every stored tick, and `fence` runs last
 * in each write transaction, refusing it (`FencedOut`) once another leader took over.
 */
export interface FeedTerm {
  epoch: bigint;
  fence(tx: Tx): Promise<void>;
}

/**
 * Buffers ticks and writes them in one transaction per flush (every second): raw ticks into `market_ticks`
 * and their one-minute candles upserted into `market_candles_1m`. One write per second, whatever the tick
 * rate, keeps the database load flat. Only the feed leader writes: while `term()` names a leadership term, each
 * write is fenced by it, and a refused batch is dropped (a deposed leader's ticks are not the market's).
 */
export class CandleWriter {
  private ticks: FeedTick[] = [];
  private candles = new Map<string, PendingCandle>();
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly feed: string,
    private readonly onError: (error: unknown) => void,
    private readonly term: () => FeedTerm | undefined = () => undefined,
  ) {}

  get pendingTicks(): number {
    return this.ticks.length;
  }

  add(ticks: FeedTick[]): void {
    for (const tick of ticks) {
      this.ticks.push(tick);
      const openTime = bucketStart(tick.time, '1m');
      const key = `${tick.code}|${openTime}`;
      const price = new Decimal(tick.price);
      const candle = this.candles.get(key);
      if (!candle) {
        this.candles.set(key, {
          code: tick.code,
          openTime,
          open: price,
          high: price,
          low: price,
          close: price,
          count: 1,
          closeSeq: tick.seq,
        });
        continue;
      }
      if (price.gt(candle.high)) candle.high = price;
      if (price.lt(candle.low)) candle.low = price;
      if (tick.seq > candle.closeSeq) {
        candle.close = price;
        candle.closeSeq = tick.seq;
      }
      candle.count++;
    }
  }

  /** Writes everything buffered; concurrent calls share one write. A failed write is kept and retried. */
  flush(): Promise<void> {
    if (!this.flushing) this.flushing = this.write().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.ticks.length === 0) return;
    const ticks = this.ticks;
    const candles = [...this.candles.values()];
    this.ticks = [];
    this.candles = new Map();
    const term = this.term();
    try {
      await this.db.transaction(async (tx) => {
        await insertTicks(tx, ticks, this.feed, term?.epoch);
        for (let i = 0; i < candles.length; i += 500) {
          await tx
            .insert(marketCandles)
            .values(
              candles.slice(i, i + 500).map((c) => ({
                code: c.code,
                openTime: new Date(c.openTime),
                open: c.open.toFixed(),
                high: c.high.toFixed(),
                low: c.low.toFixed(),
                close: c.close.toFixed(),
                tickCount: c.count,
                closeSeq: BigInt(c.closeSeq),
              })),
            )
            .onConflictDoUpdate({
              target: [marketCandles.code, marketCandles.openTime],
              set: {
                high: sql`greatest(${marketCandles.high}, excluded.high)`,
                low: sql`least(${marketCandles.low}, excluded.low)`,
                close: sql`case when excluded.close_seq > ${marketCandles.closeSeq} then excluded.close else ${marketCandles.close} end`,
                closeSeq: sql`greatest(${marketCandles.closeSeq}, excluded.close_seq)`,
                tickCount: sql`${marketCandles.tickCount} + excluded.tick_count`,
              },
            });
        }
        await term?.fence(tx);
      });
    } catch (error) {
      if (error instanceof FencedOut) {
        // Another leader took over: what this one buffered since is dropped with its term.
        this.ticks = [];
        this.candles = new Map();
        this.onError(error);
        return;
      }
      // Put the batch back in front of what arrived meanwhile, so nothing is lost to a passing outage.
      const arrived = this.ticks;
      this.ticks = [];
      this.candles = new Map();
      this.add(ticks);
      this.add(arrived);
      this.onError(error);
    }
  }
}

/** Ticks per statement: the arrays' text, not a count of parameters, bounds a statement now. */
const TICKS_PER_STATEMENT = 10_000;

/**
 * Stores ticks as `feed` published them (in the leadership term `epoch`); a tick already stored (same `seq`)
 * stays as it is. Each column goes as one array parameter, unnested by the database: drizzle's multi-row
 * `insert().values()` builds a statement of six parameters per tick, at about 0.3 ms of processor time a tick
 * (a busy feed's second of ticks, or the generated past, cost seconds of the leader's processor to write).
 * Not `insertRows` (db/rows.ts): it returns every inserted row, which nobody here reads.
 */
export async function insertTicks(
  tx: Tx,
  ticks: readonly FeedTick[],
  feed: string,
  epoch?: bigint,
): Promise<void> {
  const stamp = epoch === undefined ? null : epoch.toString();
  for (let i = 0; i < ticks.length; i += TICKS_PER_STATEMENT) {
    const batch = ticks.slice(i, i + TICKS_PER_STATEMENT);
    const column = <T>(value: (tick: FeedTick) => T) => sql.param(batch.map(value));
    await tx.execute(sql`
      insert into ${marketTicks} ("seq", "code", "price", "time", "feed", "epoch")
      select * from unnest(
        ${column((t) => String(t.seq))}::bigint[],
        ${column((t) => t.code)}::text[],
        ${column((t) => t.price)}::numeric[],
        ${column((t) => new Date(t.time).toISOString())}::timestamptz[],
        ${column(() => feed)}::text[],
        ${column(() => stamp)}::bigint[]
      )
      on conflict do nothing`);
  }
}

/** Deletes ticks older than the retention window. */
export async function pruneTicks(db: Db, now: number): Promise<void> {
  await db
    .delete(marketTicks)
    .where(sql`${marketTicks.time} < ${new Date(now - TICK_RETENTION_MS).toISOString()}::timestamptz`);
}

/**
 * Candles for [from, to) at the interval, aggregated from the stored one-minute candles. Empty when the feed
 * published nothing in the range: there is no made-up history. Stored candles longer than the interval (the
 * simulator's coarser generated past) are left out rather than shown as if they were finer.
 */
export async function queryCandles(
  db: Db,
  code: string,
  interval: CandleInterval,
  from: number,
  to: number,
  decimals: number,
): Promise<Candle[]> {
  const start = bucketStart(from, interval);
  const size = intervalMs[interval] / 1000;
  const offset = bucketOffsetMs(interval) / 1000;
  const result = await db.execute(sql`
    select floor((extract(epoch from open_time) + ${offset}) / ${size}) * ${size} - ${offset} as bucket,
           (array_agg(open order by open_time asc))[1] as open,
           max(high) as high,
           min(low) as low,
           (array_agg(close order by open_time desc))[1] as close,
           sum(tick_count)::int as ticks
      from market_candles_1m
     where code = ${code} and open_time >= ${new Date(start).toISOString()}::timestamptz
       and open_time < ${new Date(to).toISOString()}::timestamptz
       and span_minutes * 60 <= ${size}
     group by 1
     order by 1 asc`);
  return rowsOf<{
    bucket: string | number;
    open: string;
    high: string;
    low: string;
    close: string;
    ticks: number;
  }>(result).map((r) => ({
    time: Math.round(Number(r.bucket) * 1000),
    open: new Decimal(r.open).toFixed(decimals),
    high: new Decimal(r.high).toFixed(decimals),
    low: new Decimal(r.low).toFixed(decimals),
    close: new Decimal(r.close).toFixed(decimals),
    ticks: Number(r.ticks),
  }));
}

import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { FeedTick } from './feed/types';
import type { MarketRecord } from './records';
import { utcDay, type StoredPriceState } from './state';
import { marketCandles } from './tables';

/** Each market's last price, last 100 ticks and daily reference prices, read back to restore the market state. */
export async function loadStoredPrices(
  db: Db,
  ordered: readonly MarketRecord[],
  /** A stored price in the market's display precision. */
  formatPrice: (code: string, value: string) => string,
): Promise<StoredPriceState[]> {
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
      price: formatPrice(row.code, row.price),
      time: new Date(row.time).getTime(),
      seq: Number(row.seq),
    });
    byCode.set(row.code, list);
  }
  const stored: StoredPriceState[] = [];
  for (const market of ordered) {
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
          price: formatPrice(market.code, candle.close),
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
      previousClose: before[0] ? formatPrice(market.code, before[0].close) : undefined,
      dayOpen: first[0] ? formatPrice(market.code, first[0].open) : undefined,
    });
  }
  return stored;
}

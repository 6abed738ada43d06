import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { calendarFor, type Calendar } from './calendar';
import { listedMarkets } from './catalogue';
import { markets } from './tables';

// The catalogue table: written from the listed markets at start, read back as the records the domain serves.

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

export const logoPath = (code: string) => `/swx/customer/index/logo/${code}.svg`;

/** Writes the listed markets into the catalogue table (insert or update by code). */
export async function seedCatalogue(database: Database): Promise<void> {
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

/** A catalogue row as the domain serves it. */
export function recordOf(row: typeof markets.$inferSelect): MarketRecord {
  return {
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
  };
}

/** Numeric columns come back padded to 18 decimals; the wire carries plain decimals. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

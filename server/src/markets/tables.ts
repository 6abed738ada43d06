import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/tables';

/**
 * The market catalogue. Rows are seeded from `markets/catalogue.ts` at start-up (insert-or-update by code),
 * so facts such as tick size or leverages can be corrected by a release without a hand-written migration.
 */
export const markets = pgTable('markets', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  /** 2 crypto, 3 stocks, 4 futures, 5 metals, 6 forex (docs/product.md, business rules). */
  type: smallint('type').notNull(),
  name: text('name').notNull(),
  baseAsset: text('base_asset').notNull(),
  quoteAsset: text('quote_asset').notNull(),
  logo: text('logo').notNull(),
  /** Where the simulator starts on a fresh database; never shown as a price. */
  referencePrice: numeric('reference_price', { precision: 36, scale: 18 }).notNull(),
  tickSize: numeric('tick_size', { precision: 36, scale: 18 }).notNull(),
  priceDecimals: smallint('price_decimals').notNull(),
  contractSize: numeric('contract_size', { precision: 36, scale: 18 }).notNull(),
  leverages: jsonb('leverages').$type<number[]>().notNull(),
  /** Annualised volatility used by the simulator (0.6 = 60 %). */
  volatility: numeric('volatility', { precision: 10, scale: 6 }).notNull(),
  calendarId: text('calendar_id').notNull(),
  spotTradable: boolean('spot_tradable').notNull().default(false),
  marginTradable: boolean('margin_tradable').notNull().default(true),
  optionsTradable: boolean('options_tradable').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /**
   * The market's own option terms, set by staff; null inherits the parameter of the same name
   * (`option_periods`, `option_stake_min`, `option_stake_max`). Not written by the catalogue seeding, so an
   * override survives restarts and releases.
   */
  optionPeriods: jsonb('option_periods').$type<{ seconds: number; rate: string }[]>(),
  optionStakeMin: numeric('option_stake_min', { precision: 36, scale: 18 }),
  optionStakeMax: numeric('option_stake_max', { precision: 36, scale: 18 }),
});

/**
 * One-minute candles built from feed ticks (upserted in batches). Longer intervals are aggregated from these
 * on query, so there is one source of truth for every chart. The simulator's generated past
 * (`feed/simulated-history.ts`) is stored here too, coarser the older it is: `span_minutes` says how long a
 * candle lasts (1 for everything live), and a chart only uses candles no longer than its interval.
 */
export const marketCandles = pgTable(
  'market_candles_1m',
  {
    code: text('code').notNull(),
    /** Start of the minute (UTC). */
    openTime: timestamp('open_time', { withTimezone: true, mode: 'date' }).notNull(),
    open: numeric('open', { precision: 36, scale: 18 }).notNull(),
    high: numeric('high', { precision: 36, scale: 18 }).notNull(),
    low: numeric('low', { precision: 36, scale: 18 }).notNull(),
    close: numeric('close', { precision: 36, scale: 18 }).notNull(),
    tickCount: integer('tick_count').notNull(),
    /** The feed sequence of the closing tick: tells which batch wrote the close last. */
    closeSeq: bigint('close_seq', { mode: 'bigint' }).notNull(),
    /** Minutes the candle covers from `open_time`: 1, or 5 or 60 for the simulator's older generated past. */
    spanMinutes: smallint('span_minutes').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.code, t.openTime] })],
);

/**
 * The simulated feed's generated past (PRODUCT.md rule 1), one row per feed, written before the live feed
 * starts: what was generated (seed, window, markets, last sequence number) and how far its candles are stored.
 * Candles are written newest first in batches, each batch in one transaction with `written_from`, so a restart
 * after a crash regenerates the same past from this row and stores only what is missing.
 */
export const feedHistory = pgTable('feed_history', {
  feed: text('feed').primaryKey(),
  seed: bigint('seed', { mode: 'number' }).notNull(),
  fromTime: timestamp('from_time', { withTimezone: true, mode: 'date' }).notNull(),
  toTime: timestamp('to_time', { withTimezone: true, mode: 'date' }).notNull(),
  /** The markets generated, in generation order (their order fixes the sequence numbers). */
  codes: jsonb('codes').$type<string[]>().notNull(),
  lastSeq: bigint('last_seq', { mode: 'bigint' }).notNull(),
  /** Every generated candle opening at or after this instant is stored. */
  writtenFrom: timestamp('written_from', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
});

/**
 * Recent feed ticks, kept for a retention window so settlement can look up "the tick at time T" after a
 * restart. `seq` is the feed's sequence number, unique per tick across the whole feed.
 */
export const marketTicks = pgTable(
  'market_ticks',
  {
    seq: bigint('seq', { mode: 'bigint' }).primaryKey(),
    code: text('code').notNull(),
    price: numeric('price', { precision: 36, scale: 18 }).notNull(),
    time: timestamp('time', { withTimezone: true, mode: 'date' }).notNull(),
    feed: text('feed').notNull(),
    /** The leadership epoch of the feed leader that stored it; null for the generated past. */
    epoch: bigint('epoch', { mode: 'bigint' }),
  },
  (t) => [index('market_ticks_code_time').on(t.code, t.time), index('market_ticks_time').on(t.time)],
);

/** A customer's watched markets. */
export const watchlist = pgTable(
  'watchlist',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => markets.code),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });

/**
 * Spot orders (the seed's "BB"): buy or sell a coin against USDT. A limit order holds its funds (USDT for a
 * buy, fee included; the coin for a sell) until it fills or is cancelled.
 */
export const tradingSpotOrders = pgTable(
  'trading_spot_orders',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    mode: text('mode').$type<'real' | 'demo'>().notNull(),
    code: text('code').notNull(),
    side: text('side').$type<'buy' | 'sell'>().notNull(),
    orderType: text('order_type').$type<'market' | 'limit'>().notNull(),
    quantity: money('quantity').notNull(),
    /** The limit price; null for a market order. */
    limitPrice: money('limit_price'),
    /** `pending` (a limit order waiting for the feed), `filled`, `cancelled`. */
    status: text('status').$type<'pending' | 'filled' | 'cancelled'>().notNull(),
    /** What a pending limit order holds, in `heldCurrency`. */
    heldAmount: money('held_amount'),
    heldCurrency: text('held_currency'),
    fillPrice: money('fill_price'),
    fee: money('fee'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('trading_spot_orders_user').on(t.userId, t.mode, t.id),
    index('trading_spot_orders_pending')
      .on(t.status)
      .where(sql`${t.status} = 'pending'`),
    // Fills by time, for the home page's 24-hour traded volume (markets/home-stats.ts).
    index('trading_spot_orders_filled').on(t.mode, t.filledAt),
    check('trading_spot_orders_mode', sql`${t.mode} in ('real', 'demo')`),
  ],
);

/**
 * Margin positions (the seed's "U"). The liquidation and margin-call prices are fixed at opening from the
 * parameters in force then, so a later parameter change never moves an open position's terms.
 */
export const tradingPositions = pgTable(
  'trading_positions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    mode: text('mode').$type<'real' | 'demo'>().notNull(),
    code: text('code').notNull(),
    direction: text('direction').$type<'long' | 'short'>().notNull(),
    lots: money('lots').notNull(),
    leverage: integer('leverage').notNull(),
    contractSize: money('contract_size').notNull(),
    orderType: text('order_type').$type<'market' | 'limit'>().notNull(),
    /** The limit price of a limit entry; null for a market entry. */
    limitPrice: money('limit_price'),
    openPrice: money('open_price'),
    closePrice: money('close_price'),
    stopLoss: money('stop_loss'),
    takeProfit: money('take_profit'),
    /** Required margin, held from the customer's USDT while the position is waiting or open. */
    margin: money('margin').notNull(),
    openFee: money('open_fee').notNull(),
    closeFee: money('close_fee'),
    /** Net result for the customer once closed: payout − margin − opening fee (never below −(margin + fee)). */
    profit: money('profit'),
    maintenanceRate: money('maintenance_rate').notNull(),
    marginCallRate: money('margin_call_rate').notNull(),
    liquidationPrice: money('liquidation_price'),
    marginCallPrice: money('margin_call_price'),
    marginCalled: boolean('margin_called').notNull().default(false),
    status: text('status').$type<'waiting' | 'open' | 'closed' | 'liquidated' | 'cancelled'>().notNull(),
    /** Why it closed: `customer`, `stop_loss`, `take_profit`, `liquidation`. */
    closeReason: text('close_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openTime: timestamp('open_time', { withTimezone: true }),
    closeTime: timestamp('close_time', { withTimezone: true }),
  },
  (t) => [
    index('trading_positions_user').on(t.userId, t.mode, t.id),
    index('trading_positions_active')
      .on(t.status)
      .where(sql`${t.status} in ('waiting', 'open')`),
    index('trading_positions_closed').on(t.mode, t.closeTime),
    // Openings by time, for the home page's 24-hour traded volume (markets/home-stats.ts).
    index('trading_positions_opened').on(t.mode, t.openTime),
    check('trading_positions_mode', sql`${t.mode} in ('real', 'demo')`),
  ],
);

/** Fixed-period up/down option contracts. */
export const tradingOptions = pgTable(
  'trading_options',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    mode: text('mode').$type<'real' | 'demo'>().notNull(),
    code: text('code').notNull(),
    direction: text('direction').$type<'up' | 'down'>().notNull(),
    amount: money('amount').notNull(),
    period: integer('period').notNull(),
    rate: money('rate').notNull(),
    openPrice: money('open_price').notNull(),
    openSeq: bigint('open_seq', { mode: 'number' }).notNull(),
    openTickTime: timestamp('open_tick_time', { withTimezone: true }).notNull(),
    settlePrice: money('settle_price'),
    settleSeq: bigint('settle_seq', { mode: 'number' }),
    profit: money('profit'),
    status: text('status').$type<'open' | 'won' | 'lost' | 'refunded' | 'voided'>().notNull(),
    openTime: timestamp('open_time', { withTimezone: true }).notNull(),
    expiryTime: timestamp('expiry_time', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('trading_options_user').on(t.userId, t.mode, t.id),
    index('trading_options_open')
      .on(t.expiryTime)
      .where(sql`${t.status} = 'open'`),
    index('trading_options_settled').on(t.mode, t.settledAt),
    // Purchases by time, for the home page's 24-hour traded volume (markets/home-stats.ts).
    index('trading_options_opened').on(t.mode, t.openTime),
    check('trading_options_mode', sql`${t.mode} in ('real', 'demo')`),
  ],
);

/**
 * Execution receipts (docs/product.md, business rules): one per fill, close and settlement, with the tick it used and the ledger
 * entries it produced. Unique per record and event, so a second settlement of the same thing cannot commit.
 */
export const tradingReceipts = pgTable(
  'trading_receipts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `spot`, `margin` or `option`. */
    kind: text('kind').$type<'spot' | 'margin' | 'option'>().notNull(),
    recordId: bigint('record_id', { mode: 'bigint' }).notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    mode: text('mode').$type<'real' | 'demo'>().notNull(),
    /** `fill`, `open`, `close`, `stop_loss`, `take_profit`, `liquidation`, `settlement`. */
    event: text('event').notNull(),
    code: text('code').notNull(),
    requestedPrice: money('requested_price'),
    fillPrice: money('fill_price').notNull(),
    tickPrice: money('tick_price').notNull(),
    tickTime: timestamp('tick_time', { withTimezone: true }).notNull(),
    tickSeq: bigint('tick_seq', { mode: 'number' }).notNull(),
    journalIds: jsonb('journal_ids').$type<string[]>().notNull(),
    /** Why this tick, when not by the ordinary rule: `stale_first_fresh` or `stale_void` (option expiry). */
    rule: text('rule').$type<'stale_first_fresh' | 'stale_void'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trading_receipts_record_event').on(t.kind, t.recordId, t.event),
    index('trading_receipts_user').on(t.userId, t.kind, t.recordId),
  ],
);

/** Quoted margin terms (`POST /order/quoteU`); `buyU` with the quote's id is held to them. */
export const tradingQuotes = pgTable('trading_quotes', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
  mode: text('mode').$type<'real' | 'demo'>().notNull(),
  /** The order the quote is for (code, direction, lots, leverage, orderType, price) as canonical JSON. */
  request: text('request').notNull(),
  price: money('price').notNull(),
  feeRate: money('fee_rate').notNull(),
  requiredMargin: money('required_margin').notNull(),
  fee: money('fee').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

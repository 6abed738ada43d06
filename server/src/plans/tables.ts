import type { AccountMode } from '@swx/shared/contract';
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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Smart-plan products (the seed's markets of type 1). Seeded from configuration on first start (insert if the
 * code is new), then changed only by staff with a reason: `termsVersion` grows with every change, so a quote
 * made on older terms is refused with `11007`.
 */
export const planProducts = pgTable('plan_products', {
  id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  underlying: text('underlying').notNull(),
  currency: text('currency').notNull(),
  /** `[{days, dailyRate}]`: the cycles offered and the fixed rate of each. */
  terms: jsonb('terms').$type<{ days: number; dailyRate: string }[]>().notNull(),
  minAmount: numeric('min_amount', { precision: 36, scale: 18 }).notNull(),
  maxAmount: numeric('max_amount', { precision: 36, scale: 18 }).notNull(),
  exitDamagesRate: numeric('exit_damages_rate', { precision: 20, scale: 12 }).notNull(),
  /** One earning cycle, seconds: 86,400 in production; configuration may set a short one (test runs). */
  earningIntervalSeconds: integer('earning_interval_seconds').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  termsVersion: integer('terms_version').notNull().default(1),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A purchase quote: buying confirms exactly these terms, once, before `expires_at` (promise 4). */
export const planQuotes = pgTable(
  'plan_quotes',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    mode: text('mode').$type<AccountMode>().notNull().default('real'),
    productId: bigint('product_id', { mode: 'bigint' }).notNull(),
    termsVersion: integer('terms_version').notNull(),
    days: integer('days').notNull(),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    dailyRate: numeric('daily_rate', { precision: 20, scale: 12 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_quotes_expires_idx').on(t.expiresAt)],
);

/**
 * A customer's plan, in the account set (`mode`) it was bought with: real money from the real reserve, play
 * money from the demo one. It carries the terms it was bought with; the principal sits in the customer's
 * held funds until expiry or exit. `cycles_paid` and `next_earning_at` move
 * in the same transaction as the payout's ledger entry and its `plan_payouts` row.
 */
export const plans = pgTable(
  'plans',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    mode: text('mode').$type<AccountMode>().notNull().default('real'),
    productId: bigint('product_id', { mode: 'bigint' }).notNull(),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    underlying: text('underlying').notNull(),
    currency: text('currency').notNull(),
    days: integer('days').notNull(),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    dailyRate: numeric('daily_rate', { precision: 20, scale: 12 }).notNull(),
    dailyIncome: numeric('daily_income', { precision: 36, scale: 18 }).notNull(),
    exitDamagesRate: numeric('exit_damages_rate', { precision: 20, scale: 12 }).notNull(),
    earningIntervalSeconds: integer('earning_interval_seconds').notNull(),
    quoteId: text('quote_id').notNull().unique(),
    status: text('status').$type<'earning' | 'completed' | 'exited'>().notNull().default('earning'),
    cyclesPaid: integer('cycles_paid').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Null once the plan has ended. */
    nextEarningAt: timestamp('next_earning_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    damages: numeric('damages', { precision: 36, scale: 18 }),
  },
  (t) => [
    index('plans_user_idx').on(t.userId, t.id),
    index('plans_due_idx')
      .on(t.nextEarningAt)
      .where(sql`${t.status} = 'earning'`),
    // One running plan per customer, account set and product (10024), even for two purchases racing.
    uniqueIndex('plans_one_running_per_mode_product')
      .on(t.userId, t.mode, t.productId)
      .where(sql`${t.status} = 'earning'`),
    check('plans_mode', sql`${t.mode} in ('real', 'demo')`),
    check('plans_status', sql`${t.status} in ('earning', 'completed', 'exited')`),
    check('plans_cycles', sql`${t.cyclesPaid} >= 0 and ${t.cyclesPaid} <= ${t.days}`),
    check('plans_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** One row per paid (plan, cycle): the primary key is what makes a day impossible to pay twice. */
export const planPayouts = pgTable(
  'plan_payouts',
  {
    planId: bigint('plan_id', { mode: 'bigint' }).notNull(),
    cycle: integer('cycle').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    journalId: bigint('journal_id', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.cycle] }),
    index('plan_payouts_user_idx').on(t.userId, t.paidAt),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Crypto deposits the customer reports (amount, transaction hash, proof image), waiting for a staff decision.
 * The money moves only on approval, from the platform's external custody account to the customer.
 */
export const cashierDeposits = pgTable(
  'cashier_deposits',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    /** The chain the hash lives on (`tron`, `ethereum`, `bitcoin`): ERC20 and ETH share one. */
    chain: text('chain').notNull(),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    /** The platform address the customer was shown, kept as it was at submission. */
    address: text('address').notNull(),
    /** Lower-cased, so the same hash in another spelling is still the same transaction. */
    txHash: text('tx_hash').notNull(),
    proofImage: text('proof_image').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    reason: text('reason'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('cashier_deposits_user_idx').on(t.userId, t.id),
    index('cashier_deposits_status_idx').on(t.status, t.id),
    // A transaction can be credited only once: one live (pending or approved) deposit per hash and chain.
    uniqueIndex('cashier_deposits_live_hash')
      .on(t.chain, t.txHash)
      .where(sql`${t.status} <> 'rejected'`),
    check('cashier_deposits_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('cashier_deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** A withdrawal fee quote: the customer confirms exactly these terms, once, before `expires_at`. */
export const cashierWithdrawalQuotes = pgTable(
  'cashier_withdrawal_quotes',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    network: text('network'),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    fee: numeric('fee', { precision: 36, scale: 18 }).notNull(),
    feeRate: numeric('fee_rate', { precision: 36, scale: 18 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cashier_withdrawal_quotes_expires_idx').on(t.expiresAt)],
);

/**
 * Withdrawals: amount plus fee held while pending and approved; settled on completion (amount to external
 * custody, fee to the platform's fees), released on rejection or cancellation.
 */
export const cashierWithdrawals = pgTable(
  'cashier_withdrawals',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    method: text('method').$type<'crypto' | 'bank'>().notNull(),
    currency: text('currency').notNull(),
    network: text('network'),
    address: text('address'),
    payeeName: text('payee_name'),
    cardNumber: text('card_number'),
    bankName: text('bank_name'),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    fee: numeric('fee', { precision: 36, scale: 18 }).notNull(),
    quoteId: text('quote_id').notNull().unique(),
    status: text('status')
      .$type<'pending' | 'approved' | 'completed' | 'rejected' | 'cancelled'>()
      .notNull()
      .default('pending'),
    reason: text('reason'),
    reference: text('reference'),
    decidedByStaffId: bigint('decided_by_staff_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('cashier_withdrawals_user_idx').on(t.userId, t.id),
    index('cashier_withdrawals_status_idx').on(t.status, t.id),
    check(
      'cashier_withdrawals_status',
      sql`${t.status} in ('pending', 'approved', 'completed', 'rejected', 'cancelled')`,
    ),
    check('cashier_withdrawals_amount_positive', sql`${t.amount} > 0`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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

// ---- deposits credited from the chain (cashier/chain) ----------------------------------------------------------

/**
 * One derivation index per customer, given on their first deposit address: the BIP-44 address index of every
 * deposit address of theirs (one per watched network, `m/44'/60'/<chain id>'/0/<index>`). Never reused.
 */
export const cashierChainCustomers = pgTable('cashier_chain_customers', {
  userId: bigint('user_id', { mode: 'bigint' }).primaryKey(),
  addressIndex: integer('address_index').notNull().unique().generatedAlwaysAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Deposit addresses given out: public data only (the key is derived again from the sealed hot-wallet seed when
 * it is needed). An address is kept as it was derived even if the configuration changes later, so a transfer
 * to it is always recognised.
 */
export const cashierChainAddresses = pgTable(
  'cashier_chain_addresses',
  {
    /** Lower-case `0x` + 40 hex digits. */
    address: text('address').primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    chainId: integer('chain_id').notNull(),
    /** The derivation path's account (the chain id) and address index (the customer's). */
    accountIndex: integer('account_index').notNull(),
    addressIndex: integer('address_index').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('cashier_chain_addresses_user_chain').on(t.userId, t.chainId)],
);

/**
 * How far the watcher has read each chain: the last block handled and its hash (the next block must be its
 * child), and the health of the network's node for staff (failures in a row, the last error, since when).
 */
export const cashierChainCursors = pgTable('cashier_chain_cursors', {
  chainId: integer('chain_id').primaryKey(),
  height: bigint('height', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  stalledSince: timestamp('stalled_since', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The hashes of the blocks read lately (the reorganisation window): where a replaced branch forked. */
export const cashierChainBlocks = pgTable(
  'cashier_chain_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
);

export type ChainDepositStatus =
  'seen' | 'credited' | 'dropped' | 'reorged' | 'below_minimum' | 'unknown_token' | 'wrong_network';

/**
 * Every transfer the watcher found to one of our addresses, once per (chain, transaction, log index) whatever
 * the restarts (a native transfer has log index -1). `seen` waits for its confirmations, then is `credited`
 * through the ledger once; `dropped` when its block was replaced first (seen again if the new branch holds it);
 * `reorged` when that happened after crediting (flagged for staff); the others are recorded, never credited.
 */
export const cashierChainDeposits = pgTable(
  'cashier_chain_deposits',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    /** The configured network's id when it was seen (`ethereum`). */
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** The ERC-20 contract; null for the native coin. */
    tokenContract: text('token_contract'),
    /** The ledger currency; null for a token we do not know. */
    coin: text('coin'),
    /** The amount in the token's smallest unit, as the chain says it (decimal digits). */
    rawAmount: text('raw_amount').notNull(),
    /** The exact amount in `coin`; null for an unknown token. */
    amount: numeric('amount'),
    /** What the ledger credited: `amount` rounded down to the coin's ledger precision. */
    creditedAmount: numeric('credited_amount', { precision: 36, scale: 18 }),
    /** The owner of `to_address` (the address may belong to another network: `wrong_network`). */
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    status: text('status').$type<ChainDepositStatus>().notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** When its block was replaced after it was credited (staff look at it). */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('cashier_chain_deposits_key').on(t.chainId, t.txHash, t.logIndex),
    index('cashier_chain_deposits_user_idx').on(t.userId, t.id),
    index('cashier_chain_deposits_status_idx').on(t.chainId, t.status, t.blockNumber),
    check(
      'cashier_chain_deposits_status',
      sql`${t.status} in ('seen', 'credited', 'dropped', 'reorged', 'below_minimum', 'unknown_token', 'wrong_network')`,
    ),
    check('cashier_chain_deposits_raw_amount', sql`${t.rawAmount} ~ '^[0-9]{1,78}$'`),
  ],
);

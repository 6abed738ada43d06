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
      .$type<'pending' | 'approved' | 'completed' | 'rejected' | 'cancelled' | 'returned'>()
      .notNull()
      .default('pending'),
    reason: text('reason'),
    reference: text('reference'),
    /**
     * An approved withdrawal on a watched network, paid from the hot wallet (cashier/chain/payouts.ts):
     * `waiting_funds` (the hot wallet cannot pay amount and gas yet), `waiting_gas` (gas above the cap),
     * `sending` (recorded and broadcast, key `withdrawal:<id>`), `confirming` (mined, counting confirmations);
     * null for the manual path. Completion (`completed`) or return (`returned`) ends it.
     */
    chainState: text('chain_state').$type<'waiting_funds' | 'waiting_gas' | 'sending' | 'confirming'>(),
    chainId: integer('chain_id'),
    /** The transaction that paid it (or the latest attempt while it is sent). */
    txHash: text('tx_hash'),
    chainUpdatedAt: timestamp('chain_updated_at', { withTimezone: true }),
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
      sql`${t.status} in ('pending', 'approved', 'completed', 'rejected', 'cancelled', 'returned')`,
    ),
    check('cashier_withdrawals_amount_positive', sql`${t.amount} > 0`),
    check(
      'cashier_withdrawals_chain_state',
      sql`${t.chainState} is null or ${t.chainState} in ('waiting_funds', 'waiting_gas', 'sending', 'confirming')`,
    ),
    index('cashier_withdrawals_chain_idx').on(t.chainState, t.id),
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

// ---- transactions sent from our wallets (cashier/chain/sender.ts) ----------------------------------------------

/**
 * The next nonce of each of our sending addresses per chain (the hot wallet, and deposit addresses when they are
 * swept): taken under a row lock in the transaction that records the outgoing transaction, so two instances
 * never sign two transactions with one nonce.
 */
export const cashierChainNonces = pgTable(
  'cashier_chain_nonces',
  {
    chainId: integer('chain_id').notNull(),
    /** Lower-case `0x` + 40 hex digits. */
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

export type ChainSendStatus = 'pending' | 'cancelling' | 'mined' | 'confirmed' | 'failed' | 'cancelled';

/**
 * One outgoing transfer (native coin or ERC-20), recorded with its signed transaction before it is broadcast,
 * once per caller-given key (`withdrawal:42`): a retry after a crash broadcasts the same signed transaction.
 * `pending` (signed, maybe broadcast) and `cancelling` (given up: a 0-value self-transfer at the same nonce was
 * signed) wait for the nonce to be mined; `mined` counts confirmations; then `confirmed` (the transfer moved),
 * `failed` (it reverted: nothing moved but gas) or `cancelled` (the nonce went to the cancel or was taken by
 * another transaction: nothing moved).
 */
export const cashierChainSends = pgTable(
  'cashier_chain_sends',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique(),
    chainId: integer('chain_id').notNull(),
    fromAddress: text('from_address').notNull(),
    /** The recipient of the value (for a token, the holder credited by the transfer, not the contract). */
    toAddress: text('to_address').notNull(),
    /** The ERC-20 contract; null for the native coin. */
    tokenContract: text('token_contract'),
    /** The amount in the token's smallest unit (decimal digits). */
    rawAmount: text('raw_amount').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    gasLimit: text('gas_limit').notNull(),
    status: text('status').$type<ChainSendStatus>().notNull(),
    /** Signed attempts so far (the first, then same-nonce replacements and the cancel). */
    attempts: integer('attempts').notNull().default(1),
    /** The attempt that was mined: its hash, block and whether it was the cancel. */
    minedHash: text('mined_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the newest attempt was last broadcast (a re-send is due `resendAfterMs` later). */
    broadcastAt: timestamp('broadcast_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    unique('cashier_chain_sends_nonce').on(t.chainId, t.fromAddress, t.nonce),
    index('cashier_chain_sends_open_idx').on(t.chainId, t.status),
    check(
      'cashier_chain_sends_status',
      sql`${t.status} in ('pending', 'cancelling', 'mined', 'confirmed', 'failed', 'cancelled')`,
    ),
    check('cashier_chain_sends_raw_amount', sql`${t.rawAmount} ~ '^[0-9]{1,78}$'`),
  ],
);

/** Every signed transaction of a send (one nonce): the first, same-nonce replacements, the cancel. */
export const cashierChainSendAttempts = pgTable(
  'cashier_chain_send_attempts',
  {
    sendId: bigint('send_id', { mode: 'bigint' }).notNull(),
    attempt: integer('attempt').notNull(),
    kind: text('kind').$type<'transfer' | 'cancel'>().notNull(),
    txHash: text('tx_hash').notNull().unique(),
    /** The signed transaction, as broadcast (public data: it is what the network sees). */
    rawTx: text('raw_tx').notNull(),
    maxFeePerGas: text('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: text('max_priority_fee_per_gas').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sendId, t.attempt] }),
    check('cashier_chain_send_attempts_kind', sql`${t.kind} in ('transfer', 'cancel')`),
  ],
);

// ---- sweeps: deposit addresses emptied into the hot wallet (cashier/chain/sweeps.ts) ---------------------------

export type ChainSweepStatus = 'funding' | 'sweeping' | 'done' | 'failed';

/**
 * One sweep of one coin out of one deposit address into the hot wallet: ledger-neutral (the coins were the
 * customer's on the ledger when credited; only where they sit on the chain moves). `funding`: the address is
 * sent the gas its token transfer needs (send `sweep:<id>:gas:<round>`), confirmed before anything else;
 * `sweeping`: the transfer out (send `sweep:<id>:transfer`); then `done` or `failed` (with the reason). At most
 * one open sweep per address, so a native sweep never spends gas sent for a token's.
 */
export const cashierChainSweeps = pgTable(
  'cashier_chain_sweeps',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    /** The deposit address swept (lower-case), and whose it is. */
    address: text('address').notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    coin: text('coin').notNull(),
    /** The ERC-20 contract; null for the native coin. */
    tokenContract: text('token_contract'),
    /** What the address held of the coin when the sweep was planned (smallest unit, decimal digits). */
    rawBalance: text('raw_balance').notNull(),
    /** The newest credited deposit this sweep covers: later ones count toward the next sweep's threshold. */
    upToDepositId: bigint('up_to_deposit_id', { mode: 'bigint' }).notNull(),
    status: text('status').$type<ChainSweepStatus>().notNull(),
    /** Gas top-ups signed so far (their keys end `:gas:1`, `:gas:2`, …). */
    gasRounds: integer('gas_rounds').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cashier_chain_sweeps_open')
      .on(t.chainId, t.address)
      .where(sql`${t.status} in ('funding', 'sweeping')`),
    index('cashier_chain_sweeps_coin_idx').on(t.chainId, t.address, t.tokenContract, t.id),
    index('cashier_chain_sweeps_status_idx').on(t.status, t.id),
    check('cashier_chain_sweeps_status', sql`${t.status} in ('funding', 'sweeping', 'done', 'failed')`),
    check('cashier_chain_sweeps_raw_balance', sql`${t.rawBalance} ~ '^[0-9]{1,78}$'`),
  ],
);

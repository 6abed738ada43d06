import { bigint, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Invite rewards paid: one row per rewarded fee, written in the same transaction as the ledger entry that
 * pays it (the entry is the money; this row makes the inviter's totals a cheap query).
 */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    inviterUserId: bigint('inviter_user_id', { mode: 'bigint' }).notNull(),
    friendUserId: bigint('friend_user_id', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    fee: numeric('fee', { precision: 36, scale: 18 }).notNull(),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    journalId: bigint('journal_id', { mode: 'bigint' }).notNull().unique(),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invite_rewards_inviter_idx').on(t.inviterUserId, t.currency)],
);

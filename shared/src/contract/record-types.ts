/**
 * Every journal entry type the ledger writes (`EntryDescription.type` on the server is typed with this list,
 * so a new kind of money movement cannot be posted without joining it), and the business records entries
 * refer to. The customer's records name each in their own language (`records.types.*`, `records.references.*`
 * in the SDK's common strings); a locale test fails when one has no text.
 */
export const ledgerEntryTypes = [
  'demo_grant',
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  'spot_order_hold',
  'spot_order_release',
  'spot_trade',
  'margin_entry_hold',
  'margin_entry_release',
  'margin_open',
  'margin_close',
  'margin_liquidation',
  'option_stake',
  'option_won',
  'option_lost',
  'option_refund',
  'invite_reward',
  'plan_principal_hold',
  'plan_principal_release',
  'plan_payout',
  'plan_exit',
  'plan_reserve_funding',
  'loan_disbursement',
  'loan_repayment',
  'loan_withdrawal',
  'loan_collection',
  'loan_write_off',
  'lending_capital_funding',
  'charity_payout',
  'nft_bid_hold',
  'nft_bid_release',
  'nft_sale',
  'correction',
] as const;
export type LedgerEntryType = (typeof ledgerEntryTypes)[number];

/** The entry types of trading (spot, margin, options): what staff see as a customer's recent trades. */
export const tradingEntryTypes = [
  'spot_trade',
  'margin_open',
  'margin_close',
  'margin_liquidation',
  'option_stake',
  'option_won',
  'option_lost',
  'option_refund',
] as const satisfies readonly LedgerEntryType[];

/** What a journal entry's reference points at: the record the customer can open from their records. */
export const recordReferenceTypes = [
  'deposit',
  'chain_deposit',
  'withdrawal',
  'spot_order',
  'margin_position',
  'option',
  'plan',
  'loan',
  'nft',
  'nft_bid',
] as const;
export type RecordReferenceType = (typeof recordReferenceTypes)[number];

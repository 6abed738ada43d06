import { getRootStore, type Lang } from '@swx/shared';
import {
  successes,
  type AssetInfo,
  type ChainDeposit,
  type ChainDepositAddresses,
  type ContentDetail,
  type ContentSummary,
  type Deposit,
  type DepositOptions,
  type InviteSummary,
  type NotificationPage,
  type RechargeBody,
  type SuccessCode,
  type TransactionRecordPage,
  type UploadResult,
  type UserInfo,
  type Withdrawal,
  type WithdrawalBody,
  type WithdrawalQuote,
  type WithdrawalQuoteBody,
} from '@swx/shared/contract';

const api = () => getRootStore().api;

/** Filters of the transaction records list and its CSV export. */
export interface RecordFilters {
  type?: string;
  currency?: string;
  /** ISO date-time bounds. */
  from?: string;
  to?: string;
}

/** The records query: the list filter is one entry type, the API takes a repeated `type`; blanks are left out. */
function queryOf(filters: RecordFilters) {
  return {
    type: filters.type ? [filters.type] : undefined,
    currency: filters.currency || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/**
 * The account module's calls (docs/product.md, the API, business rules). Content uses the language tag form of the selector (our
 * addition), so every one of the ten languages gets its own text where the content store has it.
 */
export const accountApi = {
  listContents(type: number, lang: Lang): Promise<ContentSummary[]> {
    return api().call('content.list', { params: { selector: `${type}-${lang}` } });
  },

  content(id: string): Promise<ContentDetail> {
    return api().call('content.get', { params: { id } });
  },

  userInfo(): Promise<UserInfo> {
    return api().call('auth.userInfo');
  },

  /** Stored trading preferences; answers the customer record with them. */
  setOneClickTrading(oneClickTrading: boolean): Promise<UserInfo> {
    return api().call('auth.preferences', { body: { oneClickTrading } });
  },

  /** `id` is a currency code or `all`; balances of the account set in the active mode. */
  assets(id = 'all'): Promise<AssetInfo> {
    return api().call('trading.assets', { params: { id } });
  },

  async changePassword(body: {
    oldPassword: string;
    password: string;
    confirmPassword: string;
  }): Promise<SuccessCode> {
    const answer = await api().submit('auth.repassword', { body });
    return answer.successCode ?? successes.modified;
  },

  async logout(): Promise<void> {
    await api().call('auth.logout');
  },

  notifications(page = 1, pageSize = 20): Promise<NotificationPage> {
    return api().call('notifications.list', { query: { page, pageSize } });
  },

  async unreadCount(): Promise<number> {
    return (await api().call('notifications.unreadCount')).unread;
  },

  markRead(body: { ids: string[] } | { all: true }): Promise<{ marked: number; unread: number }> {
    return api().call('notifications.markRead', { body });
  },

  depositOptions(): Promise<DepositOptions> {
    return api().call('cashier.depositOptions');
  },

  /** The watched networks with the customer's own address on each; empty when the server watches none. */
  depositAddresses(): Promise<ChainDepositAddresses> {
    return api().call('cashier.depositAddresses');
  },

  /** The customer's transfers read from the chain, newest first, with their confirmations. */
  chainDeposits(): Promise<ChainDeposit[]> {
    return api().call('cashier.chainDeposits');
  },

  uploadImage(file: Blob): Promise<UploadResult> {
    return api().upload('uploads.uploadImage', file);
  },

  recharge(
    body: RechargeBody,
    idempotencyKey: string,
  ): Promise<{ result: Deposit; successCode: SuccessCode | null }> {
    return api().submit('cashier.recharge', { body }, { idempotencyKey });
  },

  deposits(): Promise<Deposit[]> {
    return api().call('cashier.deposits');
  },

  withdrawalQuote(body: WithdrawalQuoteBody): Promise<WithdrawalQuote> {
    return api().call('cashier.withdrawalQuote', { body });
  },

  withdraw(
    body: WithdrawalBody,
    idempotencyKey: string,
  ): Promise<{ result: Withdrawal; successCode: SuccessCode | null }> {
    return api().submit('cashier.withdraw', { body }, { idempotencyKey });
  },

  withdrawals(): Promise<Withdrawal[]> {
    return api().call('cashier.withdrawals');
  },

  cancelWithdrawal(id: string): Promise<Withdrawal> {
    return api().call('cashier.cancelWithdrawal', { body: { id } });
  },

  records(filters: RecordFilters, page: number, pageSize = 20): Promise<TransactionRecordPage> {
    return api().call('records.list', { query: { ...queryOf(filters), page, pageSize } });
  },

  /**
   * The CSV export is a file, not an envelope; the SDK client sends the same token and account mode. `lang`
   * names the header and the types in the customer's language.
   */
  recordsCsv(filters: RecordFilters, lang: string): Promise<Blob> {
    return api().download('records.csv', { query: { ...queryOf(filters), lang } });
  },

  invite(): Promise<InviteSummary> {
    return api().call('invites.summary');
  },
};

export type AccountApi = typeof accountApi;

import { getRootStore, type Lang } from '@swx/shared';
import type {
  AssetInfo,
  ContentDetail,
  ContentSummary,
  Deposit,
  DepositOptions,
  InviteSummary,
  NotificationPage,
  RechargeBody,
  SuccessCode,
  TransactionRecordPage,
  UploadResult,
  UserInfo,
  Withdrawal,
  WithdrawalBody,
  WithdrawalQuote,
  WithdrawalQuoteBody,
} from '@swx/shared/contract';

const root = () => getRootStore();
const api = () => root().api;

/** Where the customer API lives when the module is served by the site (the SDK client's default). */
const customerApiBase = '/swx/customer';

/** Filters of the transaction records list and its CSV export. */
export interface RecordFilters {
  type?: string;
  currency?: string;
  /** ISO date-time bounds. */
  from?: string;
  to?: string;
}

/**
 * The account module's calls (PRODUCT.md §3, §4). Content uses the language tag form of the selector (our
 * addition), so every one of the ten languages gets its own text where the content store has it.
 */
export const accountApi = {
  listContents(type: number, lang: Lang): Promise<ContentSummary[]> {
    return api().get<ContentSummary[]>(`/index/listContents/${type}-${lang}`);
  },

  content(id: string): Promise<ContentDetail> {
    return api().get<ContentDetail>(`/index/getContentsById/${encodeURIComponent(id)}`);
  },

  userInfo(): Promise<UserInfo> {
    return api().post<UserInfo>('/user/getUserInfo');
  },

  /** `id` is a currency code or `all`; balances of the account set in the active mode. */
  assets(id = 'all'): Promise<AssetInfo> {
    return api().get<AssetInfo>(`/order/getAssestInfo/${encodeURIComponent(id)}`);
  },

  async changePassword(body: {
    oldPassword: string;
    password: string;
    confirmPassword: string;
  }): Promise<SuccessCode> {
    const answer = await api().submit<null>('/user/repassword', body);
    return answer.successCode ?? '20005';
  },

  async logout(): Promise<void> {
    await api().post<null>('/login/logout');
  },

  notifications(page = 1, pageSize = 20): Promise<NotificationPage> {
    return api().get<NotificationPage>('/user/notifications', { page, pageSize });
  },

  async unreadCount(): Promise<number> {
    return (await api().get<{ unread: number }>('/user/notifications/unreadCount')).unread;
  },

  markRead(body: { ids: string[] } | { all: true }): Promise<{ marked: number; unread: number }> {
    return api().post('/user/notifications/read', body);
  },

  depositOptions(): Promise<DepositOptions> {
    return api().get<DepositOptions>('/user/depositOptions');
  },

  uploadImage(file: Blob): Promise<UploadResult> {
    return api().upload<UploadResult>('/upload/image', file);
  },

  recharge(
    body: RechargeBody,
    idempotencyKey: string,
  ): Promise<{ result: Deposit; successCode: SuccessCode | null }> {
    return api().submit<Deposit>('/user/recharge', body, { idempotencyKey });
  },

  deposits(): Promise<Deposit[]> {
    return api().get<Deposit[]>('/user/listRecharge');
  },

  withdrawalQuote(body: WithdrawalQuoteBody): Promise<WithdrawalQuote> {
    return api().post<WithdrawalQuote>('/user/withdrawalQuote', body);
  },

  withdraw(
    body: WithdrawalBody,
    idempotencyKey: string,
  ): Promise<{ result: Withdrawal; successCode: SuccessCode | null }> {
    return api().submit<Withdrawal>('/user/withdrawal', body, { idempotencyKey });
  },

  withdrawals(): Promise<Withdrawal[]> {
    return api().get<Withdrawal[]>('/user/listWithdrwal');
  },

  cancelWithdrawal(id: string): Promise<Withdrawal> {
    return api().post<Withdrawal>('/user/cancelWithdrawal', { id });
  },

  records(filters: RecordFilters, page: number, pageSize = 20): Promise<TransactionRecordPage> {
    return api().get<TransactionRecordPage>('/user/records', { ...filters, page, pageSize });
  },

  /**
   * The CSV export is not an envelope, so it is fetched directly with the same headers the SDK client sends
   * (token and account mode) and handed back as a file.
   */
  async recordsCsv(filters: RecordFilters): Promise<Blob> {
    const { session, settings } = root();
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) params.append(key, value);
    const query = params.toString();
    const headers: Record<string, string> = { virtually: settings.isDemo ? 'NO' : 'YES' };
    if (session.token) headers.Authorization = session.token;
    const response = await fetch(`${customerApiBase}/user/records.csv${query ? `?${query}` : ''}`, {
      headers,
    });
    if (response.status === 401) session.handleUnauthorized();
    if (!response.ok) throw new Error(`records.csv answered HTTP ${response.status}`);
    return response.blob();
  },

  invite(): Promise<InviteSummary> {
    return api().get<InviteSummary>('/user/invite');
  },
};

export type AccountApi = typeof accountApi;

import { getRootStore } from '@swx/shared';
import type {
  IdentificationBody,
  KycDetail,
  KycImageField,
  Loan,
  LoanApplyBody,
  LoanProduct,
  LoanQuote,
  UploadResult,
} from '@swx/shared/contract';

const api = () => getRootStore().api;

/** The loan module's calls (issue 14): identity verification, the loan product, quotes, loans. */
export const loanApi = {
  kycDetail(): Promise<KycDetail> {
    return api().call('kyc.detail');
  },

  submitKyc(body: IdentificationBody): Promise<KycDetail> {
    return api().call('kyc.submit', { body });
  },

  /**
   * A photo picked in the verification form goes to the server at once (sealed there, kept 24 hours unless
   * submitted), so a resumed form keeps it.
   */
  uploadImage(file: Blob): Promise<UploadResult> {
    return api().upload('uploads.uploadIdentityImage', file);
  },

  /** An upload of this customer's not yet submitted, fetched again for its preview. */
  uploadedImage(id: string): Promise<Blob> {
    return api().download('uploads.image', { params: { id } });
  },

  /** A thumbnail of a submitted identity photo (owner only). */
  kycImage(field: KycImageField): Promise<Blob> {
    return api().download('kyc.image', { params: { field } });
  },

  product(): Promise<LoanProduct> {
    return api().call('loans.product');
  },

  quote(amount: string, term: number): Promise<LoanQuote> {
    return api().call('loans.quote', { body: { amount, term } });
  },

  apply(body: LoanApplyBody): Promise<Loan> {
    return api().call('loans.apply', { body });
  },

  loans(): Promise<Loan[]> {
    return api().call('loans.list');
  },

  loan(id: string): Promise<Loan> {
    return api().call('loans.get', { params: { id } });
  },

  /** `amount` is the amount due the customer saw: if a day turned meanwhile, the server answers 11007. */
  repay(id: string, amount: string): Promise<Loan> {
    return api().call('loans.repay', { body: { id, amount } });
  },

  /**
   * Withdraws (within 14 days, before maturity) or cancels a pending application. `amount` is the withdrawal
   * amount the customer saw (principal + interest accrued): if a day turned meanwhile, the server answers 11007.
   */
  withdraw(id: string, amount?: string): Promise<Loan> {
    return api().call('loans.withdraw', { body: amount === undefined ? { id } : { id, amount } });
  },

  contract(id: string): Promise<Blob> {
    return api().download('loans.contract', { params: { id } });
  },

  /** The session's customer record, so the page follows a status change (KYC approved). */
  async refreshUser(): Promise<void> {
    const root = getRootStore();
    const user = await root.api.call('auth.userInfo');
    root.session.setUserInfo(user);
  },
};

export type LoanApi = typeof loanApi;

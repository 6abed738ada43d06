import { getRootStore } from '@swx/shared';
import type {
  AddAddressBody,
  AccountClosed,
  AddressBook,
  DataExport,
  NotMeResult,
  OwnSession,
  Passkey,
  PasskeyAnswer,
  PasskeyCeremony,
  PrivacyOverview,
  RecoveryCodes,
  SecurityChangeEntry,
  SecurityOverview,
  SignInEvent,
  TotpEnrolment,
  UserInfo,
} from '@swx/shared/contract';

const api = () => getRootStore().api;

/** The Security page's calls (`/user/security/*`). Sensitive ones are run through the step-up by the screens. */
export const securityApi = {
  overview: (): Promise<SecurityOverview> => api().call('security.overview'),
  totpEnrol: (): Promise<TotpEnrolment> => api().call('security.totpEnrol'),
  totpConfirm: (code: string): Promise<RecoveryCodes> =>
    api().call('security.totpConfirm', { body: { code } }),
  totpDisable: async (code: string): Promise<void> => {
    await api().call('security.totpDisable', { body: { code } });
  },
  recoveryCodes: (): Promise<RecoveryCodes> => api().call('security.recoveryCodes'),
  passkeyOptions: (): Promise<PasskeyCeremony> => api().call('security.passkeyOptions'),
  addPasskey: (passkey: PasskeyAnswer, name: string): Promise<Passkey[]> =>
    api().call('security.addPasskey', { body: { passkey, name } }),
  renamePasskey: (id: string, name: string): Promise<Passkey[]> =>
    api().call('security.renamePasskey', { body: { id, name } }),
  removePasskey: (id: string): Promise<Passkey[]> => api().call('security.removePasskey', { body: { id } }),
  addresses: (): Promise<AddressBook> => api().call('security.addresses'),
  addAddress: (body: AddAddressBody): Promise<AddressBook> => api().call('security.addAddress', { body }),
  confirmAddress: (id: string, code: string): Promise<AddressBook> =>
    api().call('security.confirmAddress', { body: { id, code } }),
  resendAddressCode: async (id: string): Promise<void> => {
    await api().call('security.resendAddressCode', { body: { id } });
  },
  removeAddress: (id: string): Promise<AddressBook> => api().call('security.removeAddress', { body: { id } }),
  whitelist: (enabled: boolean): Promise<AddressBook> =>
    api().call('security.whitelist', { body: { enabled } }),
  antiPhishing: (code: string | null): Promise<SecurityOverview> =>
    api().call('security.antiPhishing', { body: { code } }),
  emailCode: async (email: string): Promise<void> => {
    await api().call('security.emailCode', { body: { email } });
  },
  changeEmail: (email: string, code: string): Promise<UserInfo> =>
    api().call('security.changeEmail', { body: { email, code } }),
  sessions: (): Promise<OwnSession[]> => api().call('security.sessions'),
  revokeSession: (id: string): Promise<OwnSession[]> =>
    api().call('security.revokeSession', { body: { id } }),
  revokeOtherSessions: (): Promise<OwnSession[]> => api().call('security.revokeOtherSessions'),
  history: (): Promise<SignInEvent[]> => api().call('security.history'),
  changes: (): Promise<SecurityChangeEntry[]> => api().call('security.changes'),
  notMe: (): Promise<NotMeResult> => api().call('security.notMe'),
  // The customer's data and account closure (`/user/privacy/*`).
  privacy: (): Promise<PrivacyOverview> => api().call('privacy.overview'),
  requestExport: (): Promise<DataExport> => api().call('privacy.requestExport'),
  downloadExport: (id: string): Promise<Blob> => api().download('privacy.downloadExport', { params: { id } }),
  closeAccount: (confirmUsername: string): Promise<AccountClosed> =>
    api().call('privacy.closeAccount', { body: { confirmUsername } }),
};

export type SecurityApi = typeof securityApi;

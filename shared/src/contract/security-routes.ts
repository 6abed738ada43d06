import { LoginResult, UserInfo } from './auth';
import { CustomerIdPath } from './staff-customers';
import {
  AddAddressBody,
  AddressBook,
  AntiPhishingBody,
  ChangeEmailBody,
  ConfirmAddressBody,
  CustomerSecurity,
  EmailCodeBody,
  IdOnlyBody,
  NotMeBody,
  NotMeResult,
  OwnSessionList,
  PasskeyCeremony,
  PasskeyList,
  PasskeyLoginBody,
  RecoveryCodes,
  RegisterPasskeyBody,
  RenamePasskeyBody,
  SecondFactorBody,
  SecurityChangeList,
  SecurityOverview,
  SecurityRejectBody,
  SecurityRequest,
  SecurityRequestBody,
  SecurityRequestList,
  SecurityRequestPath,
  SecurityRequestQuery,
  SessionIdBody,
  SignInHistory,
  StepUpBody,
  StepUpGranted,
  StepUpStartBody,
  StepUpStarted,
  StepUpStatus,
  TicketBody,
  TotpCodeBody,
  TotpEnrolment,
  WhitelistBody,
} from './security';
import { Nothing, get, post, staff, customerReaders, type RouteSpec } from './route-spec';

const securityStaff = ['reviewer', 'admin'] as const;

/** Customer account security (issue 25): sign-in's second step, the Security page, staff requests. */
export const securityRoutes = {
  // ---- sign-in: second factor, passkeys, "this was not me" ----
  'auth.secondFactor': post({ path: '/login/secondFactor', body: SecondFactorBody, result: LoginResult }),
  'auth.secondFactorPasskey': post({
    path: '/login/secondFactor/passkey',
    body: TicketBody,
    result: PasskeyCeremony,
  }),
  'auth.passkeyOptions': post({ path: '/login/passkeyOptions', result: PasskeyCeremony }),
  'auth.passkeyLogin': post({ path: '/login/loginByPasskey', body: PasskeyLoginBody, result: LoginResult }),
  'auth.notMe': post({ path: '/login/notMe', body: NotMeBody, result: NotMeResult }),

  // ---- the Security page ----
  'security.overview': get({ path: '/user/security', result: SecurityOverview }),
  'security.stepUpStatus': get({ path: '/user/security/stepUp', result: StepUpStatus }),
  'security.stepUpStart': post({
    path: '/user/security/stepUp/start',
    body: StepUpStartBody,
    result: StepUpStarted,
  }),
  'security.stepUp': post({ path: '/user/security/stepUp', body: StepUpBody, result: StepUpGranted }),
  'security.totpEnrol': post({ path: '/user/security/totp/enrol', result: TotpEnrolment }),
  'security.totpConfirm': post({
    path: '/user/security/totp/confirm',
    body: TotpCodeBody,
    result: RecoveryCodes,
  }),
  'security.totpDisable': post({ path: '/user/security/totp/disable', body: TotpCodeBody, result: Nothing }),
  'security.recoveryCodes': post({ path: '/user/security/recoveryCodes', result: RecoveryCodes }),
  'security.passkeyOptions': post({ path: '/user/security/passkeys/options', result: PasskeyCeremony }),
  'security.addPasskey': post({
    path: '/user/security/passkeys',
    body: RegisterPasskeyBody,
    result: PasskeyList,
  }),
  'security.renamePasskey': post({
    path: '/user/security/passkeys/rename',
    body: RenamePasskeyBody,
    result: PasskeyList,
  }),
  'security.removePasskey': post({
    path: '/user/security/passkeys/remove',
    body: IdOnlyBody,
    result: PasskeyList,
  }),
  'security.addresses': get({ path: '/user/security/addresses', result: AddressBook }),
  'security.addAddress': post({
    path: '/user/security/addresses',
    body: AddAddressBody,
    result: AddressBook,
  }),
  'security.confirmAddress': post({
    path: '/user/security/addresses/confirm',
    body: ConfirmAddressBody,
    result: AddressBook,
  }),
  'security.resendAddressCode': post({
    path: '/user/security/addresses/resend',
    body: IdOnlyBody,
    result: Nothing,
  }),
  'security.removeAddress': post({
    path: '/user/security/addresses/remove',
    body: IdOnlyBody,
    result: AddressBook,
  }),
  'security.whitelist': post({ path: '/user/security/whitelist', body: WhitelistBody, result: AddressBook }),
  'security.antiPhishing': post({
    path: '/user/security/antiPhishing',
    body: AntiPhishingBody,
    result: SecurityOverview,
  }),
  'security.emailCode': post({ path: '/user/security/email/sendCode', body: EmailCodeBody, result: Nothing }),
  'security.changeEmail': post({ path: '/user/security/email', body: ChangeEmailBody, result: UserInfo }),
  'security.sessions': get({ path: '/user/security/sessions', result: OwnSessionList }),
  'security.revokeSession': post({
    path: '/user/security/sessions/revoke',
    body: SessionIdBody,
    result: OwnSessionList,
  }),
  'security.revokeOtherSessions': post({
    path: '/user/security/sessions/revokeOthers',
    result: OwnSessionList,
  }),
  'security.history': get({ path: '/user/security/history', result: SignInHistory }),
  'security.changes': get({ path: '/user/security/changes', result: SecurityChangeList }),
  'security.notMe': post({ path: '/user/security/notMe', result: NotMeResult }),

  // ---- staff: a customer's security, requests decided with four eyes ----
  'admin.customerSecurity': staff('GET', {
    path: '/customers/:id/security',
    params: CustomerIdPath,
    result: CustomerSecurity,
    roles: customerReaders,
  }),
  'admin.requestSecurityAction': staff('POST', {
    path: '/customers/:id/security/requests',
    params: CustomerIdPath,
    body: SecurityRequestBody,
    result: SecurityRequest,
    roles: securityStaff,
  }),
  'admin.securityRequests': staff('GET', {
    path: '/security/requests',
    query: SecurityRequestQuery,
    result: SecurityRequestList,
    roles: securityStaff,
  }),
  'admin.approveSecurityRequest': staff('POST', {
    path: '/security/requests/:id/approve',
    params: SecurityRequestPath,
    result: SecurityRequest,
    roles: securityStaff,
  }),
  'admin.rejectSecurityRequest': staff('POST', {
    path: '/security/requests/:id/reject',
    params: SecurityRequestPath,
    body: SecurityRejectBody,
    result: SecurityRequest,
    roles: securityStaff,
  }),
} as const satisfies Record<string, RouteSpec>;

// ---- back office: customers, corrections, operations ----
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  AuditPage,
  AuditQuery,
  CreateStaffBody,
  ReviewApproveBody,
  ReviewClaimResult,
  ReviewDecision,
  ReviewList,
  ReviewListQuery,
  ReviewPath,
  ReviewRejectBody,
  SetStaffRolesBody,
  StaffIdPath,
  StaffLoginBody,
  StaffLoginResult,
  StaffMe,
  StaffMember,
  StaffMemberList,
  StaffSession,
  StaffTotpConfirmBody,
  StaffTotpConfirmed,
  StaffTotpEnrolment,
  StaffTotpLoginBody,
} from './admin';
import {
  AccountModeBody,
  PreferencesBody,
  CheckNameQuery,
  CheckNameResult,
  LoginBody,
  LoginResult,
  RegisterBody,
  RepasswordBody,
  SendCodeBody,
  UserInfo,
} from './auth';
import {
  CancelWithdrawalBody,
  CompleteWithdrawalBody,
  Deposit,
  DepositList,
  DepositOptions,
  ChainDepositAddresses,
  ChainDepositList,
  StaffChainDeposits,
  ChainSweepQuery,
  ChainSweepPage,
  ListRechargeQuery,
  ListWithdrawalQuery,
  RechargeBody,
  Withdrawal,
  WithdrawalBody,
  WithdrawalIdPath,
  WithdrawalList,
  WithdrawalQuote,
  WithdrawalQuoteBody,
} from './cashier';
import { ContentDetail, ContentIdPath, ContentList, ContentListPath } from './content';
import { InviteSummary } from './invites';
import { LedgerCheck } from './ledger';
import {
  CandleList,
  FeedStatus,
  HomeStats,
  KLineQuery,
  ListMarketAllQuery,
  LogoPath,
  MarketCodeOrIdParams,
  MarketCodePath,
  MarketInfo,
  MarketListResult,
  MarketOptionTermsRecord,
  OptionMarketList,
  SetMarketOptionTermsBody,
  WatchlistBody,
  WatchlistQuery,
  WatchlistResult,
} from './markets';
import {
  MarkReadBody,
  MarkReadResult,
  NotificationPage,
  NotificationsQuery,
  UnreadCount,
} from './notifications';
import { ParamKeyPath, ParamList, ParamValueResult, PublicParamPath, SetParamBody } from './params';
import { CsvRecordsQuery, RecordsQuery, TransactionRecordPage } from './records';
import {
  AssetInfo,
  AssetParams,
  BuyOptionsBody,
  BuyUBody,
  IdBody,
  IdParams,
  ListUOrderQuery,
  MarginQuote,
  MarginQuoteBody,
  ModifyUBody,
  OptionContract,
  OptionContractList,
  Position,
  PositionList,
  ProfitTotal,
  ReceiptList,
  ReceiptParams,
  RiskStats,
  SpotListQuery,
  SpotOrder,
  SpotOrderList,
  SpotSubmitBody,
} from './trading';
import { UploadPath, UploadResult } from './uploads';
import {
  BuySmartBody,
  FundPlanReserveBody,
  ListSmartOrderQuery,
  PlanCatalogue,
  PlanProductList,
  PlanProductPath,
  QuoteSmartBody,
  SetPlanTermsBody,
  SmartExitQuote,
  SmartOrder,
  SmartOrderIdBody,
  ExitSmartBody,
  SmartOrderList,
  SmartQuote,
} from './plans';
import {
  DappLoginResult,
  DappNonce,
  DappRegisterBody,
  DappSignedMessage,
  UnlinkWalletBody,
  WalletList,
} from './wallet';
import { IdentificationBody, KycDetail, KycImagePath } from './kyc';
import {
  ListLoanQuery,
  Loan,
  LoanApplyBody,
  LoanIdPath,
  LoanList,
  LoanProduct,
  LoanQuote,
  LoanQuoteBody,
  RepayLoanBody,
  WithdrawLoanBody,
} from './loans';
import {
  BuyNftBody,
  BuyNftResult,
  CreateNftBody,
  ListNftQuery,
  MyNfts,
  MyNftsQuery,
  NftDetail,
  NftDetailQuery,
  NftDonations,
  NftIdPath,
  NftList,
  NftSummary,
} from './nfts';
import {
  ProviderPath,
  SocialCallbackBody,
  SocialCallbackResult,
  SocialConfirmLinkBody,
  SocialIdentities,
  SocialProviderList,
  SocialRegisterBody,
  SocialStartBody,
  SocialStartResult,
} from './social';
import { SignInResult } from './security';
import { backOfficeRoutes } from './back-office-routes';
import { identityRoutes } from './identity-routes';
import { privacyRoutes } from './privacy-routes';
import { securityRoutes } from './security-routes';
import { staffSecurityRoutes } from './staff-security-routes';
import { PendingChange, SetParamResult, StaffTotpEnrolBody } from './staff-security';
import {
  Nothing,
  get,
  post,
  del,
  staff,
  anyStaff,
  reviewer,
  finance,
  admin,
  content,
  reviewQueue,
  type RouteSpec,
} from './route-spec';
import { moneyRoutes } from './money-routes';

export type { HttpMethod, RouteScope, RouteSpec, StaffGate } from './route-spec';

/**
 * Every customer and admin API route, by key: the client calls by key, the server registers by key
 * (`server/src/http/route.ts`), and the schemas here are the ones the server validates with and publishes
 * as OpenAPI. Keys are `<domain>.<name>`, admin keys start with `admin.`; the seed's wire names
 * (`listBbOrder`, `buyU`) stay in the paths.
 */
export const routes = {
  // ---- auth ----
  'auth.sendCode': post({ path: '/login/sendCode', body: SendCodeBody, result: Nothing }),
  'auth.register': post({ path: '/login/register', body: RegisterBody, result: LoginResult }),
  'auth.login': post({ path: '/login/login', body: LoginBody, result: SignInResult }),
  'auth.checkName': get({
    path: '/login/checkUserNameOrPhone',
    query: CheckNameQuery,
    result: CheckNameResult,
  }),
  'auth.logout': post({ path: '/login/logout', result: Nothing }),
  'auth.userInfo': post({ path: '/user/getUserInfo', result: UserInfo }),
  'auth.repassword': post({ path: '/user/repassword', body: RepasswordBody, result: Nothing }),
  'auth.accountMode': post({ path: '/user/accountMode', body: AccountModeBody, result: UserInfo }),
  'auth.preferences': post({ path: '/user/preferences', body: PreferencesBody, result: UserInfo }),

  // ---- wallet sign-in (Sign-In with Ethereum) ----
  'wallet.nonce': get({ path: '/login/dappNonce', result: DappNonce }),
  'wallet.login': post({ path: '/login/loginByDapp', body: DappSignedMessage, result: DappLoginResult }),
  'wallet.register': post({ path: '/login/registerByDapp', body: DappRegisterBody, result: LoginResult }),
  'wallet.list': get({ path: '/user/wallets', result: WalletList }),
  'wallet.link': post({ path: '/user/linkWallet', body: DappSignedMessage, result: WalletList }),
  'wallet.unlink': post({ path: '/user/unlinkWallet', body: UnlinkWalletBody, result: WalletList }),

  // ---- params, content, uploads ----
  'params.get': get({ path: '/index/getParamByKey/:key', params: PublicParamPath, result: ParamValueResult }),
  'content.list': get({
    path: '/index/listContents/:selector',
    params: ContentListPath,
    result: ContentList,
  }),
  'content.get': get({ path: '/index/getContentsById/:id', params: ContentIdPath, result: ContentDetail }),
  'uploads.uploadImage': post({ path: '/upload/image', result: UploadResult }),
  'uploads.image': get({ path: '/upload/image/:id', params: UploadPath }),

  // ---- markets ----
  'markets.list': get({ path: '/index/listMarketAll', query: ListMarketAllQuery, result: MarketListResult }),
  'markets.info': get({
    path: '/index/getMarketInfo/:codeOrId',
    params: MarketCodeOrIdParams,
    result: MarketInfo,
  }),
  'markets.candles': get({ path: '/index/getKValueByCodeAndDate', query: KLineQuery, result: CandleList }),
  'markets.feedStatus': get({ path: '/index/feedStatus', result: FeedStatus }),
  'markets.homeStats': get({ path: '/index/homeStats', result: HomeStats }),
  'markets.logo': get({ path: '/index/logo/:file', params: LogoPath }),
  'markets.watchlist': get({ path: '/user/watchlist', result: WatchlistResult }),
  'markets.watch': post({ path: '/user/watchlist', body: WatchlistBody, result: WatchlistResult }),
  'markets.unwatch': del({ path: '/user/watchlist', query: WatchlistQuery, result: WatchlistResult }),

  // ---- trading ----
  'trading.submitSpot': post({ path: '/order/submit', body: SpotSubmitBody, result: SpotOrder }),
  'trading.listSpot': get({ path: '/order/listBbOrder', query: SpotListQuery, result: SpotOrderList }),
  'trading.cancelSpot': post({ path: '/order/cancelBb', body: IdBody, result: SpotOrder }),
  'trading.quoteMargin': post({ path: '/order/quoteU', body: MarginQuoteBody, result: MarginQuote }),
  'trading.buyMargin': post({ path: '/order/buyU', body: BuyUBody, result: Position }),
  'trading.closeMargin': post({ path: '/order/stopU', body: IdBody, result: Position }),
  'trading.modifyMargin': post({ path: '/order/modifyU', body: ModifyUBody, result: Position }),
  'trading.listMargin': get({ path: '/order/listUOrder', query: ListUOrderQuery, result: PositionList }),
  'trading.buyOption': post({ path: '/order/buyOptions', body: BuyOptionsBody, result: OptionContract }),
  'trading.option': get({ path: '/order/getOptionsOrderById/:id', params: IdParams, result: OptionContract }),
  'trading.listOptions': get({ path: '/order/listOptionsOrder', result: OptionContractList }),
  'trading.receipts': get({ path: '/order/receipt/:kind/:id', params: ReceiptParams, result: ReceiptList }),
  'trading.assets': get({ path: '/order/getAssestInfo/:id', params: AssetParams, result: AssetInfo }),
  'trading.profitTotal': get({ path: '/order/getProfitTotal', result: ProfitTotal }),
  'trading.riskStats': get({ path: '/order/riskStats', result: RiskStats }),

  // ---- cashier ----
  'cashier.depositOptions': get({ path: '/user/depositOptions', result: DepositOptions }),
  'cashier.depositAddresses': get({ path: '/user/depositAddresses', result: ChainDepositAddresses }),
  'cashier.chainDeposits': get({ path: '/user/chainDeposits', result: ChainDepositList }),
  'cashier.recharge': post({ path: '/user/recharge', body: RechargeBody, result: Deposit }),
  'cashier.deposits': get({ path: '/user/listRecharge', query: ListRechargeQuery, result: DepositList }),
  'cashier.withdrawalQuote': post({
    path: '/user/withdrawalQuote',
    body: WithdrawalQuoteBody,
    result: WithdrawalQuote,
  }),
  'cashier.withdraw': post({ path: '/user/withdrawal', body: WithdrawalBody, result: Withdrawal }),
  'cashier.withdrawals': get({
    path: '/user/listWithdrwal',
    query: ListWithdrawalQuery,
    result: WithdrawalList,
  }),
  'cashier.cancelWithdrawal': post({
    path: '/user/cancelWithdrawal',
    body: CancelWithdrawalBody,
    result: Withdrawal,
  }),

  // ---- notifications, invites, records ----
  'notifications.list': get({
    path: '/user/notifications',
    query: NotificationsQuery,
    result: NotificationPage,
  }),
  'notifications.unreadCount': get({ path: '/user/notifications/unreadCount', result: UnreadCount }),
  'notifications.markRead': post({
    path: '/user/notifications/read',
    body: MarkReadBody,
    result: MarkReadResult,
  }),
  'invites.summary': get({ path: '/user/invite', result: InviteSummary }),
  'records.list': get({ path: '/user/records', query: RecordsQuery, result: TransactionRecordPage }),
  'records.csv': get({ path: '/user/records.csv', query: CsvRecordsQuery }),

  // ---- staff (/swx/admin) ----
  'admin.login': staff('POST', {
    path: '/login',
    body: StaffLoginBody,
    result: StaffLoginResult,
    roles: anyStaff,
    staffGate: 'signIn',
  }),
  'admin.loginTotp': staff('POST', {
    path: '/login/totp',
    body: StaffTotpLoginBody,
    result: StaffSession,
    roles: anyStaff,
    staffGate: 'signIn',
  }),
  'admin.logout': staff('POST', {
    path: '/logout',
    result: Nothing,
    roles: anyStaff,
    staffGate: 'password',
  }),
  'admin.me': staff('GET', { path: '/me', result: StaffMe, roles: anyStaff, staffGate: 'password' }),
  'admin.totpEnrol': staff('POST', {
    path: '/totp/enrol',
    body: StaffTotpEnrolBody,
    result: StaffTotpEnrolment,
    roles: anyStaff,
    staffGate: 'enrolment',
  }),
  'admin.totpConfirm': staff('POST', {
    path: '/totp/confirm',
    body: StaffTotpConfirmBody,
    result: StaffTotpConfirmed,
    roles: anyStaff,
    staffGate: 'enrolment',
  }),
  /** The staff half of the OpenAPI document (JSON), for signed-in staff only. */
  'admin.openApi': staff('GET', { path: '/openapi.json', roles: anyStaff }),
  'admin.staffList': staff('GET', { path: '/staff', result: StaffMemberList, roles: admin }),
  'admin.createStaff': staff('POST', {
    path: '/staff',
    body: CreateStaffBody,
    result: StaffMember,
    roles: admin,
  }),
  'admin.setStaffRoles': staff('PUT', {
    path: '/staff/:id/roles',
    params: StaffIdPath,
    body: SetStaffRolesBody,
    result: PendingChange,
    roles: admin,
  }),
  'admin.disableStaff': staff('POST', {
    path: '/staff/:id/disable',
    params: StaffIdPath,
    result: StaffMember,
    roles: admin,
  }),
  'admin.enableStaff': staff('POST', {
    path: '/staff/:id/enable',
    params: StaffIdPath,
    result: StaffMember,
    roles: admin,
  }),
  'admin.resetStaffTotp': staff('POST', {
    path: '/staff/:id/totp/reset',
    params: StaffIdPath,
    result: StaffMember,
    roles: admin,
  }),
  'admin.reviews': staff('GET', {
    path: '/reviews',
    query: ReviewListQuery,
    result: ReviewList,
    roles: reviewQueue,
  }),
  'admin.claimReview': staff('POST', {
    path: '/reviews/:kind/:id/claim',
    params: ReviewPath,
    result: ReviewClaimResult,
    roles: reviewQueue,
  }),
  'admin.releaseReview': staff('POST', {
    path: '/reviews/:kind/:id/release',
    params: ReviewPath,
    result: Nothing,
    roles: reviewQueue,
  }),
  'admin.approveReview': staff('POST', {
    path: '/reviews/:kind/:id/approve',
    params: ReviewPath,
    body: ReviewApproveBody,
    result: ReviewDecision,
    roles: reviewQueue,
  }),
  'admin.rejectReview': staff('POST', {
    path: '/reviews/:kind/:id/reject',
    params: ReviewPath,
    body: ReviewRejectBody,
    result: ReviewDecision,
    roles: reviewQueue,
  }),
  'admin.audit': staff('GET', { path: '/audit', query: AuditQuery, result: AuditPage, roles: admin }),
  'admin.params': staff('GET', { path: '/params', result: ParamList, roles: admin }),
  'admin.setParam': staff('PUT', {
    path: '/params/:key',
    params: ParamKeyPath,
    body: SetParamBody,
    result: SetParamResult,
    roles: admin,
  }),
  'admin.upload': staff('GET', { path: '/uploads/:id', params: UploadPath, roles: reviewQueue }),
  'admin.ledgerCheck': staff('GET', { path: '/ledger/check', result: LedgerCheck, roles: finance }),
  'admin.chainDeposits': staff('GET', {
    path: '/chain/deposits',
    result: StaffChainDeposits,
    roles: finance,
  }),
  /** Deposit addresses emptied into the hot wallet, with their transactions (ledger-neutral). */
  'admin.chainSweeps': staff('GET', {
    path: '/chain/sweeps',
    query: ChainSweepQuery,
    result: ChainSweepPage,
    roles: finance,
  }),
  'admin.completeWithdrawal': staff('POST', {
    path: '/withdrawals/:id/complete',
    params: WithdrawalIdPath,
    body: CompleteWithdrawalBody,
    result: ReviewDecision,
    roles: finance,
  }),
  'admin.optionMarkets': staff('GET', {
    path: '/markets/optionTerms',
    result: OptionMarketList,
    roles: admin,
  }),
  'admin.marketOptionTerms': staff('GET', {
    path: '/markets/:code/optionTerms',
    params: MarketCodePath,
    result: MarketOptionTermsRecord,
    roles: admin,
  }),
  'admin.setMarketOptionTerms': staff('POST', {
    path: '/markets/:code/optionTerms',
    params: MarketCodePath,
    body: SetMarketOptionTermsBody,
    result: PendingChange,
    roles: admin,
  }),
  // ---- plans (smart plans: customer routes, then staff) ----
  'plans.products': get({ path: '/order/listSmartProduct', result: PlanCatalogue }),
  'plans.quote': post({ path: '/order/quoteSmart', body: QuoteSmartBody, result: SmartQuote }),
  'plans.buy': post({ path: '/order/buySmart', body: BuySmartBody, result: SmartOrder }),
  'plans.list': get({ path: '/order/listSmartOrder', query: ListSmartOrderQuery, result: SmartOrderList }),
  'plans.quoteExit': post({ path: '/order/quoteExitSmart', body: SmartOrderIdBody, result: SmartExitQuote }),
  'plans.exit': post({ path: '/order/exitSmart', body: ExitSmartBody, result: SmartOrder }),
  'admin.planProducts': staff('GET', { path: '/plans/products', result: PlanProductList, roles: admin }),
  'admin.setPlanTerms': staff('POST', {
    path: '/plans/products/:id/terms',
    params: PlanProductPath,
    body: SetPlanTermsBody,
    result: PendingChange,
    roles: admin,
  }),
  'admin.fundPlanReserve': staff('POST', {
    path: '/plans/reserve',
    body: FundPlanReserveBody,
    result: PendingChange,
    roles: finance,
  }),

  // ---- KYC and loans ----
  'kyc.submit': post({ path: '/user/identification', body: IdentificationBody, result: KycDetail }),
  'kyc.detail': get({ path: '/user/identification', result: KycDetail }),
  /** A thumbnail of one of the customer's own identity photos (JPEG). */
  'kyc.image': get({ path: '/user/identification/image/:field', params: KycImagePath }),
  'loans.product': get({ path: '/user/loanProduct', result: LoanProduct }),
  'loans.quote': post({ path: '/user/quoteLoan', body: LoanQuoteBody, result: LoanQuote }),
  'loans.apply': post({ path: '/user/loan', body: LoanApplyBody, result: Loan }),
  'loans.list': get({ path: '/user/listLoanRecord', query: ListLoanQuery, result: LoanList }),
  'loans.get': get({ path: '/user/getLoanById/:id', params: LoanIdPath, result: Loan }),
  'loans.repay': post({ path: '/user/repayLoan', body: RepayLoanBody, result: Loan }),
  'loans.withdraw': post({ path: '/user/withdrawLoan', body: WithdrawLoanBody, result: Loan }),
  /** The signed contract PDF (application/pdf), owner only. */
  'loans.contract': get({ path: '/user/loanContract/:id', params: LoanIdPath }),
  /** Staff: a customer's identity photo in full (audited); `id` is the identity record's id (a KYC review item's `id`). */
  'admin.kycImage': staff('GET', {
    path: '/kyc/:id/image/:field',
    params: Type.Composite([LoanIdPath, KycImagePath]),
    roles: reviewer,
  }),
  /** Staff: a loan's contract PDF (audited). */
  'admin.loanContract': staff('GET', { path: '/loans/:id/contract', params: LoanIdPath, roles: reviewer }),

  // ---- nfts ----
  'nfts.list': get({ path: '/index/listNft', query: ListNftQuery, result: NftList }),
  'nfts.get': get({ path: '/index/getNft/:id', params: NftIdPath, query: NftDetailQuery, result: NftDetail }),
  'nfts.donations': get({ path: '/index/nftDonations', result: NftDonations }),
  'nfts.image': get({ path: '/index/nftImage/:id', params: NftIdPath }),
  'nfts.bid': post({ path: '/user/buyNft', body: BuyNftBody, result: BuyNftResult }),
  'nfts.mine': get({ path: '/user/listNft', query: MyNftsQuery, result: MyNfts }),
  'admin.createNft': staff('POST', {
    path: '/nfts',
    body: CreateNftBody,
    result: NftSummary,
    roles: content,
  }),
  'admin.uploadNftArtwork': staff('POST', { path: '/nfts/artwork', result: UploadResult, roles: content }),
  // ---- social sign-in (OpenID Connect) ----
  'social.providers': get({ path: '/login/socialProviders', result: SocialProviderList }),
  'social.start': post({
    path: '/login/loginBy:provider',
    params: ProviderPath,
    body: SocialStartBody,
    result: SocialStartResult,
  }),
  'social.finish': post({
    path: '/login/socialCallback/:provider',
    params: ProviderPath,
    body: SocialCallbackBody,
    result: SocialCallbackResult,
  }),
  'social.register': post({ path: '/login/socialRegister', body: SocialRegisterBody, result: LoginResult }),
  'social.confirmLink': post({
    path: '/login/socialConfirmLink',
    body: SocialConfirmLinkBody,
    result: SignInResult,
  }),
  'social.identities': get({ path: '/user/socialIdentities', result: SocialIdentities }),
  'social.link': post({
    path: '/user/socialLink/:provider',
    params: ProviderPath,
    body: SocialStartBody,
    result: SocialStartResult,
  }),
  'social.unlink': post({
    path: '/user/socialUnlink/:provider',
    params: ProviderPath,
    result: SocialIdentities,
  }),
  ...backOfficeRoutes,
  ...identityRoutes,
  ...privacyRoutes,
  // Customer account security.
  ...securityRoutes,
  ...staffSecurityRoutes,
  // Money books: lending, write-offs, charity payouts.
  ...moneyRoutes,
} as const satisfies Record<string, RouteSpec>;

export type Routes = typeof routes;
export type RouteKey = keyof Routes;
export const routeKeys = Object.keys(routes) as RouteKey[];

type Part<K extends RouteKey, P extends 'params' | 'query' | 'body' | 'result', Absent> = Routes[K] extends {
  [key in P]: infer S extends TSchema;
}
  ? Static<S>
  : Absent;

export type RouteParams<K extends RouteKey> = Part<K, 'params', undefined>;
export type RouteQuery<K extends RouteKey> = Part<K, 'query', undefined>;
export type RouteBody<K extends RouteKey> = Part<K, 'body', undefined>;
/** What the envelope's `result` holds on success. */
export type RouteResult<K extends RouteKey> = Part<K, 'result', never>;

/** Customer routes that answer with an envelope: the ones the SDK client calls. */
export type CustomerRouteKey = {
  [K in RouteKey]: Routes[K] extends { scope: 'customer'; result: TSchema } ? K : never;
}[RouteKey];

/** Staff routes that answer with an envelope: the ones the staff client calls. */
export type StaffRouteKey = {
  [K in RouteKey]: Routes[K] extends { scope: 'admin'; result: TSchema } ? K : never;
}[RouteKey];

/** An object with no fields: a type `T` with no required field accepts it. */
export type NoFields = Record<never, never>;

/** A part the caller may leave out when every field of it is optional (`{}` fits). */
type Slot<Name extends string, T> = [T] extends [undefined]
  ? { [key in Name]?: undefined }
  : NoFields extends T
    ? { [key in Name]?: T }
    : { [key in Name]: T };

/** What a call passes: `params` for the path, `query`, `body`, each typed from the route's schemas. */
export type RouteInput<K extends RouteKey> = Slot<'params', RouteParams<K>> &
  Slot<'query', RouteQuery<K>> &
  Slot<'body', RouteBody<K>>;

/** Fills `:name` segments from `params`, each value URL-encoded. */
export function routePath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Path parameter ${name} missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}

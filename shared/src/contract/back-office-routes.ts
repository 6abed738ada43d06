import { TransactionRecordPage } from './records';
import {
  AddCustomerNoteBody,
  Correction,
  CorrectionIdPath,
  CorrectionList,
  CorrectionListQuery,
  CustomerIdPath,
  CustomerNote,
  CustomerNoteList,
  CustomerPage,
  CustomerProfile,
  CustomerRecordsQuery,
  CustomerSearchQuery,
  CustomerSessionList,
  CustomerSessionPath,
  CustomerStatusBody,
  CustomerSummary,
  PlatformBalanceList,
  RejectCorrectionBody,
  RequestCorrectionBody,
} from './staff-customers';
import {
  CancelNftBody,
  ContentPageDetail,
  ContentPageList,
  ContentPagePath,
  ContentPagesQuery,
  ParamDetail,
  ParamDetailPath,
  SaveContentDraftBody,
  StaffNftListing,
  StaffNftListingList,
  StaffNftPath,
} from './staff-operations';
import { type RouteSpec, customerReaders, staff, finance, admin, content } from './route-spec';

/** The back office's customer, correction and operations routes (issue 19), part of `routes`. */
export const backOfficeRoutes = {
  // ---- back office: customers (reviewer, finance, admin read; admin disables) ----
  'admin.customers': staff('GET', {
    path: '/customers',
    query: CustomerSearchQuery,
    result: CustomerPage,
    roles: customerReaders,
  }),
  'admin.customer': staff('GET', {
    path: '/customers/:id',
    params: CustomerIdPath,
    result: CustomerProfile,
    roles: customerReaders,
  }),
  'admin.customerRecords': staff('GET', {
    path: '/customers/:id/records',
    params: CustomerIdPath,
    query: CustomerRecordsQuery,
    result: TransactionRecordPage,
    roles: customerReaders,
  }),
  'admin.customerSessions': staff('GET', {
    path: '/customers/:id/sessions',
    params: CustomerIdPath,
    result: CustomerSessionList,
    roles: customerReaders,
  }),
  'admin.revokeCustomerSession': staff('POST', {
    path: '/customers/:id/sessions/:sessionId/revoke',
    params: CustomerSessionPath,
    result: CustomerSessionList,
    roles: customerReaders,
  }),
  'admin.customerNotes': staff('GET', {
    path: '/customers/:id/notes',
    params: CustomerIdPath,
    result: CustomerNoteList,
    roles: customerReaders,
  }),
  'admin.addCustomerNote': staff('POST', {
    path: '/customers/:id/notes',
    params: CustomerIdPath,
    body: AddCustomerNoteBody,
    result: CustomerNote,
    roles: customerReaders,
  }),
  'admin.disableCustomer': staff('POST', {
    path: '/customers/:id/disable',
    params: CustomerIdPath,
    body: CustomerStatusBody,
    result: CustomerSummary,
    roles: admin,
  }),
  'admin.enableCustomer': staff('POST', {
    path: '/customers/:id/enable',
    params: CustomerIdPath,
    body: CustomerStatusBody,
    result: CustomerSummary,
    roles: admin,
  }),
  // ---- back office: correction entries (finance only, four eyes) ----
  'admin.corrections': staff('GET', {
    path: '/corrections',
    query: CorrectionListQuery,
    result: CorrectionList,
    roles: finance,
  }),
  'admin.requestCorrection': staff('POST', {
    path: '/corrections',
    body: RequestCorrectionBody,
    result: Correction,
    roles: finance,
  }),
  'admin.approveCorrection': staff('POST', {
    path: '/corrections/:id/approve',
    params: CorrectionIdPath,
    result: Correction,
    roles: finance,
  }),
  'admin.rejectCorrection': staff('POST', {
    path: '/corrections/:id/reject',
    params: CorrectionIdPath,
    body: RejectCorrectionBody,
    result: Correction,
    roles: finance,
  }),
  // ---- back office: operations ----
  'admin.param': staff('GET', {
    path: '/params/:key',
    params: ParamDetailPath,
    result: ParamDetail,
    roles: admin,
  }),
  'admin.platformBalances': staff('GET', {
    path: '/ledger/platformAccounts',
    result: PlatformBalanceList,
    roles: finance,
  }),
  'admin.contentPages': staff('GET', {
    path: '/content',
    query: ContentPagesQuery,
    result: ContentPageList,
    roles: content,
  }),
  'admin.contentPage': staff('GET', {
    path: '/content/:type/:slug/:lang',
    params: ContentPagePath,
    result: ContentPageDetail,
    roles: content,
  }),
  'admin.saveContentDraft': staff('PUT', {
    path: '/content/:type/:slug/:lang',
    params: ContentPagePath,
    body: SaveContentDraftBody,
    result: ContentPageDetail,
    roles: content,
  }),
  'admin.publishContent': staff('POST', {
    path: '/content/:type/:slug/:lang/publish',
    params: ContentPagePath,
    result: ContentPageDetail,
    roles: content,
  }),
  'admin.nftListings': staff('GET', {
    path: '/nfts',
    result: StaffNftListingList,
    roles: content,
  }),
  'admin.cancelNft': staff('POST', {
    path: '/nfts/:id/cancel',
    params: StaffNftPath,
    body: CancelNftBody,
    result: StaffNftListing,
    roles: content,
  }),
} as const satisfies Record<string, RouteSpec>;
